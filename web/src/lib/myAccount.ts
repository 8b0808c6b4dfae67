/** The signed-in user's own account, whatever their role: their record, password and notification choices. */
import { queryOptions } from '@tanstack/react-query';
import { api, call, type Schemas } from './api';

export type SecurityUser = Schemas['SecurityUser'];
export type NotificationPreferences = Schemas['NotificationPreferences'];
export type Delivery = Schemas['Delivery'];

export const myAccountKeys = {
  all: ['account'] as const,
  account: (securityUserId: number) => [...myAccountKeys.all, securityUserId] as const,
  notifications: () => [...myAccountKeys.all, 'notification-preferences'] as const,
};

/** GET /api/user/{id}: a user account alone (one's own for any signed-in user). */
export function userAccountQuery(securityUserId: number) {
  return queryOptions({
    queryKey: myAccountKeys.account(securityUserId),
    queryFn: () => call(api.GET('/api/user/{id}', { params: { path: { id: securityUserId } } }), { notify: false }),
    retry: false,
  });
}

/** The success words of a password change: the server's message (a JSON string, as specified; { message } is read too), if any. */
export async function changeMyPassword(oldPassword: string, newPassword: string): Promise<string | null> {
  const answer: unknown = await call(api.POST('/api/auth/change-my-password', { body: { oldPassword, newPassword } }), { notify: false });
  const text = typeof answer === 'string' ? answer : (answer as { message?: string } | null)?.message;
  return text && text.trim() ? text : null;
}

export const notificationPreferencesQuery = () =>
  queryOptions({ queryKey: myAccountKeys.notifications(), queryFn: () => call(api.GET('/api/me/notification-preferences'), { notify: false }) });
export const saveNotificationPreferences = (body: NotificationPreferences) => call(api.PUT('/api/me/notification-preferences', { body }), { notify: false });
