import type { QueryClient } from '@tanstack/react-query';
import { Suspense, lazy, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { AREA_ROLES } from '../lib/roles';
import { currentUserQuery } from '../lib/session';
import { DashboardRedirect } from './guards/DashboardRedirect';
import { RequireAuth } from './guards/RequireAuth';
import { AppLayout } from './shell/AppLayout';

/* Lazy pages, one chunk per feature module. */
type PageModule = { Component: ComponentType };
/** The sign-in page's code and styles (main.tsx starts them early for a signed-out visitor). */
export const loadSignInPage = () => Promise.all([import('../features/auth/LoginPage'), import('./styles/signIn')]).then(([m]) => ({ Component: m.LoginPage }));
const logout = () => import('../features/auth/LogoutPage').then((m) => ({ Component: m.LogoutPage }));
const dualAuth = () => import('../features/auth/DualAuthPage').then((m) => ({ Component: m.DualAuthPage }));
const resetPassword = () => import('../features/auth/ResetPasswordPage').then((m) => ({ Component: m.ResetPasswordPage }));
const performResetPassword = () => import('../features/auth/ResetPasswordPage').then((m) => ({ Component: m.PerformResetPasswordPage }));
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
const appraisers = () => import('../features/admin/appraisers/AppraisersPage').then((m) => ({ Component: m.AppraisersPage }));
const adminDashboard = () => import('../features/admin/AdminPages').then((m) => ({ Component: m.AdminDashboardPage }));
const backdoorLogin = () => import('../features/admin/AdminPages').then((m) => ({ Component: m.BackdoorLoginPage }));
const coverageReview = () => import('../features/staff/coverage/CoverageReviewPage').then((m) => ({ Component: m.CoverageReviewPage }));
const staffQuotes = () => import('../features/staff/quotes/StaffQuotesPage').then((m) => ({ Component: m.StaffQuotesPage }));
const staffQuoteDetails = () => import('../features/staff/quotes/StaffQuoteDetailsPage').then((m) => ({ Component: m.StaffQuoteDetailsPage }));
const newOrder = () => import('../features/staff/order-form/NewOrderPage').then((m) => ({ Component: m.NewOrderPage }));
const editOrder = () => import('../features/staff/order-form/EditOrderPage').then((m) => ({ Component: m.EditOrderPage }));
const clientAccess = () => import('../features/staff/clients/ClientAccessPage').then((m) => ({ Component: m.ClientAccessPage }));
const clients = () => import('../features/staff/clients/ClientsPage').then((m) => ({ Component: m.ClientsPage }));
const staffAppraisers = () => import('../features/staff/appraisers/AppraisersPage').then((m) => ({ Component: m.StaffAppraisersPage }));
const staffFirms = () => import('../features/staff/firms/FirmsPage').then((m) => ({ Component: m.FirmsPage }));
const staffSecureLinks = () => import('../features/staff/secure-links/StaffSecureLinksPage').then((m) => ({ Component: m.StaffSecureLinksPage }));
const staffPayments = () => import('../features/staff/payments/StaffPaymentsPage').then((m) => ({ Component: m.StaffPaymentsPage }));
const clientOrders = () => import('../features/client/ClientOrdersPage').then((m) => ({ Component: m.ClientOrdersPage }));
const clientOrder = () => import('../features/client/ClientOrderPage').then((m) => ({ Component: m.ClientOrderPage }));
const clientNewOrder = () => import('../features/client/ClientNewOrderPage').then((m) => ({ Component: m.ClientNewOrderPage }));
const clientApi = () => import('../features/client/ApiWebhooksPage').then((m) => ({ Component: m.ApiWebhooksPage }));
const forms = () => import('../features/admin/AdminPages').then((m) => ({ Component: m.FormsPage }));

/** The sign-in page loads the styles of what it shows (styles/firstScreen.ts); every other page all of them. */
const withAllStyles = (load: () => Promise<PageModule>) => (): Promise<PageModule> => Promise.all([import('./styles/all'), load()]).then(([, page]) => page);

/** Pages (not the sign-in page) with the styles of every component. */
function withStylesOfAll(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => (typeof route.lazy === 'function' ? ({ ...route, lazy: withAllStyles(route.lazy as () => Promise<PageModule>) } as RouteObject) : route));
}

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
  return withStylesOfAll(children).map((route) => {
    const load = route.lazy;
    if (typeof load !== 'function') return route;
    const page = load as () => Promise<PageModule>;
    return {
      ...route,
      lazy: async () => {
        if (await mayEnter()) return page();
        const Page = lazy(() => page().then((m) => ({ default: m.Component })));
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
        ...withStylesOfAll([
          { path: 'logout', lazy: logout },
          { path: 'unauthorized', lazy: unauthorized },
          { path: 'forbidden', lazy: forbidden },
          { path: 'dual-auth', lazy: dualAuth },
          { path: 'reset-password', lazy: resetPassword },
          { path: 'perform-reset-password', lazy: performResetPassword },
          { path: 'unsubscribe', lazy: unsubscribe },
        ]),

        // any signed-in user
        {
          path: 'profile',
          element: <RequireAuth />,
          children: area(undefined, [
            { index: true, element: <Navigate to="/profile/me" replace /> },
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
            { path: 'orders/:id/edit', lazy: editOrder },
            { path: 'clients', lazy: clients },
            { path: 'clients/:id', lazy: clientAccess },
            { path: 'payments', lazy: staffPayments },
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
            { path: 'api', lazy: clientApi },
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

        ...withStylesOfAll([{ path: '*', lazy: notFound }]),
      ],
    },
  ];
}
