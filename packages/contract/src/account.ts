import { z } from 'zod';
import { meSchema, profileSchema } from './auth';
import { area, EVERY_ROLE } from './endpoint';
import { idSchema } from './envelope';

/** SPEC 9 and ARCHITECTURE: the one-time code is 5 digits. */
export const OTP_LENGTH = 5;
/** SPEC 9: minimum password length. */
export const PASSWORD_MIN_LENGTH = 8;
/** Longest password accepted (scrypt hashes anything, but a 10 KB string is not a password). */
export const PASSWORD_MAX_LENGTH = 1024;
/** Seconds between two codes for the same address through resendOtp. */
export const OTP_RESEND_SECONDS = 60;
/** A code lives this many seconds. */
export const OTP_TTL_SECONDS = 10 * 60;
/** A reset token (proof of a verified code) lives this many seconds. */
export const RESET_TOKEN_TTL_SECONDS = 15 * 60;

/** Messages of the account calls: SPEC 5 for the forms, plain sentences for the server. */
export const ACCOUNT_MESSAGES = {
  forgotEmail: 'Please enter your valid email ID.',
  otpInvalid: 'Please enter a valid OTP',
  otpSent: 'If this e-mail address belongs to an administrator, a code has been sent to it.',
  otpWrong: 'The code is not correct.',
  otpDead: 'This code has expired or was already used. Please ask for a new one.',
  otpVerified: 'The code is verified. Please choose a new password.',
  otpTooMany: 'Too many codes were asked for this e-mail address. Please try again later.',
  /** `{seconds}` is replaced by the seconds left. */
  otpResendWait: 'Please wait {seconds} seconds before asking for a new code.',
  /** `{wait}` is replaced by e.g. "2 minutes" or "30 days". */
  otpGuessedWait:
    'Wrong codes were entered for this e-mail address. Please wait {wait} before asking for a new code.',
  otpFailuresLocked: 'Too many wrong codes. Please try again in {wait}.',
  resetTokenMissing: 'Please verify the code sent to your e-mail first.',
  resetTokenDead: 'This password reset has expired or was already used. Please start again.',
  passwordReset: 'Your password has been changed. Please sign in with it.',
  newPasswordRequired: 'Please enter new password.',
  newPasswordMin: 'Password should be at least 8 characters.',
  confirmRequired: 'Please confirm your password.',
  passwordsDiffer: 'New password and Confirm password does not matched!',
  passwordTooLong: 'Password is too long.',
  oldPasswordRequired: 'Please enter old password',
  changeNewRequired: 'Please enter new password',
  changeNewMin: 'Please enter the password at least 8 characters.',
  changeConfirmRequired: 'Please enter confirm password',
  oldPasswordWrong: 'The current password is not correct.',
  passwordChanged: 'Your password has been changed. Please sign in again.',
  fullNameRequired: 'Please enter your full name.',
  fullNameTooLong: 'Full name is too long.',
  emailRequired: 'Please enter your email.',
  emailInvalid: 'Please enter valid email.',
  emailFixed: 'The e-mail address cannot be changed.',
  phoneRequired: 'Please enter your mobile number.',
  // SPEC 5, trailing space included.
  phoneInvalid: 'Please enter valid 10 digit mobile number ',
  profileUpdated: 'Profile updated successfully.',
  /** `{wait}` is replaced by e.g. "12 minutes". */
  loginLocked: 'Too many failed sign-in attempts. Please try again in {wait}.',
  changePasswordLocked: 'Too many wrong passwords. Please try again in {wait}.',
} as const;

/**
 * "1 minute", "12 minutes", "3 hours", "30 days": how long a limit still
 * holds, rounded up to whole minutes, hours past 2 hours, days past 2 days.
 */
export const waitText = (seconds: number) => {
  const units: [string, number][] = [
    ['day', 86_400],
    ['hour', 3600],
  ];
  for (const [unit, size] of units) {
    if (seconds > 2 * size) return `${Math.ceil(seconds / size)} ${unit}s`;
  }
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/** SPEC 5 (forgot password): one message for a missing and for a bad address. */
const forgotEmailSchema = z.preprocess(
  trimmed,
  z.email({ error: ACCOUNT_MESSAGES.forgotEmail }).max(254, ACCOUNT_MESSAGES.forgotEmail),
);

// ---------------------------------------------------------------- codes

export const sendOtpRequestSchema = z.object({ email: forgotEmailSchema });
export type SendOtpRequest = z.infer<typeof sendOtpRequestSchema>;
const resendOtpRequestSchema = sendOtpRequestSchema;

/** The answer of sendOtp and resendOtp: never the code (ARCHITECTURE). */
const sendOtpDataSchema = z.object({
  email: z.string(),
  /** Seconds the code stays valid. */
  expires_in: z.number().int(),
  /** Seconds before resendOtp will send another code. */
  resend_in: z.number().int(),
});

/** The `data` of a 429 from resendOtp: the seconds left. */
export const retryAfterDataSchema = z.object({
  errors: z.record(z.string(), z.string()),
  retry_after: z.number().int(),
});

const otpSchema = z
  .string({ error: ACCOUNT_MESSAGES.otpInvalid })
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), ACCOUNT_MESSAGES.otpInvalid);

