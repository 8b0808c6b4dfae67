/**
 * The side menus the spec gives an appraiser and staff, as their labels: what the unit tests
 * (lib/roles.test.ts) and the browser tests (e2e/) expect. Free of imports, for both to read.
 */
export const APPRAISER_MENU = ['Dashboard', 'Payments', 'Secure Links', 'Quotes', 'Support'];

export const STAFF_MENU = [
  'Dashboard',
  'New Order',
  'Assignment',
  'Clients',
  'Payments',
  'Receivables',
  'Quotes',
  'Secure Links',
  'Coverage Review',
  'Appraisers',
  'Firms',
  'Products',
];
