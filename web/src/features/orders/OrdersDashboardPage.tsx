import { PlaceholderPage } from '../../components/PlaceholderPage';

export function OrdersDashboardPage() {
  return <PlaceholderPage title="Orders Dashboard" description="Your orders will be listed here." />;
}
