import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * An SMTP server on loopback for the walks: the API sends its e-mails here
 * (SMTP_URL), and each message is written to `dir` as `<n>.eml`, where a walk
 * (another process) reads it.
 */
export async function startMailSink(dir: string) {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        count += 1;
        writeFileSync(join(dir, `${String(count).padStart(4, '0')}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Every message the sink has written so far, oldest first (raw RFC 5322 text). */
export function readMails(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .map((f) => readFileSync(join(dir, f), 'utf8'));
  } catch {
    return [];
  }
}
