import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { NOTICE_AUTO_CLOSE_MS } from '../lib/notify';

/** Shows the notices of lib/notify.ts (loaded with the first one, see Providers). */
export function NoticeList() {
  return <Notifications autoClose={NOTICE_AUTO_CLOSE_MS} position="bottom-right" />;
}
