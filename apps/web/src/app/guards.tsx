import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isSignedIn } from '@/lib/storage';

/** What /login is told: the page to reopen after sign-in, and whether a session just ended. */
export interface SignInState {
  from?: { pathname?: string; search?: string; hash?: string };
  /** A call was refused as unauthenticated mid-session (expired, revoked). */
  sessionEnded?: boolean;
}

/** Protected routes need `isLogin === '1'`; otherwise /login, remembering where the visitor was. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!isSignedIn()) {
    const { pathname, search, hash } = location;
    const state: SignInState = { from: { pathname, search, hash } };
    return <Navigate to="/login" replace state={state} />;
  }
  return children;
}

/** The sign-in screens send a signed-in administrator to the dashboard (SPEC 6). */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  if (isSignedIn()) return <Navigate to="/" replace />;
  return children;
}
