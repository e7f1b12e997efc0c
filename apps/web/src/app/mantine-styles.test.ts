import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The app loads Mantine's stylesheets per component (app/mantine-styles.ts
 * and each file's own imports), not the whole sheet. A component whose
 * stylesheet is missing still renders, unstyled: this test is what sees it.
 * For every source file, each Mantine component it imports needs its
 * stylesheet, and those of the components it is built from (found by
 * following Mantine's own modules to their CSS modules), imported by the
 * file itself or by app/mantine-styles.ts.
 */

const SOURCES = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const BASE_FILE = '/src/app/mantine-styles.ts';

const require = createRequire(import.meta.url);
const coreDir = dirname(require.resolve('@mantine/core/styles.css'));
const coreEsm = join(coreDir, 'esm');
const PACKAGES_WITH_STYLES = ['notifications', 'spotlight', 'charts'];

/** Each export of @mantine/core -> the module it comes from. */
const exportModules = new Map<string, string>();
for (const m of readFileSync(join(coreEsm, 'index.mjs'), 'utf8').matchAll(
  /import\s*\{([^}]*)\}\s*from\s*"(\.[^"]+)"/g,
)) {
  for (const name of (m[1] ?? '').split(',')) {
    const [local = '', alias] = name.trim().split(/\s+as\s+/);
    exportModules.set((alias ?? local).trim(), join(coreEsm, m[2] ?? ''));
  }
}

/** The stylesheets (`styles/<Name>.css`) behind a module: its CSS modules and its imports'. */
function sheetsOf(file: string, seen = new Set<string>(), sheets = new Set<string>()) {
  if (seen.has(file)) return sheets;
  seen.add(file);
  if (file.endsWith('.module.mjs')) sheets.add(basename(file, '.module.mjs'));
  const source = readFileSync(file, 'utf8');
  for (const m of source.matchAll(/^(?:import|export)\b[^'"]*?['"](\.[^'"]+)['"]/gm))
    sheetsOf(join(dirname(file), m[1] ?? ''), seen, sheets);
  return sheets;
}

/** The values (not types) a source imports from `module`. */
function importedValues(source: string, module: string): string[] {
  const names: string[] = [];
  const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*'${module}'`, 'g');
  for (const m of source.matchAll(pattern)) {
    for (const part of (m[1] ?? '').split(',')) {
      const name = part.trim();
      if (name !== '' && !name.startsWith('type ')) names.push(name.split(/\s+as\s+/)[0] ?? '');
    }
  }
  return names;
}

const coreSheets = (source: string) =>
  [...source.matchAll(/import '@mantine\/core\/styles\/([\w-]+)\.layer\.css'/g)].map(
    (m) => m[1] ?? '',
  );
const packageSheets = (source: string) =>
  [...source.matchAll(/import '@mantine\/(\w+)\/styles\.layer\.css'/g)].map((m) => m[1] ?? '');

/** The position of each component's rules in Mantine's whole sheet: the order to import them in. */
const wholeSheet = readFileSync(join(coreDir, 'styles.css'), 'utf8');
const orderOf = (sheet: string) =>
  wholeSheet.indexOf(
    readFileSync(join(coreDir, 'styles', `${sheet}.css`), 'utf8')
      .trim()
      .slice(0, 200),
  );

const baseSource = SOURCES[BASE_FILE] ?? '';
const base = new Set(coreSheets(baseSource));
const basePackages = new Set(packageSheets(baseSource));

describe("Mantine's stylesheets", () => {
  it('come per component, in the mantine layer: never the whole sheet or an unlayered file', () => {
    const wrong = Object.entries(SOURCES).flatMap(([file, source]) =>
      [...source.matchAll(/import '(@mantine\/[^']+\.css)'/g)]
        .map((m) => m[1] ?? '')
        .filter((css) => !/^@mantine\/(core\/styles\/[\w-]+|\w+\/styles)\.layer\.css$/.test(css))
        .map((css) => `${file}: ${css}`),
    );
    expect(wrong).toEqual([]);
    expect(base.has('baseline') && base.has('default-css-variables') && base.has('global')).toBe(
      true,
    );
  });

  it("are imported in Mantine's order, each once, and exist", () => {
    for (const [file, source] of Object.entries(SOURCES)) {
      const sheets = coreSheets(source);
      for (const sheet of sheets)
        expect(existsSync(join(coreDir, 'styles', `${sheet}.layer.css`)), `${file}: ${sheet}`).toBe(
          true,
        );
      const positions = sheets.map(orderOf);
      expect(positions, `${file}: ${sheets.join(', ')}`).toEqual(
        [...positions].sort((a, b) => a - b),
      );
      if (file !== BASE_FILE)
        expect(
          sheets.filter((s) => base.has(s)),
          `${file} imports what mantine-styles.ts has`,
        ).toEqual([]);
    }
  });

  it('of every component a file uses are loaded, and only those', () => {
    const missing: string[] = [];
    const unused: string[] = [];
    for (const [file, source] of Object.entries(SOURCES)) {
      const needed = new Set<string>();
      for (const name of importedValues(source, '@mantine/core')) {
        const module = exportModules.get(name);
        if (module) for (const sheet of sheetsOf(module)) needed.add(sheet);
      }
      const own = new Set(coreSheets(source));
      for (const sheet of needed)
        if (!base.has(sheet) && !own.has(sheet)) missing.push(`${file}: ${sheet}`);
      if (file !== BASE_FILE)
        for (const sheet of own) if (!needed.has(sheet)) unused.push(`${file}: ${sheet}`);

      const ownPackages = new Set(packageSheets(source));
      for (const pkg of PACKAGES_WITH_STYLES) {
        const uses = importedValues(source, `@mantine/${pkg}`).length > 0;
        if (uses && !basePackages.has(pkg) && !ownPackages.has(pkg))
          missing.push(`${file}: @mantine/${pkg}`);
        if (!uses && ownPackages.has(pkg) && file !== BASE_FILE)
          unused.push(`${file}: @mantine/${pkg}`);
      }
    }
    expect(missing, 'a component without its stylesheet').toEqual([]);
    expect(unused, 'a stylesheet no component of the file needs').toEqual([]);
  });

  it('that the test follows are there: a Select needs the Combobox and Input sheets', () => {
    const select = exportModules.get('Select');
    expect(select).toBeDefined();
    const sheets = sheetsOf(select!);
    expect(sheets.has('Combobox') && sheets.has('Input')).toBe(true);
  });
});
