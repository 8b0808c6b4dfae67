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

const STAFF_MENU: MenuItem[] = [
  { label: 'Dashboard', to: '/staff/dashboard' },
  { label: 'New Order', to: '/staff/new-order' },
  { label: 'Assignment', to: '/staff/assignment' },
  { label: 'Clients', to: '/staff/clients' },
  { label: 'Payments', to: '/staff/payments' },
  { label: 'Receivables', to: '/staff/receivables' },
  { label: 'Reconsiderations', to: '/staff/reconsiderations' },
  { label: 'Quotes', to: '/staff/quotes' },
  { label: 'Secure Links', to: '/staff/secure-links' },
  { label: 'Coverage Review', to: '/staff/coverage-review' },
  { label: 'Appraisers', to: '/staff/appraisers' },
  { label: 'Firms', to: '/staff/firms' },
  { label: 'Products', to: '/staff/products' },
  { label: 'Fair Language Rules', to: '/staff/fair-language' },
];

/** The lender's own area (the Client role). */
const CLIENT_MENU: MenuItem[] = [
  { label: 'Orders', to: '/client/orders' },
  { label: 'New Order', to: '/client/orders/new' },
  { label: 'Invoices', to: '/client/invoices' },
  { label: 'API & Webhooks', to: '/client/api' },
];

/** Side menu per role (docs/domain.md#parties-and-roles). */
export function menuFor(userType: number | null | undefined): MenuItem[] {
  switch (userType) {
    case UserType.APPRAISER:
      return APPRAISER_MENU;
    case UserType.APPRAISER_ADMIN:
      return [...APPRAISER_MENU, { label: 'Appraisers', to: '/appraiser-admin/appraisers' }];
    case UserType.STAFF:
      return STAFF_MENU;
    case UserType.CLIENT:
      return CLIENT_MENU;
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
