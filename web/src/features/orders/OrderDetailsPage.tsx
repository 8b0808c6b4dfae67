import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/PlaceholderPage';

export function OrderDetailsPage() {
  const { id, action } = useParams();
  return (
    <PlaceholderPage
      title={`Order #${id ?? ''}`}
      description={action ? `Order action: ${action}.` : 'Order details will be shown here.'}
    />
  );
}

export function OrderNoLongerAvailablePage() {
  return <PlaceholderPage title="Order Not Found" description="This order is no longer available." />;
}
