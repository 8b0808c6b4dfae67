import { PlaceholderPage } from '../../components/PlaceholderPage';

export { AdminDashboardPage } from './AdminDashboardPage';
export { BackdoorLoginPage } from './BackdoorLoginPage';

/** /admin/forms: a placeholder titled Form Layout. */
export function FormsPage() {
  return <PlaceholderPage title="Form Layout" description="Form layout tools will appear here." />;
}
