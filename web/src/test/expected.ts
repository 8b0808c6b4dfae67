/**
 * What the spec says some screens show, as the unit tests and the browser tests (e2e/) both expect
 * it. Free of imports, for both to read.
 */

/** The appraiser's side menu, by label. */
export const APPRAISER_MENU = ['Dashboard', 'Payments', 'Secure Links', 'Quotes', 'Support'];

/** The staff side menu, by label. */
export const STAFF_MENU = [
  'Dashboard',
  'New Order',
  'Assignment',
  'Clients',
  'Payments',
  'Receivables',
  'Insights',
  'Reconsiderations',
  'Quotes',
  'Secure Links',
  'Coverage Review',
  'Appraisers',
  'Firms',
  'Products',
  'Fair Language Rules',
];

/** The cards of an order's Order Details tab, by heading. */
export const ORDER_DETAILS_CARDS = [
  'Property Information',
  'Financial Information',
  'Dates & References',
  'Report Types',
  'Client Information',
  'Contact Information',
  'Notes & Instructions',
];
