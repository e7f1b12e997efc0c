// `npm start`: builds the web app if it has not been built, then runs the
// server in this process (it migrates, seeds on first run and serves).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(new URL('../apps/web/dist/index.html', import.meta.url))) {
  console.log('Building the web app (first start)...');
  const build = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// A server on PostgreSQL is a deployment; the embedded database, someone trying
// Cabdesk on their machine, whom a log line per request would only distract.
process.env.NODE_ENV ??= process.env.DATABASE_URL ? 'production' : 'development';
register();
await import('../apps/api/src/server.ts');
