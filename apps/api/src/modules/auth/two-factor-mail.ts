import { noticeMail, type Mail } from '../../lib/mailer';

/** What happened to an administrator's second factor, as the e-mail says it. */
export type SecondFactorChange = 'enabled' | 'replaced' | 'disabled' | 'codes' | 'reset';

const WHAT: Record<SecondFactorChange, string> = {
  enabled: 'Two-factor sign-in was turned on with a new authenticator.',
  replaced: 'A new authenticator replaced the old one; codes of the old one no longer work.',
  disabled: 'Two-factor sign-in was turned off.',
  codes: 'New recovery codes were made; the old ones no longer work.',
  reset: 'An Owner turned your two-factor sign-in off (for a lost phone, say).',
};

/** The notice that an administrator's second factor was changed, and what to do if it was not them. */
export function secondFactorMail(to: string, change: SecondFactorChange): Mail {
  return noticeMail(to, 'Your second factor was changed', [
    `The second factor of the Cabdesk administrator account ${to} was changed.`,
    WHAT[change],
    'Every other session of the account was signed out.',
    'If it was not you, sign in and change your password at once, and tell an Owner: they can see who did it in the audit log.',
  ]);
}
