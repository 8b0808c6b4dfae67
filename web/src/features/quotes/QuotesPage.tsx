import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/PlaceholderPage';

export function QuotesPage() {
  return <PlaceholderPage title="Quotes" description="Open quote requests will be listed here." />;
}

export function QuoteDetailsPage() {
  const { id } = useParams();
  return <PlaceholderPage title="Quote Details" description={`Quote ID: ${id ?? ''}`} />;
}
