import { z } from 'zod';
import { area, EVERY_ROLE, roleSchema } from './endpoint';

/** SPEC 5: both email messages come from one field. */
const loginEmailSchema = z.email({
  error: (issue) =>
    issue.input === undefined || issue.input === ''
      ? 'Please provide a email.'
      : 'Please enter valid email.',
});

const loginRequestSchema = z.object({
  email: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    loginEmailSchema.max(254, 'Please enter valid email.'),
  ),
  password: z
    .string({ error: 'Please enter a password.' })
    .min(1, 'Please enter a password.')
    .max(1024, 'Password is too long.'),
  user_type: z.literal('Admin', { error: 'user_type must be Admin.' }).default('Admin'),
  device_token: z.string().max(4096, 'device_token is too long.').nullish(),
  device_type: z.literal('Web', { error: 'device_type must be Web.' }).default('Web'),
});

/** The form of the login screen: only the fields a person types. */
export const loginFormSchema = loginRequestSchema.pick({ email: true, password: true });
export type LoginForm = z.infer<typeof loginFormSchema>;

/** A session: SPEC's token and user, and the administrator's role. */
export const signedInSchema = z.object({
  token: z.string(),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string(), role: roleSchema }),
  /**
   * Present (true) when an Owner requires two-factor sign-in and this
   * administrator has not set it up: until then every call but getProfile,
   * totp-setup, totp-enable and logout answers 403.
   */
  two_factor_setup_required: z.literal(true).optional(),
});

/** The password was right and the account has two-factor sign-in: login-2fa completes it. */
const secondFactorSchema = z.object({
  two_factor_required: z.literal(true),
  /** Single use, for login-2fa. */
  challenge: z.string(),
  /** Seconds the challenge stays valid. */
  expires_in: z.number().int(),
});

/** SPEC's answer (token and user), or the second step of a two-factor sign-in (no token). */
const loginDataSchema = z.union([signedInSchema, secondFactorSchema]);
export type LoginData = z.infer<typeof loginDataSchema>;

/** A TOTP code (RFC 6238, 6 digits) or one of the recovery codes (`abcde-fghij`). */
const login2faRequestSchema = z.object({
  challenge: z
    .string({ error: 'This sign-in has expired. Please sign in again.' })
    .min(1, 'This sign-in has expired. Please sign in again.')
    .max(200, 'This sign-in has expired. Please sign in again.'),
  code: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'Please enter the code from your authenticator app.' })
      .min(1, 'Please enter the code from your authenticator app.')
      .max(32, 'The code is not correct.'),
  ),
});
export const login2faFormSchema = login2faRequestSchema.pick({ code: true });
export type Login2faForm = z.infer<typeof login2faFormSchema>;

export const profileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** getProfile: the profile, and what the signed-in administrator may do. */
export const meSchema = profileSchema.extend({
  role: roleSchema,
  two_factor_enabled: z.boolean(),
  /** Two-factor sign-in is required and not set up yet: only its set-up is open. */
  two_factor_setup_required: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;

export const AUTH_MESSAGES = {
  loggedIn: 'Login successfully.',
  badCredentials: 'Invalid email or password.',
  loggedOut: 'Logout successfully.',
  unauthenticated: 'Unauthenticated.',
  tooManyRequests: 'Too many attempts. Please try again later.',
  secondFactor: 'Enter the code from your authenticator app.',
  challengeDead: 'This sign-in has expired. Please sign in again.',
  codeWrong: 'The code is not correct.',
} as const;

// ---------------------------------------------------------------- calls

const signInCalls = area('Sign-in', EVERY_ROLE);

export const login = signInCalls.post('login', {
  summary: 'Sign in: a bearer token and the administrator (rate limited).',
  input: loginRequestSchema,
  data: loginDataSchema,
  public: true,
});

export const login2fa = signInCalls.post('login-2fa', {
  summary:
    'Second step of a two-factor sign-in: the challenge of login and a TOTP or recovery code (rate limited like login).',
  input: login2faRequestSchema,
  data: signedInSchema,
  public: true,
});

export const logout = signInCalls.post('logout', {
  summary: 'End this session: its token stops working at once.',
  data: z.null(),
});
