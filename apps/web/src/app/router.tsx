import type { ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PlaceholderPage } from '@/components/placeholder-page';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { endPageToasts } from '@/lib/toast';
import { RedirectIfSignedIn, RequireAuth, type SignInState } from './guards';
import { RouteErrorPage } from './route-error-page';

const signInScreen = (element: ReactNode) => <RedirectIfSignedIn>{element}</RedirectIfSignedIn>;
const notBuilt = (titleKey: string) => <PlaceholderPage titleKey={titleKey} />;

/**
 * SPEC 2. Every screen, and the signed-in shell, is its own chunk loaded on
 * first visit (`lazy`): the initial download stays under the 200 KB gzip
 * budget (issue 8; measured by `npm run bench`).
 */
const screens: RouteObject[] = [
  {
    path: '/login',
    lazy: () =>
      import('./routes/auth/login-page').then(({ LoginPage }) => ({
        element: signInScreen(<LoginPage />),
      })),
  },
  {
    path: '/otp',
    lazy: () =>
      import('./routes/auth/otp-page').then(({ OtpPage }) => ({
        element: signInScreen(<OtpPage />),
      })),
  },
  {
    path: '/forgot-password',
    lazy: () =>
      import('./routes/auth/forgot-password-page').then(({ ForgotPasswordPage }) => ({
        element: signInScreen(<ForgotPasswordPage />),
      })),
  },
  {
    path: '/change-password',
    lazy: () =>
      import('./routes/auth/reset-password-page').then(({ ResetPasswordPage }) => ({
        element: signInScreen(<ResetPasswordPage />),
      })),
  },
  {
    path: '/accept-invite',
    lazy: () =>
      import('./routes/auth/accept-invite-page').then((m) => ({ Component: m.AcceptInvitePage })),
  },
  {
    path: '/user-policy',
    lazy: () =>
      import('./routes/policies/policy-page').then(({ PolicyPage }) => ({
        element: <PolicyPage kind="user" />,
      })),
  },
  {
    path: '/company-policy',
    lazy: () =>
      import('./routes/policies/policy-page').then(({ PolicyPage }) => ({
        element: <PolicyPage kind="company" />,
      })),
  },
  {
    path: '/driver-policy',
    lazy: () =>
      import('./routes/policies/policy-page').then(({ PolicyPage }) => ({
        element: <PolicyPage kind="driver" />,
      })),
  },
  {
    path: '/',
    lazy: () =>
      import('./layout/app-layout').then((m) => ({
        element: (
          <RequireAuth>
            <m.AppLayout />
          </RequireAuth>
        ),
      })),
    children: [
      {
        index: true,
        lazy: () =>
          import('./routes/dashboard/dashboard-page').then((m) => ({
            Component: m.DashboardPage,
          })),
      },
      {
        path: 'user',
        lazy: () =>
          import('./routes/users/user-list-page').then((m) => ({
            Component: m.UserListPage,
          })),
      },
      {
        path: 'user-detail/:id',
        lazy: () =>
          import('./routes/users/user-detail-page').then((m) => ({
            Component: m.UserDetailPage,
          })),
      },
      {
        path: 'company',
        lazy: () =>
          import('./routes/companies/company-list-page').then((m) => ({
            Component: m.CompanyListPage,
          })),
      },
      {
        path: 'company-detail/:id',
        lazy: () =>
          import('./routes/companies/company-detail-page').then((m) => ({
            Component: m.CompanyDetailPage,
          })),
      },
      {
        path: 'vehicle',
        lazy: () =>
          import('./routes/vehicles/vehicle-list-page').then((m) => ({
            Component: m.VehicleListPage,
          })),
      },
      {
        path: 'vehicle-detail/:id',
        lazy: () =>
          import('./routes/vehicles/vehicle-detail-page').then((m) => ({
            Component: m.VehicleDetailPage,
          })),
      },
      {
        path: 'driver',
        lazy: () =>
          import('./routes/drivers/driver-list-page').then((m) => ({
            Component: m.DriverListPage,
          })),
      },
      {
        path: 'driver-detail/:id',
        lazy: () =>
          import('./routes/drivers/driver-detail-page').then((m) => ({
            Component: m.DriverDetailPage,
          })),
      },
      {
        path: 'driver-history-detail',
        lazy: () =>
          import('./routes/drivers/driver-history-page').then((m) => ({
            Component: m.DriverHistoryPage,
          })),
      },
      {
        path: 'trip',
        lazy: () =>
          import('./routes/rides/ride-list-page').then((m) => ({
            Component: m.RideListPage,
          })),
      },
      {
        path: 'trip-detail/:id',
        lazy: () =>
          import('./routes/rides/ride-detail-page').then((m) => ({
            Component: m.RideDetailPage,
          })),
      },
      {
        path: 'sales',
        lazy: () => import('./routes/sales/sales-page').then((m) => ({ Component: m.SalesPage })),
      },
      {
        path: 'my-profile',
        lazy: () =>
          import('./routes/profile/my-profile-page').then((m) => ({
            Component: m.MyProfilePage,
          })),
      },
      {
        path: 'faq',
        lazy: () => import('./routes/faqs/faq-page').then((m) => ({ Component: m.FaqPage })),
      },
      {
        path: 'coupon',
        lazy: () =>
          import('./routes/coupons/coupon-page').then((m) => ({ Component: m.CouponPage })),
      },
      {
        path: 'review',
        lazy: () =>
          import('./routes/review/review-page').then((m) => ({ Component: m.ReviewPage })),
      },
      {
        path: 'expiring-documents',
        lazy: () =>
          import('./routes/review/expiring-documents-page').then((m) => ({
            Component: m.ExpiringDocumentsPage,
          })),
      },
      {
        path: 'administrators',
        lazy: () =>
          import('./routes/admins/admins-page').then((m) => ({ Component: m.AdminsPage })),
      },
      {
        path: 'audit-log',
        lazy: () =>
          import('./routes/audit-log/audit-log-page').then((m) => ({ Component: m.AuditLogPage })),
      },
      {
        path: 'settings/webhooks',
        lazy: () =>
          import('./routes/settings/webhooks-page').then((m) => ({ Component: m.WebhooksPage })),
      },
      { path: 'setting', element: notBuilt('pages.setting') },
    ],
  },
];

/**
 * An unknown route ("404 Not Found") or a screen that fails shows SPEC's
 * "Unexpected Application Error!" page, inside the shell when signed in.
 */
const routes: RouteObject[] = [{ errorElement: <RouteErrorPage />, children: screens }];

export const router = createBrowserRouter(routes);

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
