/** Timings and texts of the secret-admin area, kept in one place. */

/** How long the 'decrypting' banner shows before the code string replaces it. */
export const DECRYPTING_MS = 2500;
/** When the reminder banner appears. */
export const REMINDER_MS = 4000;

export const DECRYPTING_TEXT = 'Decrypting access code...';
/** The fixed code string shown once "decryption" is done (decorative). */
export const ACCESS_CODE = 'ACCESS-CODE 7F3A-91QZ-C0DE-2026';
export const REMINDER_TEXT = 'Back-door sign-ins and every call made in them are written to the audit log. Sign out when you are done.';
export const DECORATIVE_NOTICE = 'This control is decorative. Nothing was changed.';

export const MSG_BACKDOOR_SUCCESS = 'Logged in as Appraiser';
export const MSG_BACKDOOR_FAILURE = 'Login failed. Please check your credentials.';

export const MSG_DEVREF_REQUIRED = 'Name and URL are required';
export const MSG_DEVREF_LOAD_FAILED = 'Failed to load developer references.';
export const MSG_DEVREF_CREATE_FAILED = 'Failed to create developer reference.';
export const MSG_DEVREF_UPDATE_FAILED = 'Failed to update developer reference.';

/** Audit rows per page. */
export const AUDIT_PAGE_SIZE = 20;

/** The actions the server writes to the audit log (for the filter). */
export const AUDIT_ACTIONS = [
  'acting_call',
  'back_door_login',
  'back_door_refused',
  'login',
  'login_failed',
  'login_throttled',
  'login_verification_started',
  'logout',
  'password_reset',
  'password_reset_refused',
  'password_reset_requested',
  'password_reset_unknown_user',
  'verification_code_sent',
  'verification_failed',
] as const;
