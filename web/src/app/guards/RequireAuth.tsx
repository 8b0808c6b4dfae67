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
  if (!user) return <Navigate to="/login" replace state={{ from: target }} />;
  if (roles && !roles.includes(user.userType)) {
    return <Navigate to={`/unauthorized?from=${encodeURIComponent(target)}`} replace state={{ from: target }} />;
  }
  return <Outlet />;
}
