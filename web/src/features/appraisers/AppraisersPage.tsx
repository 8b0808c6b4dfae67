import { PlaceholderPage } from '../../components/PlaceholderPage';

export function AppraisersPage() {
  return <PlaceholderPage title="Appraisers" description="The appraisers of your company will be listed here." />;
}
