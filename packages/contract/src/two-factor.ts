import { z } from 'zod';
import { area, EVERY_ROLE } from './endpoint';

/** RFC 6238 as authenticator apps read it: 6 digits, a new code every 30 seconds. */
export const TOTP_DIGITS = 6;
/** Recovery codes shown at enrolment, each good for one sign-in. */
export const RECOVERY_CODE_COUNT = 10;

export const TWO_FACTOR_MESSAGES = {
  setUp: 'Scan the code with your authenticator app, then enter a code it shows.',
  enabled: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
  codeRequired: 'Please enter the 6-digit code from your authenticator app.',
  codeWrong: 'The code is not correct.',
  setUpFirst: 'Please scan a new code first.',
  setUpRequired: 'Two-factor sign-in is required: please set it up first.',
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

// ---------------------------------------------------------------- calls

const twoFactorCalls = area('Two-factor sign-in', EVERY_ROLE);

export const totpSetup = twoFactorCalls.post('totp-setup', {
  summary:
    'Start (or restart) enrolment: a new secret as an otpauth URL and its QR code; nothing changes until totp-enable.',
  data: totpSetupDataSchema,
});

export const totpEnable = twoFactorCalls.post('totp-enable', {
  summary:
    'Confirm enrolment with a code of the new secret: two-factor sign-in is on; answers 10 single-use recovery codes, shown only this once.',
  input: totpEnableFormSchema,
  data: z.object({ recovery_codes: z.array(z.string()) }),
});
