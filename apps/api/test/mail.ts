import { Writable } from 'node:stream';
import { SMTPServer } from 'smtp-server';
import { onTestFinished } from 'vitest';
import type { BuildAppOptions } from '../src/app';
import { buildTestApp, createAdmin } from './helper';

/**
 * Test support: an SMTP server on loopback that keeps every message it receives.
 * `held`: it accepts no message until `release()` (a server that does not answer
 * in time); `recipients` lists every RCPT TO it was given, accepted yet or not.
 */
export async function startSmtpSink(options: { held?: boolean } = {}) {
  const messages: { to: string[]; from: string; raw: string }[] = [];
  const recipients: string[] = [];
  const waiters: (() => void)[] = [];
  let release = () => {};
  const released = options.held
    ? new Promise<void>((resolve) => (release = resolve))
    : Promise.resolve();
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      recipients.push(address.address);
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        void released.then(() => {
          messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          waiters.splice(0).forEach((wake) => wake());
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  onTestFinished(() => {
    release();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** Waits for the `n`th message (1-based). */
  const nth = async (n: number, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (messages.length < n) {
      if (Date.now() > deadline) throw new Error(`no e-mail #${n} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    return messages[n - 1]!;
  };
  return {
    url: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
    messages,
    recipients,
    nth,
    release: () => release(),
  };
}

/** Test support: a logger that keeps the server log, to read e-mails written there. */
export function captureLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  return { logger: { level: 'info', stream }, lines };
}

/** The code of a reset e-mail (raw message or log line). */
export function codeIn(text: string) {
  const match = /Your code is: (\d{5})/.exec(text);
  if (!match) throw new Error(`no code in: ${text.slice(0, 500)}`);
  return match[1]!;
}

/** An app whose e-mails go to the (captured) log, the embedded default, with an administrator. */
export async function appWithLog(
  env: Record<string, string> = {},
  clock?: BuildAppOptions['clock'],
) {
  const log = captureLog();
  const built = await buildTestApp(env, log.logger, clock);
  await createAdmin(built.database);
  /** The code of the `n`th reset e-mail written to the log. */
  const code = async (n = 1) => {
    for (let i = 0; i < 100; i++) {
      const mails = log.lines.filter((l) => l.includes('Your code is:'));
      if (mails.length >= n) return codeIn(mails[n - 1]!);
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no e-mail #${n} in the log`);
  };
  return { ...built, log, code };
}
