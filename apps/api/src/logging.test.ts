import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { dashboard, login, notificationStream, urlOf } from '@cabdesk/contract';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from './logging';
import { ADMIN, bearer, buildTestApp, createAdmin, signIn } from '../test/helper';

/** A writable stream that keeps what is written, and the text it kept so far. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines };
}

describe('logs', () => {
  it('record one line per request at info in production, none at info elsewhere', async () => {
    for (const [env, expected] of [
      ['production', 1],
      ['development', 0],
    ] as const) {
      const { stream, lines } = capture();
      const { app } = await buildTestApp(
        { NODE_ENV: env, PASSWORD_HASH_COST: '17' },
        { ...loggerOptions('info'), stream },
      );
      const answer = await app.inject({ url: urlOf(dashboard) });
      expect(answer.statusCode).toBe(401);
      const requestLines = lines.filter((line) => line.includes(urlOf(dashboard)));
      expect(requestLines, env).toHaveLength(expected);
      if (expected) {
        expect(JSON.parse(requestLines[0]!)).toMatchObject({
          level: 30,
          msg: 'request completed',
          req: { method: 'GET', url: urlOf(dashboard) },
          res: { statusCode: 401 },
        });
      }
    }
  });

  it('never contain a password, a bearer token or a stream ticket', async () => {
    const { stream, lines } = capture();
    const { app, database } = await buildTestApp({}, { ...loggerOptions('trace'), stream });
    await createAdmin(database);

    await app.inject({
      method: 'POST',
      url: urlOf(login),
      payload: { email: ADMIN.email, password: 'a wrong password' },
    });
    const token = await signIn(app);
    await app.inject({ url: urlOf(dashboard), headers: bearer(token) });
    // The stream is opened with a ticket in its URL (an EventSource sends no
    // header): a stolen one, refused, is logged the way a good one would be.
    const ticket = randomBytes(32).toString('base64url');
    const refused = await app.inject({
      url: `${urlOf(notificationStream)}?ticket=${ticket}&after=0`,
    });
    expect(refused.statusCode).toBe(401);

    const output = lines.join('\n');
    expect(output).toContain('request completed');
    expect(output).toContain(`${urlOf(notificationStream)}?ticket=[redacted]&after=0`);
    for (const secret of [ADMIN.password, 'a wrong password', token, ticket]) {
      expect(output).not.toContain(secret);
    }
  });

  it.each([
    ['/a?ticket=abc&after=5', '/a?ticket=[redacted]&after=5'],
    ['/a?after=5&Ticket=abc', '/a?after=5&Ticket=[redacted]'],
    ['/uploads/x.png?exp=1&sig=abc', '/uploads/x.png?exp=1&sig=[redacted]'],
    ['/a?t%69cket=abc', '/a?t%69cket=[redacted]'],
    ['/a?page=2&search=ticket', '/a?page=2&search=ticket'],
    ['/a', '/a'],
  ])('redacts secret query values in %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