const verifyOtpRequestSchema = z.object({ email: forgotEmailSchema, otp: otpSchema });

const verifyOtpDataSchema = z.object({
  /** Single-use proof of the verified code, exchanged for a new password. */
  token: z.string(),
  expires_in: z.number().int(),
});

// ---------------------------------------------------------------- passwords

export const passwordField = (required: string, min: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .min(PASSWORD_MIN_LENGTH, min)
    .max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.passwordTooLong);

export const confirmField = (required: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.passwordTooLong);

/** SPEC 5 (set new password after reset): the form's own field names. */
export const resetPasswordFormSchema = z
  .object({
    new_password: passwordField(
      ACCOUNT_MESSAGES.newPasswordRequired,
      ACCOUNT_MESSAGES.newPasswordMin,
    ),
    confirm_new_password: confirmField(ACCOUNT_MESSAGES.confirmRequired),
  })
  .refine((v) => v.new_password === v.confirm_new_password, {
    path: ['confirm_new_password'],
    message: ACCOUNT_MESSAGES.passwordsDiffer,
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/** SPEC 7 newPassword (form data): email, password, confirm_password, and the reset token. */
const newPasswordRequestSchema = z
  .object({
    email: forgotEmailSchema,
    password: passwordField(ACCOUNT_MESSAGES.newPasswordRequired, ACCOUNT_MESSAGES.newPasswordMin),
    confirm_password: confirmField(ACCOUNT_MESSAGES.confirmRequired),
    token: z
      .string({ error: ACCOUNT_MESSAGES.resetTokenMissing })
      .min(1, ACCOUNT_MESSAGES.resetTokenMissing)
      .max(200, ACCOUNT_MESSAGES.resetTokenDead),
  })
  .refine((v) => v.password === v.confirm_password, {
    path: ['confirm_password'],
    message: ACCOUNT_MESSAGES.passwordsDiffer,
  });
export type NewPasswordRequest = z.infer<typeof newPasswordRequestSchema>;

/** SPEC 5 (change password with the old one): the form's own field names. */
export const changePasswordFormSchema = z
  .object({
    old_password: z
      .string({ error: ACCOUNT_MESSAGES.oldPasswordRequired })
      .min(1, ACCOUNT_MESSAGES.oldPasswordRequired)
      .max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.passwordTooLong),
    new_password: passwordField(ACCOUNT_MESSAGES.changeNewRequired, ACCOUNT_MESSAGES.changeNewMin),
    confirm_new_password: confirmField(ACCOUNT_MESSAGES.changeConfirmRequired),
  })
  .refine((v) => v.new_password === v.confirm_new_password, {
    path: ['confirm_new_password'],
    message: ACCOUNT_MESSAGES.passwordsDiffer,
  });

/** SPEC 7 changePassword: password (the current one), new_password, confirm_password. */
const changePasswordRequestSchema = z
  .object({
    password: z
      .string({ error: ACCOUNT_MESSAGES.oldPasswordRequired })
      .min(1, ACCOUNT_MESSAGES.oldPasswordRequired)
      .max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.passwordTooLong),
    new_password: passwordField(ACCOUNT_MESSAGES.changeNewRequired, ACCOUNT_MESSAGES.changeNewMin),
    confirm_password: confirmField(ACCOUNT_MESSAGES.changeConfirmRequired),
  })
  .refine((v) => v.new_password === v.confirm_password, {
    path: ['confirm_password'],
    message: ACCOUNT_MESSAGES.passwordsDiffer,
  });

// ---------------------------------------------------------------- profile

export const fullNameSchema = z.preprocess(
  trimmed,
  z
    .string({ error: ACCOUNT_MESSAGES.fullNameRequired })
    .min(1, ACCOUNT_MESSAGES.fullNameRequired)
    .max(100, ACCOUNT_MESSAGES.fullNameTooLong),
);

