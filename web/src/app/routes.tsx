import type { QueryClient } from '@tanstack/react-query';
import { Suspense, lazy, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { AREA_ROLES } from '../lib/roles';
import { currentUserQuery } from '../lib/session';
import { DashboardRedirect } from './guards/DashboardRedirect';
import { OwnProfileRedirect } from './guards/OwnProfileRedirect';
import { RequireAuth } from './guards/RequireAuth';
import { AppLayout } from './shell/AppLayout';

/* Lazy pages, one chunk per feature module. */
type PageModule = { Component: ComponentType };
type LoadPage = () => Promise<PageModule>;

/** Every component's styles: the sign-in page loads only its own (styles/signIn.ts), every other page these. */
const allStyles = () => import('./styles/all');

/**
 * The one way a route loads its page: the module's `name` export as the route's Component, with the
 * styles it needs loading beside it.
 */
function page<K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K, styles: () => Promise<unknown> = allStyles): LoadPage {
  return () => Promise.all([styles(), load()]).then(([, m]) => ({ Component: m[name] }));
}

/** The sign-in page's code and styles (main.tsx starts them early for a signed-out visitor). */
export const loadSignInPage = page(
  () => import('../features/auth/LoginPage'),
  'LoginPage',
  () => import('./styles/signIn'),
);
const logout = page(() => import('../features/auth/LogoutPage'), 'LogoutPage');
const dualAuth = page(() => import('../features/auth/DualAuthPage'), 'DualAuthPage');
const resetPassword = page(() => import('../features/auth/ResetPasswordPage'), 'ResetPasswordPage');
const performResetPassword = page(() => import('../features/auth/ResetPasswordPage'), 'PerformResetPasswordPage');
const unauthorized = page(() => import('../features/access/AccessDeniedPage'), 'UnauthorizedPage');
const forbidden = page(() => import('../features/access/AccessDeniedPage'), 'ForbiddenPage');
const unsubscribe = page(() => import('../features/notifications/UnsubscribePage'), 'UnsubscribePage');
const borrowerCopy = page(() => import('../features/borrower/BorrowerCopyPage'), 'BorrowerCopyPage');
const chooseInspectionTime = page(() => import('../features/scheduling/ChooseInspectionTimePage'), 'ChooseInspectionTimePage');
const notFound = page(() => import('../features/access/NotFoundPage'), 'NotFoundPage');
const ordersDashboard = page(() => import('../features/orders/OrdersDashboardPage'), 'OrdersDashboardPage');
const orderDetails = page(() => import('../features/orders/OrderDetailsPage'), 'OrderDetailsPage');
const orderGone = page(() => import('../features/orders/OrderDetailsPage'), 'OrderNoLongerAvailablePage');
const profile = page(() => import('../features/profile/ProfilePage'), 'ProfilePage');
const quotes = page(() => import('../features/quotes/QuotesPage'), 'QuotesPage');
const quoteDetails = page(() => import('../features/quotes/QuoteDetailsPage'), 'QuoteDetailsPage');
const secureLinks = page(() => import('../features/secure-links/SecureLinksPage'), 'SecureLinksPage');
const payments = page(() => import('../features/payments/PaymentsPage'), 'PaymentsPage');
const support = page(() => import('../features/support/SupportPage'), 'SupportPage');
const appraisers = page(() => import('../features/admin/appraisers/AppraisersPage'), 'AppraisersPage');
const adminDashboard = page(() => import('../features/admin/AdminPages'), 'AdminDashboardPage');
const backdoorLogin = page(() => import('../features/admin/AdminPages'), 'BackdoorLoginPage');
const coverageReview = page(() => import('../features/staff/coverage/CoverageReviewPage'), 'CoverageReviewPage');
const staffQuotes = page(() => import('../features/staff/quotes/StaffQuotesPage'), 'StaffQuotesPage');
const staffQuoteDetails = page(() => import('../features/staff/quotes/StaffQuoteDetailsPage'), 'StaffQuoteDetailsPage');
const newOrder = page(() => import('../features/staff/order-form/NewOrderPage'), 'NewOrderPage');
const editOrder = page(() => import('../features/staff/order-form/EditOrderPage'), 'EditOrderPage');
const clientAccess = page(() => import('../features/staff/clients/ClientAccessPage'), 'ClientAccessPage');
const clientPrices = page(() => import('../features/staff/clients/ClientPricesPage'), 'ClientPricesPage');
const clientAssignment = page(() => import('../features/staff/clients/ClientAssignmentPage'), 'ClientAssignmentPage');
const clients = page(() => import('../features/staff/clients/ClientsPage'), 'ClientsPage');
const staffAppraisers = page(() => import('../features/staff/appraisers/AppraisersPage'), 'StaffAppraisersPage');
const staffFirms = page(() => import('../features/staff/firms/FirmsPage'), 'FirmsPage');
const staffSecureLinks = page(() => import('../features/staff/secure-links/StaffSecureLinksPage'), 'StaffSecureLinksPage');
const staffProducts = page(() => import('../features/staff/products/ProductsPage'), 'ProductsPage');
const productChecklist = page(() => import('../features/staff/products/ChecklistPage'), 'ChecklistPage');
const productTurnTime = page(() => import('../features/staff/products/TurnTimePage'), 'TurnTimePage');
const fairLanguageRules = page(() => import('../features/staff/fair-language/FairLanguageRulesPage'), 'FairLanguageRulesPage');
const staffAssignment = page(() => import('../features/staff/assignment/AssignmentPage'), 'AssignmentPage');
const staffPayments = page(() => import('../features/staff/payments/StaffPaymentsPage'), 'StaffPaymentsPage');
const receivables = page(() => import('../features/billing/ReceivablesPage'), 'ReceivablesPage');
const staffInsights = page(() => import('../features/insights/InsightsPage'), 'StaffInsightsPage');
const reconsiderations = page(() => import('../features/staff/reconsiderations/ReconsiderationsPage'), 'ReconsiderationsPage');
const clientOrders = page(() => import('../features/client/ClientOrdersPage'), 'ClientOrdersPage');
const clientOrder = page(() => import('../features/client/ClientOrderPage'), 'ClientOrderPage');
const clientNewOrder = page(() => import('../features/client/ClientNewOrderPage'), 'ClientNewOrderPage');
const clientInvoices = page(() => import('../features/client/ClientInvoicesPage'), 'ClientInvoicesPage');
const clientUsers = page(() => import('../features/client/ClientUsersPage'), 'ClientUsersPage');
const clientBranches = page(() => import('../features/client/ClientBranchesPage'), 'ClientBranchesPage');
const clientApi = page(() => import('../features/client/ApiWebhooksPage'), 'ApiWebhooksPage');
const clientProfile = page(() => import('../features/client/ClientProfilePage'), 'ClientProfilePage');
const clientInsights = page(() => import('../features/insights/InsightsPage'), 'ClientInsightsPage');
const forms = page(() => import('../features/admin/AdminPages'), 'FormsPage');

