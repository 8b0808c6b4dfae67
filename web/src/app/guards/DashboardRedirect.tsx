import { Navigate } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { dashboardPathFor } from '../../lib/roles';
import { useCurrentUser } from '../../lib/session';

/** / and /dashboard: send each user to their role dashboard. */
export function DashboardRedirect() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <PageLoader />;
  const to = dashboardPathFor(user);
  // The loader stays while the page redirected to loads.
  return (
    <>
      <PageLoader />
      {to === '/unauthorized' ? <Navigate to="/unauthorized?from=%2Fdashboard" replace state={{ from: '/dashboard' }} /> : <Navigate to={to} replace />}
    </>
  );
}
