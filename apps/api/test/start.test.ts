import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';

const apiDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * `npm start`'s server on a first start, as someone trying Cabdesk runs it
 * (the embedded database), with the info lines a deployment logs: what it
 * printed once the ready line is out and the start has gone quiet.
 */
async function firstStart() {
  const dataDir = mkdtempSync(join(tmpdir(), 'cabdesk-start-'));
  onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(dataDir, 'no-web'),
      SEED_DEMO: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  onTestFinished(async () => {
    child.kill('SIGKILL');
    await exited;
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  await expect.poll(() => output, { timeout: 90_000, interval: 100 }).toContain('Cabdesk is ready');
  // Nothing is asked of it: whatever the start still had to say comes within moments.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  return output;
}

describe('the first start', () => {
  it('ends with the ready line: the first document check says it is done before it', async () => {
    const output = await firstStart();
    const lines = output.split('\n').filter((line) => line.trim() !== '');
    expect(lines.at(-1)).toMatch(
      /^Cabdesk is ready at http:\/\/127\.0\.0\.1:\d+: sign in as admin@example\.com with the password above\.$/,
    );
    const checked = lines.findIndex((line) => line.includes('daily document check done'));
    expect(checked).toBeGreaterThan(-1);
    expect(checked).toBeLessThan(lines.findIndex((line) => line.startsWith('  password: ')));
  }, 120_000);
});
