import { PlaceholderPage } from '../../components/PlaceholderPage';

export { AdminDashboardPage } from './AdminDashboardPage';
export { BackdoorLoginPage } from './BackdoorLoginPage';

/** /admin/forms: a placeholder (part 2 section 2). */
export function FormsPage() {
  return <PlaceholderPage title="Form Layout" description="Form layout tools will appear here." />;
}
