// `npm run build --workspace apps/api` (a part of `npm run build`): the API and its commands
// compiled into plain JavaScript in apps/api/dist, which `npm start` and the server commands
// run with `node` (scripts/start.mjs). The workspace packages (the contract, the city) ship
// TypeScript sources, so they are bundled in; every other package stays an import of
// node_modules. Entries and chunks sit side by side in dist/, so what a module reads beside
// itself by `import.meta.url` (the migrations, the common-password list) is copied there.
import { build } from 'esbuild';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const at = (path) => new URL(path, import.meta.url);
const { dependencies } = JSON.parse(readFileSync(at('./package.json'), 'utf8'));

/** The programs, by the name of their file in dist/ (scripts/start.mjs runs them by it). */
const ENTRIES = {
  server: 'src/server.ts',
  seed: 'src/seed/cli.ts',
  simulate: 'src/simulation/simulate.ts',
  admin: 'src/admin-cli.ts',
};

const dist = at('./dist/');
rmSync(dist, { recursive: true, force: true });
await build({
  absWorkingDir: fileURLToPath(new URL('.', import.meta.url)),
  entryPoints: ENTRIES,
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  // The oldest Node it runs on (package.json "engines", and these machines' Node 20).
  target: 'node20.19',
  external: Object.keys(dependencies)
    .filter((name) => !name.startsWith('@cabdesk/'))
    .flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
cpSync(at('./src/db/migrations'), new URL('./migrations', dist), { recursive: true });
cpSync(at('./src/lib/common-passwords.txt'), new URL('./common-passwords.txt', dist));
