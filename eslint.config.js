import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    // One-way imports (ARCHITECTURE): web -> contract <- api.
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/apps/api/**', '@cabdesk/api'] }],
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
              // ...and react-hook-form's field names: `{...register('email')}`.
              'register',
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
