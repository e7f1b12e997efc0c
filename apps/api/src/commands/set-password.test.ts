import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getProfile, urlOf } from '@cabdesk/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../db/client';
import { admins, auditLog } from '../db/schema';
import { verifyPassword } from '../lib/password';
import {
  ADMIN,
  bearer,
  buildTestApp,
  createAdmin,
  signIn,
  TEST_HASH_COST,
} from '../../test/helper';
import { setPassword } from './set-password';

const apiDir = fileURLToPath(new URL('../..', import.meta.url));

describe('set-password (npm run admin)', () => {
  it('sets the password, ends every session of that administrator and audits it', async () => {
    const { app, database } = await buildTestApp();
    const admin = await createAdmin(database);
    const token = await signIn(app);

    const result = await setPassword(database, {
      email: ADMIN.email.toUpperCase(),
      password: 'a fresh passphrase',
      hashCost: TEST_HASH_COST,
    });

    expect(result).toEqual({
      ok: true,
      message: `The password of ${ADMIN.email} is set; every session of that administrator has ended.`,
    });
    const revoked = await app.inject({ url: urlOf(getProfile), headers: bearer(token) });
    expect(revoked.statusCode).toBe(401);
    await expect(signIn(app)).rejects.toThrow(/401/);
    await signIn(app, { email: ADMIN.email, password: 'a fresh passphrase' });
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'password_set_on_server'));
    expect(entry).toMatchObject({
      adminId: admin.id,
      tableName: 'admins',
      recordId: admin.id,
      ip: null,
    });
  });

  it.each([
    ['short', 'The password must be at least 8 characters. Nothing was changed.'],
    [
      'password1',
      'This password is too common. Please choose a less predictable one. Nothing was changed.',
    ],
  ])('refuses %j and changes nothing', async (password, message) => {
    const { app, database } = await buildTestApp();
    await createAdmin(database);
    const token = await signIn(app);

    const result = await setPassword(database, {
      email: ADMIN.email,
      password,
      hashCost: TEST_HASH_COST,
    });

    expect(result).toEqual({ ok: false, message });
    expect((await app.inject({ url: urlOf(getProfile), headers: bearer(token) })).statusCode).toBe(
      200,
    );
    await signIn(app);
  });

  it('says so for an address that is no administrator', async () => {
    const { database } = await buildTestApp();
    await createAdmin(database);
    const result = await setPassword(database, {
      email: 'nobody@cabdesk.test',
      password: 'a fresh passphrase',
      hashCost: TEST_HASH_COST,
    });
    expect(result).toEqual({
      ok: false,
      message: 'No administrator has the e-mail nobody@cabdesk.test.',
    });
  });

  it('runs as a command that reads the password from standard input', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cabdesk-admin-cli-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const run = (args: string[], input: string) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'src/admin-cli.ts', ...args], {
          cwd: apiDir,
          env: {
            PATH: process.env.PATH,
            NODE_ENV: 'test',
            DATA_DIR: dataDir,
            PASSWORD_HASH_COST: String(TEST_HASH_COST),
          },
          stdio: ['pipe', 'pipe', 'pipe'],
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += String(chunk)));
        child.stderr.on('data', (chunk: Buffer) => (stderr += String(chunk)));
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, stdout, stderr }));
        child.stdin.end(input);
      });

    const usage = await run(['reset-everything'], '');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('unknown command "reset-everything"');

    // A fresh directory: the command migrates it and finds nobody.
    const nobody = await run(['set-password', ADMIN.email], 'a fresh passphrase\n');
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain(`No administrator has the e-mail ${ADMIN.email}.`);

    const database = await openDatabase({ dataDir });
    await createAdmin(database);
    await database.close();

    const done = await run(['set-password', ADMIN.email], 'a fresh passphrase\nignored line\n');
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    expect(done.stdout).toContain(`The password of ${ADMIN.email} is set`);
    expect(done.stdout).not.toContain('a fresh passphrase');

    const reopened = await openDatabase({ dataDir });
    const [row] = await reopened.db.select().from(admins);
    await reopened.close();
    expect(await verifyPassword('a fresh passphrase', row!.passwordHash!)).toBe(true);
  }, 90_000);
});
