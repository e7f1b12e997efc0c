import type { ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PlaceholderPage } from '@/components/placeholder-page';
import { SalesPage } from '@/features/sales/pages/sales-page';
import { LoginPage } from '@/features/auth/pages/login-page';
import { ForgotPasswordPage } from '@/features/auth/pages/forgot-password-page';
import { OtpPage } from '@/features/auth/pages/otp-page';
import { ResetPasswordPage } from '@/features/auth/pages/reset-password-page';
import { MyProfilePage } from '@/features/profile/pages/my-profile-page';
import { CompanyDetailPage } from '@/features/companies/pages/company-detail-page';
import { CompanyListPage } from '@/features/companies/pages/company-list-page';
import { CouponPage } from '@/features/coupons/pages/coupon-page';
import { DashboardPage } from '@/features/dashboard/pages/dashboard-page';
import { DriverDetailPage } from '@/features/drivers/pages/driver-detail-page';
import { DriverHistoryPage } from '@/features/drivers/pages/driver-history-page';
import { DriverListPage } from '@/features/drivers/pages/driver-list-page';
import { FaqPage } from '@/features/faqs/pages/faq-page';
import { PolicyPage } from '@/features/policies/pages/policy-page';
import { TripDetailPage } from '@/features/rides/pages/trip-detail-page';
import { TripListPage } from '@/features/rides/pages/trip-list-page';
import { UserDetailPage } from '@/features/users/pages/user-detail-page';
import { UserListPage } from '@/features/users/pages/user-list-page';
import { VehicleDetailPage } from '@/features/vehicles/pages/vehicle-detail-page';
import { VehicleListPage } from '@/features/vehicles/pages/vehicle-list-page';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { RedirectIfSignedIn, RequireAuth } from './guards';
import { AppLayout } from './layout/app-layout';

const signInScreen = (element: ReactNode) => <RedirectIfSignedIn>{element}</RedirectIfSignedIn>;
const notBuilt = (titleKey: string) => <PlaceholderPage titleKey={titleKey} />;

/**
 * SPEC 2. No root `errorElement`: an unknown route shows React Router's
 * default page, "Unexpected Application Error!" with "404 Not Found".
 */
export const routes: RouteObject[] = [
  { path: '/login', element: signInScreen(<LoginPage />) },
  { path: '/otp', element: signInScreen(<OtpPage />) },
  { path: '/forgot-password', element: signInScreen(<ForgotPasswordPage />) },
  { path: '/change-password', element: signInScreen(<ResetPasswordPage />) },
  { path: '/user-policy', element: <PolicyPage kind="user" /> },
  { path: '/company-policy', element: <PolicyPage kind="company" /> },
  { path: '/driver-policy', element: <PolicyPage kind="driver" /> },
  {
    path: '/',
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <DashboardPage /> },
      { path: 'user', element: <UserListPage /> },
      { path: 'user-detail/:id', element: <UserDetailPage /> },
      { path: 'company', element: <CompanyListPage /> },
      { path: 'company-detail/:id', element: <CompanyDetailPage /> },
      { path: 'vehicle', element: <VehicleListPage /> },
      { path: 'vehicle-detail/:id', element: <VehicleDetailPage /> },
      { path: 'driver', element: <DriverListPage /> },
      { path: 'driver-detail/:id', element: <DriverDetailPage /> },
      { path: 'driver-history-detail', element: <DriverHistoryPage /> },
      { path: 'trip', element: <TripListPage /> },
      { path: 'trip-detail/:id', element: <TripDetailPage /> },
      { path: 'sales', element: <SalesPage /> },
      { path: 'my-profile', element: <MyProfilePage /> },
      { path: 'faq', element: <FaqPage /> },
      { path: 'coupon', element: <CouponPage /> },
      { path: 'setting', element: notBuilt('pages.setting') },
    ],
  },
];

export const router = createBrowserRouter(routes);

// ARCHITECTURE: a 401 mid-session ends it (the client has emptied storage)
// and returns to /login, remembering the page for after the next sign-in.
setUnauthorizedHandler(() => {
  const { pathname, search, hash } = router.state.location;
  if (pathname === '/login') return;
  void router.navigate('/login', { replace: true, state: { from: { pathname, search, hash } } });
});
