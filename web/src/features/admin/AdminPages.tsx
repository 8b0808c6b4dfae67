import { PlaceholderPage } from '../../components/PlaceholderPage';

export function AdminDashboardPage() {
  return <PlaceholderPage title="Admin Dashboard" description="Administration tools will appear here." />;
}

export function BackdoorLoginPage() {
  return <PlaceholderPage title="Backdoor Login" description="Sign in as another user (coming soon)." />;
}

export function FormsPage() {
  return <PlaceholderPage title="Form Layout" description="Form layout tools will appear here." />;
}
