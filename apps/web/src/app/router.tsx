import type { ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PlaceholderPage } from '@/components/placeholder-page';
import { LoginPage } from '@/features/auth/pages/login-page';
import { DashboardPage } from '@/features/dashboard/pages/dashboard-page';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { RedirectIfSignedIn, RequireAuth } from './guards';
import { AppLayout } from './layout/app-layout';

const signInScreen = (element: ReactNode) => <RedirectIfSignedIn>{element}</RedirectIfSignedIn>;
const notBuilt = (titleKey: string) => <PlaceholderPage titleKey={titleKey} />;
const notBuiltPublic = (titleKey: string) => <PlaceholderPage titleKey={titleKey} standalone />;

/**
 * SPEC 2. No root `errorElement`: an unknown route shows React Router's
 * default page, "Unexpected Application Error!" with "404 Not Found".
 */
export const routes: RouteObject[] = [
  { path: '/login', element: signInScreen(<LoginPage />) },
  { path: '/otp', element: signInScreen(notBuiltPublic('pages.otp')) },
  { path: '/forgot-password', element: signInScreen(notBuiltPublic('pages.forgotPassword')) },
  { path: '/change-password', element: signInScreen(notBuiltPublic('pages.changePassword')) },
  { path: '/user-policy', element: notBuiltPublic('pages.userPolicy') },
  { path: '/company-policy', element: notBuiltPublic('pages.companyPolicy') },
  { path: '/driver-policy', element: notBuiltPublic('pages.driverPolicy') },
  {
    path: '/',
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <DashboardPage /> },
      { path: 'user', element: notBuilt('pages.user') },
      { path: 'user-detail/:id', element: notBuilt('pages.userDetail') },
      { path: 'company', element: notBuilt('pages.company') },
      { path: 'company-detail/:id', element: notBuilt('pages.companyDetail') },
      { path: 'vehicle', element: notBuilt('pages.vehicle') },
      { path: 'vehicle-detail/:id', element: notBuilt('pages.vehicleDetail') },
      { path: 'driver', element: notBuilt('pages.driver') },
      { path: 'driver-detail/:id', element: notBuilt('pages.driverDetail') },
      { path: 'driver-history-detail', element: notBuilt('pages.driverHistoryDetail') },
      { path: 'trip', element: notBuilt('pages.trip') },
      { path: 'trip-detail/:id', element: notBuilt('pages.tripDetail') },
      { path: 'sales', element: notBuilt('pages.sales') },
      { path: 'my-profile', element: notBuilt('pages.myProfile') },
      { path: 'faq', element: notBuilt('pages.faq') },
      { path: 'coupon', element: notBuilt('pages.coupon') },
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
