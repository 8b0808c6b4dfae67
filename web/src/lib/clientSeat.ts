/** Where the signed-in client user sits in their lender (GET /api/client/me), and the lender roles' names. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from './api';
import { UserType } from './roles';
import { useCurrentUser } from './session';

export type MySeat = Schemas['MySeat'];
export type ClientRole = Schemas['ClientRole'];

/** The roles of a lender's users, in the order the pickers offer them, with their labels. */
export const CLIENT_ROLES: { value: ClientRole; label: string }[] = [
  { value: 'lender_admin', label: 'Lender administrator' },
  { value: 'branch_manager', label: 'Branch manager' },
  { value: 'processor', label: 'Processor' },
  { value: 'loan_officer', label: 'Loan officer' },
  { value: 'viewer', label: 'Viewer' },
];

export function clientRoleLabel(role: ClientRole): string {
  return CLIENT_ROLES.find((r) => r.value === role)?.label ?? role;
}

/** A branch manager and a processor work for one branch: they need one, and place orders for it only. */
export const roleNeedsBranch = (role: ClientRole | string) => role === 'branch_manager' || role === 'processor';

/** The server's words when an administrator's call is refused (403). */
export const MSG_ADMINS_ONLY = "Only the lender's administrators can do this.";
/** The server's words when a viewer tries to place or change an order (403). */
export const MSG_VIEWER_READS_ONLY = 'A viewer can read orders but not change them.';
/** The server's words when a role that needs a branch has none (422 under `branchId`). */
export const MSG_BRANCH_NEEDED = 'A branch manager or processor needs a branch.';

export const CLIENT_SEAT_KEY = ['client', 'me'] as const;

/** GET /api/client/me, asked once a session: the seat changes only when an administrator changes it. */
export const clientSeatQuery = queryOptions({
  queryKey: CLIENT_SEAT_KEY,
  queryFn: () => call(api.GET('/api/client/me'), { notify: false, skip403Redirect: true }),
  staleTime: 60 * 60 * 1000,
});

/** The signed-in user's seat (for a client user only; nothing is asked for anyone else). */
export function useClientSeat() {
  const { data: user } = useCurrentUser();
  return useQuery({ ...clientSeatQuery, enabled: user?.userType === UserType.CLIENT });
}
