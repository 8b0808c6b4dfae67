import { Navigate, useSearchParams } from 'react-router';
import { PlaceholderPage } from '../../components/PlaceholderPage';

export function DualAuthPage() {
  const [params] = useSearchParams();
  if (!params.get('token')) return <Navigate to="/login" replace />;
  return <PlaceholderPage title="Verify Your Identity" description="Identity verification is coming soon." />;
}
