import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { isSignedIn } from '@/lib/storage';
import { endPageToasts } from '@/lib/toast';
import { RedirectIfSignedIn, RequireAuth, type SignInState } from './guards';
import { RouteErrorPage } from './route-error-page';
import type { Screen } from './screen-calls';

/** Until the first screen has rendered: its route's calls are waited for (below). */
let firstScreen = true;
/** How long the first screen waits for its calls: a slow answer does not hold the page. */
const FIRST_SCREEN_WAIT_MS = 1000;

/**
 * Starts the calls `screen` opens with as its route matches, beside the
 * download of its code (app/screen-calls.ts). The first screen of a page load
 * waits for them, so that it renders once, with its data, in slices
 * (main.tsx); later navigations do not wait and the screen shows its own
 * loading state. Not again on a new search within the route: the screen asks
 * for what the search changes, and a loader to run would hold the address bar
 * until it had (two quick changes, From then To, lost the first).
 */
const startsCalls = (screen: Screen): Pick<RouteObject, 'loader' | 'shouldRevalidate'> => ({
  loader: async ({ request }) => {
    if (!isSignedIn()) return null;
    const calls = (await import('./screen-calls')).startScreenCalls(screen, new URL(request.url));
    if (firstScreen) {
      await Promise.race([calls, new Promise((done) => setTimeout(done, FIRST_SCREEN_WAIT_MS))]);
    }
    return null;
  },
  shouldRevalidate: () => false,
});

/**
 * A screen of the signed-in shell, its code loaded on the first visit; `null` for the index.
 * `calls`: the screen whose first calls start with its code.
 */
const page = (
  path: string | null,
  load: () => Promise<ComponentType>,
  calls?: Screen,
): RouteObject => ({
  ...(path === null ? { index: true } : { path }),
  lazy: async () => ({ Component: await load() }),
  ...(calls && startsCalls(calls)),
});

/** A public screen of signing in, which a signed-in administrator is sent on from. */
const signInPage = (path: string, load: () => Promise<ComponentType>): RouteObject => ({
  path,
  lazy: async () => {
    const Screen = await load();
    return {
      element: (
        <RedirectIfSignedIn>
          <Screen />
        </RedirectIfSignedIn>
      ),
    };
  },
});

/** The policies of SPEC 2, each at /<kind>-policy. */
const POLICIES = ['user', 'company', 'driver'] as const;

/**
 * SPEC 2. Every screen, and the signed-in shell, is its own chunk loaded on
 * first visit (`lazy`): the initial download stays under the 200 KB gzip
 * budget (issue 8; measured by `npm run bench`).
 */
