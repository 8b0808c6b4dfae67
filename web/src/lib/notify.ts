import { notifications } from '@mantine/notifications';

export type NoticeKind = 'success' | 'error' | 'info' | 'warning';

const COLORS: Record<NoticeKind, string> = {
  success: 'green',
  error: 'red',
  info: 'blue',
  warning: 'orange',
};

const TITLES: Record<NoticeKind, string> = {
  success: 'Success',
  error: 'Error',
  info: 'Information',
  warning: 'Warning',
};

/** Notice display time: notices close after 5 seconds (or by hand). */
export const NOTICE_AUTO_CLOSE_MS = 5000;

export function notify(kind: NoticeKind, message: string, title?: string): void {
  notifications.show({
    color: COLORS[kind],
    title: title ?? TITLES[kind],
    message,
    autoClose: NOTICE_AUTO_CLOSE_MS,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': 'Close notification' },
  });
}
