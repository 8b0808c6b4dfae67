import { Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { AREA_ROLES } from '../lib/roles';
import { DashboardRedirect } from './guards/DashboardRedirect';
import { RequireAuth } from './guards/RequireAuth';
import { AppLayout } from './shell/AppLayout';

/* Lazy pages, one chunk per feature module. */
/** The sign-in page's code and styles (main.tsx starts them early for a signed-out visitor). */
export const loadSignInPage = () =>
  Promise.all([import('../features/auth/LoginPage'), import('./styles/signIn')]).then(([m]) => ({ Component: m.LoginPage }));
const logout = () => import('../features/auth/LogoutPage').then((m) => ({ Component: m.LogoutPage }));
const dualAuth = () => import('../features/auth/DualAuthPage').then((m) => ({ Component: m.DualAuthPage }));
const resetPassword = () => import('../features/auth/ResetPasswordPage').then((m) => ({ Component: m.ResetPasswordPage }));
const performResetPassword = () =>
  import('../features/auth/ResetPasswordPage').then((m) => ({ Component: m.PerformResetPasswordPage }));
const unauthorized = () => import('../features/access/AccessDeniedPage').then((m) => ({ Component: m.UnauthorizedPage }));
const forbidden = () => import('../features/access/AccessDeniedPage').then((m) => ({ Component: m.ForbiddenPage }));
const unsubscribe = () => import('../features/notifications/UnsubscribePage').then((m) => ({ Component: m.UnsubscribePage }));
const notFound = () => import('../features/access/NotFoundPage').then((m) => ({ Component: m.NotFoundPage }));
const ordersDashboard = () => import('../features/orders/OrdersDashboardPage').then((m) => ({ Component: m.OrdersDashboardPage }));
const orderDetails = () => import('../features/orders/OrderDetailsPage').then((m) => ({ Component: m.OrderDetailsPage }));
const orderGone = () => import('../features/orders/OrderDetailsPage').then((m) => ({ Component: m.OrderNoLongerAvailablePage }));
const profile = () => import('../features/profile/ProfilePage').then((m) => ({ Component: m.ProfilePage }));
const quotes = () => import('../features/quotes/QuotesPage').then((m) => ({ Component: m.QuotesPage }));
const quoteDetails = () => import('../features/quotes/QuoteDetailsPage').then((m) => ({ Component: m.QuoteDetailsPage }));
const secureLinks = () => import('../features/secure-links/SecureLinksPage').then((m) => ({ Component: m.SecureLinksPage }));
const payments = () => import('../features/payments/PaymentsPage').then((m) => ({ Component: m.PaymentsPage }));
const support = () => import('../features/support/SupportPage').then((m) => ({ Component: m.SupportPage }));
const appraisers = () => import('../features/appraisers/AppraisersPage').then((m) => ({ Component: m.AppraisersPage }));
const adminDashboard = () => import('../features/admin/AdminPages').then((m) => ({ Component: m.AdminDashboardPage }));
const backdoorLogin = () => import('../features/admin/AdminPages').then((m) => ({ Component: m.BackdoorLoginPage }));
const coverageReview = () => import('../features/coverage-review/CoverageReviewPage').then((m) => ({ Component: m.CoverageReviewPage }));
const staffQuotes = () => import('../features/quotes/staff/StaffQuotesPage').then((m) => ({ Component: m.StaffQuotesPage }));
const staffQuoteDetails = () => import('../features/quotes/staff/StaffQuoteDetailsPage').then((m) => ({ Component: m.StaffQuoteDetailsPage }));
const newOrder = () => import('../features/staff/NewOrderPage').then((m) => ({ Component: m.NewOrderPage }));
const clients = () => import('../features/staff/ClientsPage').then((m) => ({ Component: m.ClientsPage }));
const staffAppraisers = () => import('../features/staff-appraisers/AppraisersPage').then((m) => ({ Component: m.StaffAppraisersPage }));
const staffSecureLinks = () => import('../features/staff-secure-links/StaffSecureLinksPage').then((m) => ({ Component: m.StaffSecureLinksPage }));
const staffPayments = () => import('../features/staff/StaffPaymentsPage').then((m) => ({ Component: m.StaffPaymentsPage }));
const forms = () => import('../features/admin/AdminPages').then((m) => ({ Component: m.FormsPage }));
// The sign-in page loads the styles of what it shows (styles/firstScreen.ts); every other page all of them.
const allStyles = () => import('./styles/all').then(() => ({}));

/** The order page, the same under /appraiser and /staff (each area's guard decides who enters). */
const ORDER_PAGE_ROUTES: RouteObject[] = [
  { path: 'orderdetails/:id', lazy: orderDetails },
  { path: 'orderdetails/:id/no-longer-available', lazy: orderGone },
  { path: 'orderdetails/:id/:action', lazy: orderDetails },
];

/** The route table: each area behind its role guard (docs/domain.md#parties-and-roles). */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      { index: true, element: <DashboardRedirect /> },
      { path: 'dashboard', element: <DashboardRedirect /> },

      { path: 'login', lazy: loadSignInPage },
      {
        lazy: allStyles,
        children: [
          // public
          { path: 'logout', lazy: logout },
          { path: 'unauthorized', lazy: unauthorized },
          { path: 'forbidden', lazy: forbidden },
          { path: 'dual-auth', lazy: dualAuth },
          { path: 'reset-password', lazy: resetPassword },
          { path: 'perform-reset-password', lazy: performResetPassword },
          { path: 'unsubscribe', lazy: unsubscribe },

          // any signed-in user
          {
            path: 'profile',
            element: <RequireAuth />,
            children: [
              { index: true, element: <Navigate to="/profile/me" replace /> },
              // One route with an optional tab, so choosing a tab keeps the page (and keyboard focus).
              { path: 'me/:tabName?', lazy: profile },
            ],
          },

          {
            path: 'appraiser',
            element: <RequireAuth roles={AREA_ROLES.appraiser} />,
            children: [
              { index: true, element: <Navigate to="/appraiser/dashboard" replace /> },
              { path: 'dashboard', lazy: ordersDashboard },
              { path: 'profile', element: <Navigate to="/profile/me" replace /> },
              { path: 'profile/:securityUserId/:tabName?', lazy: profile },
              { path: 'quote', element: <Navigate to="/appraiser/quotes" replace /> },
              { path: 'quote/:id', lazy: quoteDetails },
              ...ORDER_PAGE_ROUTES,
              { path: 'secure-links', lazy: secureLinks },
              { path: 'secure-links/:secureLinkId', lazy: secureLinks },
              { path: 'payments', lazy: payments },
              { path: 'payments/:tabName', lazy: payments },
              { path: 'support', lazy: support },
              { path: 'quotes', lazy: quotes },
            ],
          },
          {
            path: 'appraiser-admin',
            element: <RequireAuth roles={AREA_ROLES.appraiserAdmin} />,
            children: [
              { index: true, element: <Navigate to="/appraiser-admin/appraisers" replace /> },
              { path: 'appraisers', lazy: appraisers },
            ],
          },
          {
            path: 'staff',
            element: <RequireAuth roles={AREA_ROLES.staff} />,
            children: [
              { index: true, element: <Navigate to="/staff/dashboard" replace /> },
              { path: 'dashboard', lazy: ordersDashboard },
              { path: 'profile/:tabName?', lazy: profile },
              // Staff open orders here: /appraiser is closed to them.
              ...ORDER_PAGE_ROUTES,
              { path: 'quotes', lazy: staffQuotes },
              { path: 'quotes/:id', lazy: staffQuoteDetails },
              { path: 'coverage-review', lazy: coverageReview },
              { path: 'secure-links', lazy: staffSecureLinks },
              { path: 'appraisers', lazy: staffAppraisers },
              { path: 'new-order', lazy: newOrder },
              { path: 'clients', lazy: clients },
              { path: 'payments', lazy: staffPayments },
            ],
          },
          {
            path: 'admin',
            element: <RequireAuth roles={AREA_ROLES.admin} />,
            children: [
              { index: true, element: <Navigate to="/admin/dashboard" replace /> },
              { path: 'dashboard', lazy: adminDashboard },
              { path: 'backdoor-login', lazy: backdoorLogin },
              { path: 'forms', lazy: forms },
            ],
          },

          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
];
