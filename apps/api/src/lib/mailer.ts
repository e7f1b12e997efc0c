import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';

/** Text for an HTML e-mail body. */
export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Every e-mail's frame: the greeting and the signature around its body, as
 * text (lines) and HTML (lines of the body element).
 */
export function framedMail(
  to: string,
  subject: string,
  text: readonly string[],
  html: readonly string[],
): Mail {
  return {
    to,
    subject,
    text: ['Hello,', '', ...text, '-- Cabdesk'].join('\n'),
    html: `<!doctype html>
<html lang="en">
  <body style="font-family: Arial, Helvetica, sans-serif; color: #1f2933; line-height: 1.5">
    <p>Hello,</p>
${html.join('\n')}
    <p>Cabdesk</p>
  </body>
</html>`,
  };
}

/** An HTML paragraph of the body. */
export const htmlParagraph = (line: string) => `    <p>${escapeHtml(line)}</p>`;

/** A short notice: a greeting, its paragraphs and the signature, as text and HTML. */
export function noticeMail(to: string, subject: string, paragraphs: readonly string[]): Mail {
  return framedMail(
    to,
    subject,
    paragraphs.flatMap((line) => [line, '']),
    paragraphs.map(htmlParagraph),
  );
}

export interface Mailer {
  /** Resolves once the message is accepted by the SMTP server (or written to the log). */
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * E-mail through nodemailer. With `SMTP_URL` messages go to that server from
 * `MAIL_FROM`; without it (the embedded default) each message is written to the
 * server log, so a local operator can read the code it carries.
 */
export function createMailer(config: Config['mail'], log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(mail) {
        const info = await transport.sendMail({ from: config.from, ...mail });
        log.info(
          { mail: { to: mail.to, subject: mail.subject, id: info.messageId } },
          'e-mail sent',
        );
      },
      close: () => transport.close(),
    };
  }
  const transport: Transporter = nodemailer.createTransport({ jsonTransport: true });
  return {
    async send(mail) {
      await transport.sendMail({ from: config.from, ...mail });
      log.info(
        { mail: { from: config.from, to: mail.to, subject: mail.subject } },
        `E-mail (SMTP_URL is not set, so it is written here instead of sent)\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}`,
      );
    },
    close: () => transport.close(),
  };
}
