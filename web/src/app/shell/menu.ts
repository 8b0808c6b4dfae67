import { UserType } from '../../lib/roles';

export interface MenuItem {
  label: string;
  to: string;
}

const APPRAISER_MENU: MenuItem[] = [
  { label: 'Dashboard', to: '/appraiser/dashboard' },
  { label: 'Payments', to: '/appraiser/payments' },
  { label: 'Secure Links', to: '/appraiser/secure-links' },
  { label: 'Quotes', to: '/appraiser/quotes' },
  { label: 'Support', to: '/appraiser/support' },
];

/** Side menu per role (part 1 section 6). */
export function menuFor(userType: number | null | undefined): MenuItem[] {
  switch (userType) {
    case UserType.APPRAISER:
      return APPRAISER_MENU;
    case UserType.APPRAISER_ADMIN:
      return [...APPRAISER_MENU, { label: 'Appraisers', to: '/appraiser-admin/appraisers' }];
    case UserType.STAFF:
      return [{ label: 'Dashboard', to: '/staff/dashboard' }];
    case UserType.SECRET:
      return [
        { label: 'Dashboard', to: '/admin/dashboard' },
        { label: 'Backdoor', to: '/admin/backdoor-login' },
        { label: 'Forms', to: '/admin/forms' },
      ];
    default:
      return [];
  }
}
