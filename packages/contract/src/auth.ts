import { z } from 'zod';
import { area, EVERY_ROLE } from './endpoint';

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

const loginDataSchema = z.object({
  token: z.string(),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
});

export const profileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const AUTH_MESSAGES = {
  loggedIn: 'Login successfully.',
  badCredentials: 'Invalid email or password.',
  loggedOut: 'Logout successfully.',
  unauthenticated: 'Unauthenticated.',
  tooManyRequests: 'Too many attempts. Please try again later.',
} as const;

// ---------------------------------------------------------------- calls

const signInCalls = area('Sign-in', EVERY_ROLE);

export const login = signInCalls.post('login', {
  summary: 'Sign in: a bearer token and the administrator (rate limited).',
  input: loginRequestSchema,
  data: loginDataSchema,
  public: true,
});

export const logout = signInCalls.post('logout', {
  summary: 'End this session: its token stops working at once.',
  data: z.null(),
});
