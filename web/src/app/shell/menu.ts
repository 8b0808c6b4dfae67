import { UserType } from '../../lib/roles';

export interface MenuItem {
  label: string;
  to: string;
}

/** What a client user may do in their lender (GET /api/client/me): the client menu shows only what they may use. */
export interface ClientRights {
  administers: boolean;
  acts: boolean;
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
  { label: 'Insights', to: '/staff/insights' },
  { label: 'Reconsiderations', to: '/staff/reconsiderations' },
  { label: 'Quotes', to: '/staff/quotes' },
  { label: 'Secure Links', to: '/staff/secure-links' },
  { label: 'Coverage Review', to: '/staff/coverage-review' },
  { label: 'Appraisers', to: '/staff/appraisers' },
  { label: 'Firms', to: '/staff/firms' },
  { label: 'Products', to: '/staff/products' },
  { label: 'Fair Language Rules', to: '/staff/fair-language' },
];

/** The lender's own area (the Client role), each item with the right it needs, if any. */
const CLIENT_MENU: (MenuItem & { needs?: keyof ClientRights })[] = [
  { label: 'Orders', to: '/client/orders' },
  { label: 'New Order', to: '/client/orders/new', needs: 'acts' },
  { label: 'Invoices', to: '/client/invoices', needs: 'administers' },
  { label: 'Insights', to: '/client/insights' },
  { label: 'Users', to: '/client/users', needs: 'administers' },
  { label: 'Branches', to: '/client/branches', needs: 'administers' },
  { label: 'API & Webhooks', to: '/client/api', needs: 'administers' },
];

/**
 * Side menu per role (docs/domain.md#parties-and-roles). A client user's depends on their `rights`
 * in the lender: until those are known, only what every client user may open.
 */
export function menuFor(userType: number | null | undefined, rights?: ClientRights | null): MenuItem[] {
  switch (userType) {
    case UserType.APPRAISER:
      return APPRAISER_MENU;
    case UserType.APPRAISER_ADMIN:
      return [...APPRAISER_MENU, { label: 'Appraisers', to: '/appraiser-admin/appraisers' }];
    case UserType.STAFF:
      return STAFF_MENU;
    case UserType.CLIENT:
      return CLIENT_MENU.filter((item) => !item.needs || !!rights?.[item.needs]);
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
