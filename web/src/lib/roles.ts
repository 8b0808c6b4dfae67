import type { Schemas } from './api';

/** The user types the server sends (LoggedInUser.userType, SecurityUser.userType): its `UserType` enum. */
export type UserTypeValue = Schemas['UserType'];

/** Each user type by name. */
export const UserType = {
  CLIENT: 0,
  APPRAISER: 1,
  STAFF: 2,
  SYSTEM: 3,
  REGISTERED: 4,
  SECRET: 5,
  APPRAISER_ADMIN: 6,
} as const satisfies Record<string, UserTypeValue>;

/** The one lookup table of role labels (docs/domain.md#parties-and-roles). */
export const ROLE_LABELS: Readonly<Record<UserTypeValue, string>> = {
  [UserType.CLIENT]: 'Client',
  [UserType.APPRAISER]: 'Appraiser',
  [UserType.STAFF]: 'Staff',
  [UserType.SYSTEM]: 'System',
  [UserType.REGISTERED]: 'Registered User',
  [UserType.SECRET]: 'Secret',
  [UserType.APPRAISER_ADMIN]: 'Appraiser Admin',
};

export const UNKNOWN_ROLE_LABEL = 'Unknown';

export function isKnownUserType(value: unknown): value is UserTypeValue {
  return typeof value === 'number' && Object.prototype.hasOwnProperty.call(ROLE_LABELS, value);
}

export function roleLabel(userType: number | null | undefined): string {
  return isKnownUserType(userType) ? ROLE_LABELS[userType] : UNKNOWN_ROLE_LABEL;
}

/** Allowed roles per route area (docs/domain.md#parties-and-roles). */
export const AREA_ROLES = {
  appraiser: [UserType.APPRAISER, UserType.APPRAISER_ADMIN, UserType.SECRET],
  appraiserAdmin: [UserType.APPRAISER_ADMIN, UserType.SECRET],
  staff: [UserType.STAFF, UserType.SECRET],
  admin: [UserType.SECRET],
  client: [UserType.CLIENT],
} as const satisfies Record<string, readonly UserTypeValue[]>;

/** Where /dashboard sends a user (docs/domain.md#parties-and-roles). */
export function dashboardPathFor(user: { userType: number } | null | undefined): string {
  if (!user) return '/login';
  switch (user.userType) {
    case UserType.APPRAISER:
    case UserType.APPRAISER_ADMIN:
      return '/appraiser/dashboard';
    case UserType.STAFF:
      return '/staff/dashboard';
    case UserType.SECRET:
      return '/admin/dashboard';
    case UserType.CLIENT:
      return '/client/orders';
    default:
      return '/unauthorized';
  }
}

/** The user menu's Profile: a client's own page in their area, everyone else's the shared one. */
export function ownProfilePathFor(user: { userType: number } | null | undefined): string {
  return user?.userType === UserType.CLIENT ? '/client/profile' : '/profile/me';
}

/** True when a URL mentions the back-door area ("backdoor" or "back-door", any case). */
export function containsBackdoorWord(url: string | null | undefined): boolean {
  if (!url) return false;
  let decoded = url;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    /* keep raw */
  }
  return /back-?door/i.test(decoded);
}