/** SPEC 5: required, then 10 digits. */
const phoneSchema = z.preprocess(
  trimmed,
  z
    .string({ error: ACCOUNT_MESSAGES.phoneRequired })
    .min(1, ACCOUNT_MESSAGES.phoneRequired)
    .regex(/^\d{10}$/, ACCOUNT_MESSAGES.phoneInvalid),
);

const profileEmailSchema = z.preprocess(
  trimmed,
  z
    .email({
      error: (issue) =>
        issue.input === undefined || issue.input === ''
          ? ACCOUNT_MESSAGES.emailRequired
          : ACCOUNT_MESSAGES.emailInvalid,
    })
    .max(254, ACCOUNT_MESSAGES.emailInvalid),
);

/** SPEC 3: the profile form names its fields full_name, email, phone. */
export const profileFormSchema = z.object({
  full_name: fullNameSchema,
  email: profileEmailSchema,
  phone: phoneSchema,
});
export type ProfileForm = z.infer<typeof profileFormSchema>;

/**
 * SPEC 7 updateProfile: name, email, phone. The e-mail is the sign-in name and
 * cannot change here; when sent it must be the current one.
 */
const updateProfileRequestSchema = z.object({
  name: fullNameSchema,
  email: profileEmailSchema.optional(),
  phone: phoneSchema,
});

// ---------------------------------------------------------------- calls

const passwordRecoveryCalls = area('Password recovery', EVERY_ROLE);
const myProfileCalls = area('My profile', EVERY_ROLE);

export const sendOtp = passwordRecoveryCalls.post('sendOtp', {
  summary:
    "E-mail a password-reset code, when the address is an administrator's (same answer either way).",
  input: sendOtpRequestSchema,
  data: sendOtpDataSchema,
  public: true,
});

export const resendOtp = passwordRecoveryCalls.post('resendOtp', {
  summary: 'E-mail a new code, at most one a minute (429 with the seconds left).',
  input: resendOtpRequestSchema,
  data: sendOtpDataSchema,
  public: true,
});

export const verifyOtp = passwordRecoveryCalls.post('verifyOTP', {
  summary: 'Check a code: a single-use reset token for newPassword.',
  input: verifyOtpRequestSchema,
  data: verifyOtpDataSchema,
  public: true,
});

/** SPEC 7 sends it as form data; JSON works too. */
export const newPassword = passwordRecoveryCalls.post('newPassword', {
  summary: 'Set a new password with the reset token of a verified code; ends every session.',
  input: newPasswordRequestSchema,
  data: z.null(),
  public: true,
});

export const changePassword = myProfileCalls.post('changePassword', {
  summary: "Change one's own password with the current one; ends every session.",
  input: changePasswordRequestSchema,
  data: z.null(),
});

export const getProfile = myProfileCalls.get('getProfile', {
  summary: 'The signed-in administrator, with their role and two-factor state.',
  data: meSchema,
});

export const updateProfile = myProfileCalls.post('updateProfile', {
  summary: "Change one's own name and phone (the e-mail cannot change).",
  input: updateProfileRequestSchema,
  data: profileSchema,
});

// ---------------------------------------------------------------- sessions

export const SESSION_MESSAGES = {
  listed: 'Sessions fetched successfully.',
  revoked: 'The session has been ended.',
  revokedOthers: 'Every other session has been ended.',
  missing: 'There is no such session.',
  current: 'This is the session you are using: log out to end it.',
  oneOf: 'Send the id of a session or all_others.',
} as const;

/** One live session of the signed-in administrator. */
const sessionSchema = z.object({
  id: z.number().int(),
  /** The browser's User-Agent at sign-in (the web app names the browser and system). */
  user_agent: z.string().nullable(),
  device_type: z.string().nullable(),
  /** The client address at sign-in. */
  ip: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  /** The session making this call. */
  current: z.boolean(),
});
export type AdminSession = z.infer<typeof sessionSchema>;

/** `{ id }` ends one of my other sessions; `{ all_others: true }` every one but this. */
const sessionRevokeRequestSchema = z
  .object({
    id: idSchema.optional(),
    all_others: z.literal(true, { error: SESSION_MESSAGES.oneOf }).optional(),
  })
  .refine((v) => (v.id === undefined) !== (v.all_others === undefined), {
    message: SESSION_MESSAGES.oneOf,
    path: ['id'],
  });

export const sessionList = myProfileCalls.get('session-list', {
  summary: 'My live sessions, the newest first; `current` marks the one calling.',
  data: z.array(sessionSchema),
});

export const sessionRevoke = myProfileCalls.post('session-revoke', {
  summary: 'End one of my other sessions, or all of them: their tokens and streams stop at once.',
  input: sessionRevokeRequestSchema,
  data: z.object({ revoked: z.number().int() }),
});
