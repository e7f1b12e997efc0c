import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loadConfig } from '../config';
import { loadUploadSigningKey, UPLOAD_KEY_FILE } from './upload-key';

function dataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'cabdesk-key-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const fromEnv = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/cabdesk-unused', ...env });

describe('the upload signing key', () => {
  it('is generated once into DATA_DIR, readable by the owner only, and reused', () => {
    const dir = dataDir();
    const key = loadUploadSigningKey({ uploadSigningKey: undefined, dataDir: dir });
    expect(key.length).toBe(32);
    const file = join(dir, UPLOAD_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadUploadSigningKey({ uploadSigningKey: undefined, dataDir: dir })).toEqual(key);
    expect(readdirSync(dir)).toEqual([UPLOAD_KEY_FILE]);
  });

  it('is the same for processes that start together', async () => {
    const dir = dataDir();
    const module = fileURLToPath(new URL('./upload-key.ts', import.meta.url));
    const script = `const m = await import(${JSON.stringify(module)});
      console.log(m.loadUploadSigningKey({ dataDir: ${JSON.stringify(dir)} }).toString('hex'));`;
    const run = () =>
      promisify(execFile)(process.execPath, [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        script,
      ]);
    const keys = (await Promise.all(Array.from({ length: 6 }, run))).map((r) => r.stdout.trim());
    expect(keys[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(keys).size).toBe(1);
    expect(readdirSync(dir)).toEqual([UPLOAD_KEY_FILE]);
  });

  it('comes from UPLOAD_SIGNING_KEY when set (nothing written), hex or base64', () => {
    const dir = dataDir();
    const hex = 'a1'.repeat(32);
    const fromHex = fromEnv({ UPLOAD_SIGNING_KEY: hex }).uploadSigningKey!;
    expect(fromHex.toString('hex')).toBe(hex);
    expect(loadUploadSigningKey({ uploadSigningKey: fromHex, dataDir: dir })).toBe(fromHex);
    expect(readdirSync(dir)).toEqual([]);
    for (const base64 of [fromHex.toString('base64'), fromHex.toString('base64url')]) {
      expect(fromEnv({ UPLOAD_SIGNING_KEY: base64 }).uploadSigningKey).toEqual(fromHex);
    }
  });

  it('refuses a short or garbled UPLOAD_SIGNING_KEY at start-up, and a damaged key file', () => {
    for (const bad of ['secret', 'a1'.repeat(31), 'not a key at all, even if it is long enough']) {
      expect(() => fromEnv({ UPLOAD_SIGNING_KEY: bad })).toThrow(
        /UPLOAD_SIGNING_KEY: must be at least 32 random bytes/,
      );
    }
    const dir = dataDir();
    writeFileSync(join(dir, UPLOAD_KEY_FILE), 'short\n');
    expect(() => loadUploadSigningKey({ uploadSigningKey: undefined, dataDir: dir })).toThrow(
      /is not an upload signing key/,
    );
  });
});
