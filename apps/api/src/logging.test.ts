import { Writable } from 'node:stream';
import { paths } from '@cabdesk/contract';
import { describe, expect, it } from 'vitest';
import { redactPaths } from './app';
import { ADMIN, api, bearer, buildTestApp, createAdmin, signIn } from '../test/helper';

describe('logs', () => {
  it('never contain a password or a bearer token', async () => {
    let output = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        output += String(chunk);
        done();
      },
    });
    const logger = { level: 'trace', stream, redact: { paths: redactPaths, censor: '[redacted]' } };
    const { app, database } = await buildTestApp({}, logger);
    await createAdmin(database);

    await app.inject({
      method: 'POST',
      url: api(paths.login),
      payload: { email: ADMIN.email, password: 'a wrong password' },
    });
    const token = await signIn(app);
    await app.inject({ url: api(paths.dashboard), headers: bearer(token) });

    expect(output).toContain('request completed');
    expect(output).not.toContain(ADMIN.password);
    expect(output).not.toContain('a wrong password');
    expect(output).not.toContain(token);
  });
});
