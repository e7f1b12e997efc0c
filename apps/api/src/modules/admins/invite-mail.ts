import { INVITE_TTL_HOURS, type Role } from '@cabdesk/contract';
import { escapeHtml, type Mail } from '../../lib/mailer';

/** The invitation: who invites, as what, and the single-use link (it appears nowhere else). */
export function inviteMail(to: string, link: string, invitedBy: string, role: Role): Mail {
  const subject = 'You are invited to Cabdesk';
  const lines = [
    `${invitedBy} invites you to run the Cabdesk back-office as ${role === 'Owner' || role === 'Operator' ? 'an' : 'a'} ${role}.`,
    `Open this link to choose your name and password. It works once, for ${INVITE_TTL_HOURS} hours:`,
  ];
  const after =
    'If you did not expect this invitation, ignore this e-mail: nothing happens without you.';
  const text = [
    'Hello,',
    '',
    ...lines.flatMap((line) => [line, '']),
    link,
    '',
    after,
    '',
    '-- Cabdesk',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en">
  <body style="font-family: Arial, Helvetica, sans-serif; color: #1f2933; line-height: 1.5">
    <p>Hello,</p>
${lines.map((line) => `    <p>${escapeHtml(line)}</p>`).join('\n')}
    <p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
    <p style="color: #52606d">${escapeHtml(after)}</p>
    <p>Cabdesk</p>
  </body>
</html>`;
  return { to, subject, text, html };
}
