import { AREA_ROLES } from '../../../lib/roles';
import { useCurrentUser } from '../../../lib/session';

const STAFF_TYPES: readonly number[] = AREA_ROLES.staff;

/** Whether the signed-in user is staff (STAFF or SECRET): they see the staff desk's parts of the order page. */
export function useStaffView(): boolean {
  const user = useCurrentUser().data;
  return !!user && STAFF_TYPES.includes(user.userType);
}