/**
 * The pages of an area that `roles` may enter (any signed-in user without `roles`). Their code loads
 * only once the session says the visitor may enter: the router waits for every matched route's code
 * before it renders, so a signed-out visitor to a dashboard link would otherwise download the
 * dashboard before the guard sends them to sign-in. For a visitor who may not enter, the route gets
 * a stand-in that loads the page's code when it is first shown (after signing in as someone who may).
 */
function guardedPages(queryClient: QueryClient, roles: readonly number[] | undefined, children: RouteObject[]): RouteObject[] {
  const mayEnter = async () => {
    const user = await queryClient.ensureQueryData(currentUserQuery);
    return !!user && (!roles || roles.includes(user.userType));
  };
  return children.map((route) => {
    const load = route.lazy;
    if (typeof load !== 'function') return route;
    const loadPage = load as LoadPage;
    return {
      ...route,
      lazy: async () => {
        if (await mayEnter()) return loadPage();
        const Page = lazy(() => loadPage().then((m) => ({ default: m.Component })));
        return {
          Component: () => (
            <Suspense fallback={<PageLoader />}>
              <Page />
            </Suspense>
          ),
        };
      },
    };
  });
}

/** The order page, the same under /appraiser and /staff (each area's guard decides who enters). */
const orderPageRoutes = (): RouteObject[] => [
  { path: 'orderdetails/:id', lazy: orderDetails },
  { path: 'orderdetails/:id/no-longer-available', lazy: orderGone },
  { path: 'orderdetails/:id/:action', lazy: orderDetails },
];

