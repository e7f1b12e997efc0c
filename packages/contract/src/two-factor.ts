import { z } from 'zod';
import { ACCOUNT_MESSAGES, PASSWORD_MAX_LENGTH } from './account';
import { area, EVERY_ROLE } from './endpoint';

/** RFC 6238 as authenticator apps read it: 6 digits, a new code every 30 seconds. */
export const TOTP_DIGITS = 6;
/** Recovery codes shown at enrolment, each good for one sign-in. */
export const RECOVERY_CODE_COUNT = 10;
/** How long a step-up (the password and a code, given again) lets a session change its second factor. */
export const STEP_UP_TTL_SECONDS = 5 * 60;

export const TWO_FACTOR_MESSAGES = {
  setUp: 'Scan the code with your authenticator app, then enter a code it shows.',
  enabled: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
  codeRequired: 'Please enter the 6-digit code from your authenticator app.',
  codeWrong: 'The code is not correct.',
  setUpFirst: 'Please scan a new code first.',
  setUpRequired: 'Two-factor sign-in is required: please set it up first.',
  stepUpCodeRequired: 'Please enter a code from your authenticator app or a recovery code.',
  steppedUp: 'Confirmed. You may change your two-factor sign-in for the next 5 minutes.',
  stepUpRequired:
    'Please confirm it is you: enter your password and a code from your authenticator app.',
  disabled: 'Two-factor sign-in is off.',
  requiredOfEveryone:
    'Two-factor sign-in is required of every administrator: set up a new authenticator instead.',
  notEnabled: 'Two-factor sign-in is not on.',
  newRecoveryCodes:
    'Here are your new recovery codes; the old ones no longer work. Keep them somewhere safe.',
} as const;

const totpSetupDataSchema = z.object({
  /** `otpauth://totp/Cabdesk:<e-mail>?secret=…&issuer=Cabdesk`, what the QR code holds. */
  otpauth_url: z.string(),
  /** The same as a PNG data URL, for an `<img>`. */
  qr_code: z.string(),
  /** The secret in Base32, for typing into an app that cannot scan. */
  secret: z.string(),
});

export const totpEnableFormSchema = z.object({
  code: z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/\s/g, '') : v),
    z
      .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
      .regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), TWO_FACTOR_MESSAGES.codeRequired),
  ),
});
export type TotpEnableForm = z.infer<typeof totpEnableFormSchema>;

/**
 * POST step-up: the current password and, when two-factor sign-in is on, a
 * code of the authenticator or a recovery code. For STEP_UP_TTL_SECONDS the
 * session may then change its second factor.
 */
export const stepUpFormSchema = z.object({
  password: z
    .string({ error: ACCOUNT_MESSAGES.oldPasswordRequired })
    .min(1, ACCOUNT_MESSAGES.oldPasswordRequired)
    .max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.passwordTooLong),
  code: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : v),
    z.string().max(32, TWO_FACTOR_MESSAGES.codeWrong).optional(),
  ),
});
export type StepUpForm = z.input<typeof stepUpFormSchema>;

const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });

// ---------------------------------------------------------------- calls

const twoFactorCalls = area('Two-factor sign-in', EVERY_ROLE);

export const stepUp = twoFactorCalls.post('step-up', {
  summary:
    'Confirm it is you (the password, and a code or a recovery code when two-factor sign-in is on): for 5 minutes this session may replace, turn off or renew its second factor.',
  input: stepUpFormSchema,
  data: z.object({ expires_in: z.number().int() }),
});

export const totpSetup = twoFactorCalls.post('totp-setup', {
  summary:
    'Start (or restart) enrolment: a new secret as an otpauth URL and its QR code; nothing changes until totp-enable. Over a second factor already on, it needs a step-up (403 without).',
  data: totpSetupDataSchema,
});

export const totpEnable = twoFactorCalls.post('totp-enable', {
  summary:
    'Confirm enrolment with a code of the new secret: two-factor sign-in is on; answers 10 single-use recovery codes, shown only this once. The account is e-mailed and its other sessions end.',
  input: totpEnableFormSchema,
  data: recoveryCodesSchema,
});

export const totpDisable = twoFactorCalls.post('totp-disable', {
  summary:
    'Turn your two-factor sign-in off (needs a step-up; 409 while an Owner requires it of everyone). The account is e-mailed and its other sessions end.',
  data: z.null(),
});

export const recoveryCodesRenew = twoFactorCalls.post('recovery-codes', {
  summary:
    'New recovery codes, shown only this once; the old ones die (needs a step-up). The account is e-mailed and its other sessions end.',
  data: recoveryCodesSchema,
});
