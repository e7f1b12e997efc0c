// `npm run typecheck`: every workspace's tsconfig checked by TypeScript 7, the
// native compiler (package `typescript-native`). `typescript` stays 6 for the
// tools that use the compiler's JavaScript API (typescript-eslint, knip), which
// 7 no longer has; docs/decisions/017-typecheck-with-the-native-compiler.md.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// The package exports no path to its command: found beside its package.json.
const tsc = join(
  dirname(createRequire(import.meta.url).resolve('typescript-native/package.json')),
  'bin/tsc',
);
const { workspaces } = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));

const failed = [];
for (const workspace of workspaces) {
  const result = spawnSync(process.execPath, [tsc, '-p', `${workspace}/tsconfig.json`], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) failed.push(workspace);
}
if (failed.length > 0) {
  console.error(`Type errors in ${failed.join(', ')}.`);
  process.exit(1);
}
