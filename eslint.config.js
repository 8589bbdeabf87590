// ESLint flat config: TypeScript + Svelte, Prettier for formatting, and the import boundaries of
// docs/design.md "Electron only in the glue" (and the renderer talks only to the bridge).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const electronOnlyInGlue = {
  paths: [
    {
      name: 'electron',
      message:
        'electron may be imported only by main/index.ts, main/platform/ and preload/index.ts: put the logic in the core and inject a port.',
    },
  ],
};

const nodeBuiltins = [
  'assert',
  'buffer',
  'child_process',
  'crypto',
  'dns',
  'events',
  'fs',
  'fs/promises',
  'http',
  'https',
  'net',
  'os',
  'path',
  'process',
  'stream',
  'tls',
  'url',
  'util',
  'worker_threads',
  'zlib',
];

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      'test-results/**',
      'coverage/**',
      'build/**',
      '.svelte-kit/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs['flat/recommended'],
  prettier,
  ...svelte.configs['flat/prettier'],
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', electronOnlyInGlue],
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'] },
    },
  },
  {
    // The Electron glue: the only places allowed to import electron.
    files: ['main/index.ts', 'main/platform/**/*.ts', 'preload/index.ts', 'test/**/*.ts', 'scripts/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The renderer talks to main only through window.classcharts (renderer/lib/bridge).
    files: ['renderer/**/*.ts', 'renderer/**/*.svelte'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...electronOnlyInGlue.paths,
            ...nodeBuiltins.map((name) => ({
              name,
              message: 'The renderer runs in a sandbox: no Node modules.',
            })),
          ],
          patterns: [
            { group: ['node:*'], message: 'The renderer runs in a sandbox: no Node modules.' },
            {
              group: ['**/main/**', '../main', '../../main'],
              message:
                'The renderer may not import from main/: use preload/contract.ts types and the bridge.',
            },
          ],
        },
      ],
    },
  },
);
