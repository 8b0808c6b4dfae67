import { Navigate, useSearchParams } from 'react-router';

/** /profile: the own profile; `?tab=` (the link of the panel e-mails) opens that tab of it. */
export function OwnProfileRedirect() {
  const tab = useSearchParams()[0].get('tab');
  return <Navigate to={tab ? `/profile/me/${encodeURIComponent(tab)}` : '/profile/me'} replace />;
}