const screens: RouteObject[] = [
  signInPage('/login', () => import('./routes/auth/login-page').then((m) => m.LoginPage)),
  signInPage('/otp', () => import('./routes/auth/otp-page').then((m) => m.OtpPage)),
  signInPage('/forgot-password', () =>
    import('./routes/auth/forgot-password-page').then((m) => m.ForgotPasswordPage),
  ),
  signInPage('/change-password', () =>
    import('./routes/auth/reset-password-page').then((m) => m.ResetPasswordPage),
  ),
  page('/accept-invite', () =>
    import('./routes/auth/accept-invite-page').then((m) => m.AcceptInvitePage),
  ),
  ...POLICIES.map((kind) => ({
    path: `/${kind}-policy`,
    lazy: () =>
      import('./routes/policies/policy-page').then(({ PolicyPage }) => ({
        element: <PolicyPage kind={kind} />,
      })),
  })),
  // Issue 48: a statement to print, without the sidebar and header.
  {
    path: '/statement-print',
    lazy: () =>
      import('./routes/statements/statement-print-page').then(({ StatementPrintPage }) => ({
        element: (
          <RequireAuth>
            <StatementPrintPage />
          </RequireAuth>
        ),
      })),
  },
  {
    path: '/',
    ...startsCalls('shell'),
    lazy: () =>
      import('./layout/app-layout').then((m) => ({
        element: (
          <RequireAuth>
            <m.AppLayout />
          </RequireAuth>
        ),
      })),
    children: [
      page(
        null,
        () => import('./routes/dashboard/dashboard-page').then((m) => m.DashboardPage),
        'dashboard',
      ),
      page('live', () => import('./routes/live/live-page').then((m) => m.LivePage)),
      page(
        'user',
        () => import('./routes/users/user-list-page').then((m) => m.UserListPage),
        'users',
      ),
      page('user-detail/:id', () =>
        import('./routes/users/user-detail-page').then((m) => m.UserDetailPage),
      ),
      page(
        'company',
        () => import('./routes/companies/company-list-page').then((m) => m.CompanyListPage),
        'companies',
      ),
      page('company-detail/:id', () =>
        import('./routes/companies/company-detail-page').then((m) => m.CompanyDetailPage),
      ),
      page(
        'vehicle',
        () => import('./routes/vehicles/vehicle-list-page').then((m) => m.VehicleListPage),
        'vehicles',
      ),
      page('vehicle-detail/:id', () =>
        import('./routes/vehicles/vehicle-detail-page').then((m) => m.VehicleDetailPage),
      ),
      page(
        'driver',
        () => import('./routes/drivers/driver-list-page').then((m) => m.DriverListPage),
        'drivers',
      ),
      page('driver-detail/:id', () =>
        import('./routes/drivers/driver-detail-page').then((m) => m.DriverDetailPage),
      ),
      page('driver-history-detail', () =>
        import('./routes/drivers/driver-history-page').then((m) => m.DriverHistoryPage),
      ),
      page(
        'trip',
        () => import('./routes/rides/ride-list-page').then((m) => m.RideListPage),
        'trips',
      ),
      page('trip-detail/:id', () =>
        import('./routes/rides/ride-detail-page').then((m) => m.RideDetailPage),
      ),
      page('sales', () => import('./routes/sales/sales-page').then((m) => m.SalesPage)),
      page('payouts', () => import('./routes/payouts/payouts-page').then((m) => m.PayoutsPage)),
      page('payout-detail/:id', () =>
        import('./routes/payouts/payout-detail-page').then((m) => m.PayoutDetailPage),
      ),
      page('statements', () =>
        import('./routes/statements/statements-page').then((m) => m.StatementsPage),
      ),
      page('approvals', () => import('./routes/money/approvals-page').then((m) => m.ApprovalsPage)),
      page('my-profile', () =>
        import('./routes/profile/my-profile-page').then((m) => m.MyProfilePage),
      ),
      page('faq', () => import('./routes/faqs/faq-page').then((m) => m.FaqPage)),
      page('coupon', () => import('./routes/coupons/coupon-page').then((m) => m.CouponPage)),
      page('review', () => import('./routes/review/review-page').then((m) => m.ReviewPage)),
      page('cases', () => import('./routes/cases/case-desk-page').then((m) => m.CaseDeskPage)),
      page('cases/:id', () => import('./routes/cases/case-page').then((m) => m.CasePage)),
      page('expiring-documents', () =>
        import('./routes/review/expiring-documents-page').then((m) => m.ExpiringDocumentsPage),
      ),
      page('administrators', () => import('./routes/admins/admins-page').then((m) => m.AdminsPage)),
      page('audit-log', () =>
        import('./routes/audit-log/audit-log-page').then((m) => m.AuditLogPage),
      ),
      page('integrations', () =>
        import('./routes/integrations/integrations-page').then((m) => m.IntegrationsPage),
      ),
      page('webhooks', () => import('./routes/settings/webhooks-page').then((m) => m.WebhooksPage)),
      page('setting', () => import('./routes/settings/settings-page').then((m) => m.SettingsPage)),
    ],
  },
];

/**
 * An unknown route ("404 Not Found") or a screen that fails shows SPEC's
 * "Unexpected Application Error!" page, inside the shell when signed in.
 */
const routes: RouteObject[] = [{ errorElement: <RouteErrorPage />, children: screens }];

export const router = createBrowserRouter(routes);

/**
 * Settles once the router has the first screen's code and calls: main.tsx
 * renders then. A first render begun earlier would be in slices (a
 * transition), and the router, finishing between two slices, would tell a
 * RouterProvider not yet listening: the page stayed blank.
 */
export const routerReady = new Promise<void>((resolve) => {
  if (router.state.initialized) return resolve();
  const unsubscribe = router.subscribe(({ initialized }) => {
    if (!initialized) return;
    unsubscribe();
    resolve();
  });
}).then(() => {
  firstScreen = false;
});

// A page's error toasts end with it (the login error does not follow to /otp).
let shownPath = router.state.location.pathname;
router.subscribe(({ location }) => {
  if (location.pathname === shownPath) return;
  shownPath = location.pathname;
  endPageToasts();
});

// ARCHITECTURE: a 401 mid-session ends it (the client has emptied storage)
// and returns to /login, remembering the page for after the next sign-in and
// saying why the session ended.
setUnauthorizedHandler(() => {
  const { pathname, search, hash } = router.state.location;
  if (pathname === '/login') return;
  const state: SignInState = { from: { pathname, search, hash }, sessionEnded: true };
  void router.navigate('/login', { replace: true, state });
});
