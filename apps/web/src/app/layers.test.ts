import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * STYLE "imports flow one way": `npm run lint` refuses an import against the
 * direction shared -> features -> app. Lints small sources as if they stood at
 * these paths, with the repository's own ESLint configuration.
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function layerErrors(path: string, source: string) {
  const [result] = await eslint.lintText(source, { filePath: `${root}apps/web/src/${path}` });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths')
    .map((m) => m.message);
}

const importing = (from: string) => `import * as other from '${from}';\nexport { other };\n`;

// The first lint loads the configuration and its parsers: seconds on a busy machine.
describe('the layers of the web app (npm run lint)', { timeout: 60_000 }, () => {
  it.each([
    ['features/rides/components/probe.ts', '@/features/users/api/get-user-list'],
    ['features/rides/components/probe.ts', '../../users/api/get-user-list'],
    ['features/vehicles/api/probe.ts', '@/features/rides/components/ride-columns'],
  ])('refuses a cross-feature import (%s from %s)', async (path, from) => {
    const errors = await layerErrors(path, importing(from));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('A feature does not import another feature');
  });

  it.each([
    ['features/users/api/probe.ts', '@/app/router', 'Features do not import the app layer.'],
    ['lib/probe.ts', '@/features/users/api/get-user-list', 'Shared code'],
    ['components/probe.ts', '@/app/routes/users/user-list-page', 'Shared code'],
    ['hooks/probe.ts', '@/features/auth/api/login', 'Shared code'],
  ])('refuses an upward import (%s from %s)', async (path, from, message) => {
    const errors = await layerErrors(path, importing(from));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  it.each([
    ['features/rides/components/probe.ts', '../api/get-ride-list'],
    ['features/rides/components/probe.ts', '@/features/rides/api/get-ride-detail'],
    ['features/rides/components/probe.ts', '@/components/data-table'],
    ['features/rides/components/probe.ts', '@/lib/query-client'],
    ['app/routes/probe.ts', '@/features/users/components/driver-table'],
    ['app/routes/probe.ts', '@/features/vehicles/components/vehicle-table'],
    ['lib/probe.ts', '@/hooks/use-table-url-state'],
  ])('allows %s to import %s', async (path, from) => {
    expect(await layerErrors(path, importing(from))).toEqual([]);
  });
});
