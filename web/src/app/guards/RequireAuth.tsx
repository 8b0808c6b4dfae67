import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { useCurrentUser } from '../../lib/session';

/**
 * Route guard. No user: /login, remembering the target.
 * Signed in with a role outside `roles`: /unauthorized carrying the attempted URL.
 */
export function RequireAuth({ roles }: { roles?: readonly number[] }) {
  const { data: user, isPending } = useCurrentUser();
  const location = useLocation();
  const target = `${location.pathname}${location.search}${location.hash}`;

  if (isPending) return <PageLoader />;
  // The loader stays while the page redirected to loads.
  if (!user) return <Redirect to="/login" from={target} />;
  if (roles && !roles.includes(user.userType)) {
    return <Redirect to={`/unauthorized?from=${encodeURIComponent(target)}`} from={target} />;
  }
  return <Outlet />;
}

function Redirect({ to, from }: { to: string; from: string }) {
  return (
    <>
      <PageLoader />
      <Navigate to={to} replace state={{ from }} />
    </>
  );
}
