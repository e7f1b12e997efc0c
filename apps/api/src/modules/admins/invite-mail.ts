import { INVITE_TTL_HOURS, type Role } from '@cabdesk/contract';
import { escapeHtml, framedMail, htmlParagraph, type Mail } from '../../lib/mailer';

/** The invitation: who invites, as what, and the single-use link (it appears nowhere else). */
export function inviteMail(to: string, link: string, invitedBy: string, role: Role): Mail {
  const subject = 'You are invited to Cabdesk';
  const lines = [
    `${invitedBy} invites you to run the Cabdesk back-office as ${role === 'Owner' || role === 'Operator' ? 'an' : 'a'} ${role}.`,
    `Open this link to choose your name and password. It works once, for ${INVITE_TTL_HOURS} hours:`,
  ];
  const after =
    'If you did not expect this invitation, ignore this e-mail: nothing happens without you.';
  return framedMail(
    to,
    subject,
    [...lines.flatMap((line) => [line, '']), link, '', after, ''],
    [
      ...lines.map(htmlParagraph),
      `    <p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      `    <p style="color: #52606d">${escapeHtml(after)}</p>`,
    ],
  );
}
