/** The auth module's public face: what the app and other modules may use. */
export {
  countAdmins,
  createAdminIfMissing,
  findAdminByEmail,
  findAdminById,
  setAdminPassword,
  setTwoFactorRequired,
  twoFactorRequired,
  upsertAdmin,
} from './admins.repository';
export { authPlugin, bearer, roleRefused, sessionOf } from './auth.plugin';
export { authRoutes } from './auth.routes';
export { ACCOUNT_THROTTLE, pruneLoginThrottles } from './login-limit';
export { pruneCodes } from './otp.repository';
export { recoveryRoutes } from './recovery.routes';
export {
  idleSecondsOf,
  onRevocation,
  revokeAdminSessions,
  revokeOwnSessions,
  sessionIsLive,
} from './sessions';
export { sessionRoutes } from './sessions.routes';
export { tooManyRequests } from './too-many-requests';
export { isSteppedUp, pruneChallenges, resetTwoFactor } from './two-factor';
export { openSession, signedInData } from './sign-in';
export { secondFactorMail } from './two-factor-mail';
export { twoFactorRoutes } from './two-factor.routes';