/**
 * The route table: each area behind its role guard (docs/domain.md#parties-and-roles). The query
 * client holds the session, which decides whether a guarded page's code is worth loading.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const area = (roles: readonly number[] | undefined, children: RouteObject[]) => guardedPages(queryClient, roles, children);
  return [
    {
      element: <AppLayout />,
      hydrateFallbackElement: <PageLoader />,
      children: [
        { index: true, element: <DashboardRedirect /> },
        { path: 'dashboard', element: <DashboardRedirect /> },

        { path: 'login', lazy: loadSignInPage },
        // public
        { path: 'logout', lazy: logout },
        { path: 'unauthorized', lazy: unauthorized },
        { path: 'forbidden', lazy: forbidden },
        { path: 'dual-auth', lazy: dualAuth },
        { path: 'reset-password', lazy: resetPassword },
        { path: 'perform-reset-password', lazy: performResetPassword },
        { path: 'unsubscribe', lazy: unsubscribe },
        { path: 'borrower/copy/:token', lazy: borrowerCopy },
        { path: 'schedule/:token', lazy: chooseInspectionTime },

        // any signed-in user
        {
          path: 'profile',
          element: <RequireAuth />,
          children: area(undefined, [
            { index: true, element: <OwnProfileRedirect /> },
            // One route with an optional tab, so choosing a tab keeps the page (and keyboard focus).
            { path: 'me/:tabName?', lazy: profile },
          ]),
        },

        {
          path: 'appraiser',
          element: <RequireAuth roles={AREA_ROLES.appraiser} />,
          children: area(AREA_ROLES.appraiser, [
            { index: true, element: <Navigate to="/appraiser/dashboard" replace /> },
            { path: 'dashboard', lazy: ordersDashboard },
            { path: 'profile', element: <Navigate to="/profile/me" replace /> },
            { path: 'profile/:securityUserId/:tabName?', lazy: profile },
            { path: 'quote', element: <Navigate to="/appraiser/quotes" replace /> },
            { path: 'quote/:id', lazy: quoteDetails },
            ...orderPageRoutes(),
            { path: 'secure-links', lazy: secureLinks },
            { path: 'secure-links/:secureLinkId', lazy: secureLinks },
            { path: 'payments', lazy: payments },
            { path: 'payments/:tabName', lazy: payments },
            { path: 'support', lazy: support },
            { path: 'quotes', lazy: quotes },
          ]),
        },
        {
          path: 'appraiser-admin',
          element: <RequireAuth roles={AREA_ROLES.appraiserAdmin} />,
          children: area(AREA_ROLES.appraiserAdmin, [
            { index: true, element: <Navigate to="/appraiser-admin/appraisers" replace /> },
            { path: 'appraisers', lazy: appraisers },
          ]),
        },
        {
          path: 'staff',
          element: <RequireAuth roles={AREA_ROLES.staff} />,
          children: area(AREA_ROLES.staff, [
            { index: true, element: <Navigate to="/staff/dashboard" replace /> },
            { path: 'dashboard', lazy: ordersDashboard },
            { path: 'profile/:tabName?', lazy: profile },
            // Staff open orders here: /appraiser is closed to them.
            ...orderPageRoutes(),
            { path: 'quotes', lazy: staffQuotes },
            { path: 'quotes/:id', lazy: staffQuoteDetails },
            { path: 'coverage-review', lazy: coverageReview },
            { path: 'secure-links', lazy: staffSecureLinks },
            { path: 'appraisers', lazy: staffAppraisers },
            // Another appraiser's profile: /appraiser/profile/:securityUserId is closed to staff.
            { path: 'appraisers/:securityUserId/profile/:tabName?', lazy: profile },
            { path: 'firms', lazy: staffFirms },
            { path: 'new-order', lazy: newOrder },
            { path: 'assignment', lazy: staffAssignment },
            { path: 'orders/:id/edit', lazy: editOrder },
            { path: 'clients', lazy: clients },
            { path: 'clients/:id', lazy: clientAccess },
            { path: 'clients/:id/prices', lazy: clientPrices },
            { path: 'clients/:id/assignment', lazy: clientAssignment },
            { path: 'payments', lazy: staffPayments },
            { path: 'receivables', lazy: receivables },
            { path: 'insights', lazy: staffInsights },
            { path: 'reconsiderations', lazy: reconsiderations },
            { path: 'products', lazy: staffProducts },
            { path: 'products/:id/checklist', lazy: productChecklist },
            { path: 'products/:id/turn-time', lazy: productTurnTime },
            { path: 'fair-language', lazy: fairLanguageRules },
          ]),
        },
        {
          path: 'client',
          element: <RequireAuth roles={AREA_ROLES.client} />,
          children: area(AREA_ROLES.client, [
            { index: true, element: <Navigate to="/client/orders" replace /> },
            { path: 'orders', lazy: clientOrders },
            { path: 'orders/new', lazy: clientNewOrder },
            { path: 'orders/:id', lazy: clientOrder },
            { path: 'invoices', lazy: clientInvoices },
            { path: 'insights', lazy: clientInsights },
            { path: 'users', lazy: clientUsers },
            { path: 'branches', lazy: clientBranches },
            { path: 'api', lazy: clientApi },
            { path: 'profile', lazy: clientProfile },
          ]),
        },
        {
          path: 'admin',
          element: <RequireAuth roles={AREA_ROLES.admin} />,
          children: area(AREA_ROLES.admin, [
            { index: true, element: <Navigate to="/admin/dashboard" replace /> },
            { path: 'dashboard', lazy: adminDashboard },
            { path: 'backdoor-login', lazy: backdoorLogin },
            { path: 'forms', lazy: forms },
          ]),
        },

        { path: '*', lazy: notFound },
      ],
    },
  ];
}
