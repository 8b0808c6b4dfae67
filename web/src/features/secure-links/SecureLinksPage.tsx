import { PlaceholderPage } from '../../components/PlaceholderPage';

export function SecureLinksPage() {
  return <PlaceholderPage title="Secure Links" description="Your secure links will be listed here." />;
}

export function SecureLinkDetailsPage() {
  return <PlaceholderPage title="Secure Link Details" description="Secure link details will be shown here." />;
}
