// `npm run lint`: ESLint and Prettier's check side by side (each keeps one core
// busy; docs/testing.md), then knip for unused files, exports and dependencies.
// Every tool's output is shown; fails if any of them fails.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Runs `command` with its output on this terminal; resolves to whether it passed. */
const passes = (command, args) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('exit', (code) => resolve(code === 0));
  });

const [eslint, prettier] = await Promise.all([
  passes('npx', ['eslint', '.']),
  passes('npx', ['prettier', '--check', '.', '--log-level', 'warn']),
]);
const knip = spawnSync('npx', ['knip'], { cwd: root, stdio: 'inherit' }).status === 0;

const failed = Object.entries({ eslint, prettier, knip }).filter(([, ok]) => !ok);
if (failed.length > 0) {
  console.error(`Lint failed: ${failed.map(([name]) => name).join(', ')}.`);
  process.exit(1);
}
