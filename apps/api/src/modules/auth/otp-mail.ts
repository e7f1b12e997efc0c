import { escapeHtml, framedMail, noticeMail, type Mail } from '../../lib/mailer';

/** The e-mail that carries a password-reset code: subject, text and HTML. */
export function otpMail(to: string, code: string, ttlMinutes: number): Mail {
  const subject = 'Your Cabdesk password reset code';
  return framedMail(
    to,
    subject,
    [
      'Someone asked to reset the password of the Cabdesk administrator account for this e-mail address.',
      '',
      `Your code is: ${code}`,
      '',
      `Enter it on the OTP Verification screen. It expires in ${ttlMinutes} minutes and works once.`,
      '',
      'If you did not ask for it, ignore this e-mail: your password stays as it is.',
      '',
    ],
    [
      '    <p>Someone asked to reset the password of the Cabdesk administrator account for',
      `      <strong>${escapeHtml(to)}</strong>.</p>`,
      '    <p>Your code is:</p>',
      `    <p style="font-size: 28px; font-weight: bold; letter-spacing: 8px; margin: 16px 0">${escapeHtml(code)}</p>`,
      `    <p>Enter it on the OTP Verification screen. It expires in ${ttlMinutes} minutes and works once.</p>`,
      '    <p style="color: #52606d">If you did not ask for it, ignore this e-mail: your password stays as it is.</p>',
    ],
  );
}

/** The warning to an administrator whose reset code died of wrong tries. */
export function guessedMail(to: string, tries: number): Mail {
  const subject = 'Someone tried to reset your Cabdesk password';
  const lines = [
    `Someone asked for a code to reset the password of the Cabdesk administrator account ${to} and entered ${tries} wrong codes.`,
    'Your password has not changed. Each further code for this address now waits twice as long as the last before it can be asked for.',
    'If it was not you, you need do nothing; tell the other administrators if it goes on. If it was you, sign in, or ask for a new code when the wait is over.',
  ];
  return noticeMail(to, subject, lines);
}
