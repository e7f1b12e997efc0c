import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import prettier from 'eslint-config-prettier';
import i18next from 'eslint-plugin-i18next';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';

/** The web app's source, and its features (one zone each, so a new feature is covered at once). */
const web = fileURLToPath(new URL('./apps/web/src/', import.meta.url));
const features = readdirSync(`${web}features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The API's source. */
const api = fileURLToPath(new URL('./apps/api/src/', import.meta.url));

/** Each workspace's imports resolved by its own tsconfig (the web app's `@/` alias). */
const resolverOf = (project) => [
  createTypeScriptImportResolver({ project, noWarnOnMultipleProjects: true }),
];
const webResolver = resolverOf('apps/web/tsconfig.json');

/**
 * STYLE "no import cycles" (issue 43): no file may import its way back to
 * itself, however long the way; a circle that works only because every use
 * sits inside a function breaks the day one moves to the top level. Type-only
 * imports do not count (they vanish at run time). import-x follows only .js
 * files unless told the extensions; packages from node_modules are not walked.
 */
const noCycle = (files, resolver) => ({
  files,
  plugins: { 'import-x': importX },
  settings: {
    'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    'import-x/resolver-next': resolver,
  },
  rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
});

/** One-way imports (ARCHITECTURE): web -> contract <- api. */
const apiNeverImportsWeb = {
  group: ['**/apps/web/**', '@cabdesk/web'],
  message: 'The API and the contract never import the web app.',
};

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/data/**', 'e2e/artifacts/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // A walk writes only inside the repository's ignored artifacts (support/paths.ts).
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/(work|home|tmp)\\//]',
          message: 'A walk writes only inside e2e/artifacts (screensDir, artifactsDir).',
        },
      ],
    },
  },
  {
    // One-way imports (ARCHITECTURE): web -> contract <- api.
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/apps/api/**', '@cabdesk/api'] }],
    },
  },
  {
    // STYLE "imports flow one way" (bulletproof-react's zones): shared pieces
    // (components, hooks, lib) -> features -> app. A feature does not import
    // another feature; screens that compose several live in app/routes.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Resolves the `@/` alias, so `@/features/users/...` counts like `../users/...`.
      'import-x/resolver-next': webResolver,
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: web,
          zones: [
            ...features.map((feature) => ({
              target: `./features/${feature}`,
              from: './features',
              except: [`./${feature}`],
              message: 'A feature does not import another feature: compose them in app/routes.',
            })),
            {
              target: './features',
              from: './app',
              message: 'Features do not import the app layer.',
            },
            {
              target: ['./components', './hooks', './lib'],
              from: ['./features', './app'],
              message: 'Shared code (components, hooks, lib) does not import features or the app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/**/*.ts', 'packages/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            apiNeverImportsWeb,
            {
              // A module of the API is used through its index file only: its
              // routes, repositories and helpers are its own business.
              regex: String.raw`(^|/)modules/[^/]+/`,
              message: "Import a module through its index ('./modules/auth').",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            apiNeverImportsWeb,
            {
              regex: String.raw`^\.\./[^./][^/]*/`,
              message: "Import another module through its index ('../auth').",
            },
          ],
        },
      ],
    },
  },
  {
    // Issue 43: the generated benchmark scales are the seed command's; the server
    // (bootstrap seeds the demo on a first start) never loads them.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/seed/cli.ts', 'apps/api/src/**/*.test.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: api,
          zones: [
            {
              target: '.',
              from: './seed/large.ts',
              message: 'Only the seed command (seed/cli.ts) loads the benchmark scales.',
            },
          ],
        },
      ],
    },
  },
  {
    // Issue 43: the bench uses the API through its public entry, never its files.
    files: ['bench/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/api/**', '@cabdesk/api/**'],
              message: "The bench uses the API through '@cabdesk/api' (apps/api/src/index.ts).",
            },
          ],
        },
      ],
    },
  },
  noCycle(['apps/web/src/**/*.{ts,tsx}'], webResolver),
  // One resolver for the three, so the API's files, which the bench imports, are read once.
  noCycle(
    ['apps/api/**/*.ts', 'bench/**/*.ts', 'packages/contract/**/*.ts'],
    resolverOf([
      'apps/api/tsconfig.json',
      'bench/tsconfig.json',
      'packages/contract/tsconfig.json',
    ]),
  ),
  {
    // Issue 7: every visible string comes from a translation key. Text in JSX,
    // and the attributes a person reads or hears (labels, titles, placeholders,
    // aria-labels, alt text...), may not be literal.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          callees: {
            exclude: [
              // The plugin's defaults...
              'i18n(ext)?',
              't',
              'require',
              'addEventListener',
              'removeEventListener',
              'postMessage',
              'getElementById',
              'dispatch',
              'commit',
              'includes',
              'indexOf',
              'endsWith',
              'startsWith',
              // ...and react-hook-form's field names: `{...register('email')}`,
              // also through useSchemaForm: `{...form.field('email')}`.
              'register',
              'field',
              'errorOf',
              'clearErrors',
              'getValues',
              'resetField',
              'setValue',
              'trigger',
              'watch',
            ],
          },
          'jsx-attributes': {
            exclude: [
              '(?!(?:label|title|placeholder|alt|aria-label|aria-description|aria-valuetext|aria-roledescription|description|error|message|tooltip|content|children|leftSection|rightSection|emptyText|noRecords|header)$).*',
            ],
          },
        },
      ],
    },
  },
  prettier,
);
