import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'bench/results/**', 'e2e/test-results/**', 'server/drizzle/**', 'web/src/**/*.generated.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          // The contract's zod schemas are for the server; the browser bundle takes its types only.
          paths: [{ name: '@bakje/contract', allowTypeImports: true, message: 'The web imports types only from @bakje/contract (import type).' }],
        },
      ],
    },
  },
  {
    // Shared building blocks stay free of features, so any screen can use them without pulling one in. They
    // may use each other and the app-wide layers: the API client (api/), translations (i18n/) and styles.
    files: ['web/src/ui/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@bakje/contract', allowTypeImports: true, message: 'The web imports types only from @bakje/contract (import type).' }],
          patterns: [
            {
              regex: String.raw`^\.\./(?!ui(/|$)|lib(/|$)|api/|i18n/|styles/)`,
              message: 'web/src/ui and web/src/lib may import only each other, api, i18n and styles, not feature folders.',
            },
          ],
        },
      ],
    },
  },
  {
    // Layers (docs/decisions/0063-layer-rules.md): the database and the outside services sit below the
    // capabilities, so they never reach up into them.
    files: ['server/src/db/**/*.ts', 'server/src/integrations/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: String.raw`(^|/)modules(/|$)`, message: 'server/src/db and server/src/integrations import nothing from server/src/modules.' }],
        },
      ],
    },
  },
  {
    // Transports are thin over the modules: they may name the tables' types, but their values (lists such as
    // fulfilmentTypes) come from @bakje/contract and their queries live in a module.
    files: ['server/src/api/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`(^|/)db/schema(/|$)`,
              allowTypeImports: true,
              message: 'server/src/api takes only types from db/schema (import type); values come from @bakje/contract or a module.',
            },
          ],
        },
      ],
    },
  },
  {
    // A promise nobody awaits loses its error (an unhandled rejection ends the process; in the browser it
    // vanishes): every promise is awaited, returned, handled or explicitly dropped with `void`.
    files: ['server/**/*.ts', 'web/**/*.{ts,tsx}', 'contract/**/*.ts', 'e2e/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
);
