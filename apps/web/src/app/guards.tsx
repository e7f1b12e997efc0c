import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isSignedIn } from '@/lib/storage';

/** Protected routes need `isLogin === '1'`; otherwise /login, remembering where the visitor was. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!isSignedIn()) {
    const { pathname, search, hash } = location;
    return <Navigate to="/login" replace state={{ from: { pathname, search, hash } }} />;
  }
  return children;
}

/** The sign-in screens send a signed-in administrator to the dashboard (SPEC 6). */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  if (isSignedIn()) return <Navigate to="/" replace />;
  return children;
}
