import { PlaceholderPage } from '../../components/PlaceholderPage';

export function PaymentsPage() {
  return <PlaceholderPage title="Payments" description="Your payment history will be listed here." />;
}
