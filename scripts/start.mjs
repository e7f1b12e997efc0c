// `npm start` (and `npm run seed|simulate|admin`, which name their program first): runs the
// compiled API (apps/api/dist) with plain `node`, in this process. Builds first only when
// there is no build and the build tools are installed (a checkout after `npm install`); a
// production install (`npm ci && npm run build && npm prune --omit=dev`) has its build and
// never builds again. `npm run dev` runs the sources instead (tsx, with reload).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PROGRAMS = ['server', 'seed', 'simulate', 'admin'];
const rootUrl = new URL('..', import.meta.url);
const root = fileURLToPath(rootUrl);
const program = PROGRAMS.includes(process.argv[2]) ? process.argv.splice(2, 1)[0] : 'server';
const entry = new URL(`../apps/api/dist/${program}.js`, import.meta.url);
const built = () =>
  existsSync(entry) && existsSync(new URL('../apps/web/dist/index.html', import.meta.url));

/** Whether `name` resolves from a workspace, as its build would import it. */
function installed(workspace, name) {
  try {
    createRequire(new URL(`../${workspace}/package.json`, import.meta.url)).resolve(name);
    return true;
  } catch {
    return false;
  }
}

if (!built()) {
  if (!installed('apps/web', 'vite') || !installed('apps/api', 'esbuild')) {
    console.error(
      'Cabdesk has not been built (apps/api/dist, apps/web/dist) and the build tools are not\n' +
        'installed (a production install after `npm prune --omit=dev`). Build before pruning:\n' +
        '  npm ci && npm run build && npm prune --omit=dev && npm start',
    );
    process.exit(1);
  }
  console.log('Building Cabdesk (first start)...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
} else if (installed('apps/api', 'esbuild')) {
  // A development checkout (the build tools are there): say so when the API's sources changed
  // after its build, since the build is what runs. A pruned production install skips this.
  const newest = (dir) =>
    Math.max(
      ...readdirSync(new URL(dir, rootUrl), { recursive: true, withFileTypes: true })
        .filter((file) => file.isFile())
        .map((file) => statSync(join(file.parentPath ?? file.path, file.name)).mtimeMs),
    );
  const sources = ['apps/api/src/', 'packages/contract/src/', 'packages/city/src/'];
  if (Math.max(...sources.map(newest)) > statSync(entry).mtimeMs) {
    console.warn(
      'The API changed after its build, which is what runs: `npm run build` to run the change\n' +
        '(or `npm run dev`, which runs the sources).',
    );
  }
}
// A server on PostgreSQL is a deployment; the embedded database, someone trying
// Cabdesk on their machine, whom a log line per request would only distract.
if (program === 'server') {
  process.env.NODE_ENV ??= process.env.DATABASE_URL ? 'production' : 'development';
}
await import(entry.href);
