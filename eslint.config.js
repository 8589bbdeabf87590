// ESLint flat config: TypeScript + Svelte, Prettier for formatting, and the layers of docs/architecture.md:
// electron only in the glue (docs/design.md); common/ imports nothing of the app's; preload and the
// renderer never import main/; the API client (main/classcharts/) and the contract do not import each other;
// the terminal client (cli/) sits on top of main/: neither main/ nor common/ imports it; the dev tools
// (dev/: the fake ClassCharts server, the preview) sit beside the app: main/ and common/ never import them,
// and they never import the tests (test/).
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

const nodeModules = {
  paths: nodeBuiltins.map((name) => ({
    name,
    message: 'This layer runs in a sandbox too: no Node modules.',
  })),
  patterns: [{ group: ['node:*'], message: 'This layer runs in a sandbox too: no Node modules.' }],
};

/** No import from main/: preload and the renderer reach main only through the contract (common/contract). */
const notMain = {
  group: ['**/main/**', '../main', '../../main'],
  message: 'Only main may import from main/: use the contract in common/contract and the bridge.',
};

/** No import from cli/: the terminal client is a front end on top of main/, never a part of it. */
const notCli = {
  group: ['**/cli', '**/cli/**'],
  message: 'main/ and common/ do not import the terminal client (cli/): it imports them.',
};

/** No import from dev/: the fake server and the preview are tools around the app, never a part of it. */
const notDev = {
  group: ['**/dev', '**/dev/**'],
  message: 'main/ does not import dev/ (the fake ClassCharts server, the preview): they import main/.',
};

/** No import from test/: the dev tools run without the tests; code both need lives in scripts/ or dev/. */
const notTest = {
  group: ['**/test', '**/test/**'],
  message:
    'dev/ does not import test/: put what both need in scripts/ (e.g. scripts/child-processes.ts) or dev/.',
};

/** Code that runs in the page (renderer/, the preview's bridge): no electron, no Node modules, no main/. */
const pageLayer = (patterns) => ({
  paths: [...electronOnlyInGlue.paths, ...nodeModules.paths],
  patterns: [...nodeModules.patterns, notMain, ...patterns],
});

/** The shared project (common/) is the bottom layer: it imports nothing of main, preload or renderer. */
const commonLayer = {
  paths: [...electronOnlyInGlue.paths, ...nodeModules.paths],
  patterns: [
    ...nodeModules.patterns,
    {
      group: ['**/main/**', '**/preload/**', '**/renderer/**', '**/test/**', '**/dev/**', '**/cli/**'],
      message: 'common/ is the shared bottom layer: it may import only from common/.',
    },
  ],
};

/** The API client speaks the service's domain (common/domain.ts), not the popover's contract. */
const clientLayer = {
  paths: electronOnlyInGlue.paths,
  patterns: [
    notCli,
    notDev,
    {
      group: ['**/common/contract', '**/common/contract/**'],
      message:
        'The API client does not know the contract: use common/domain.ts, common/errors.ts, common/text.ts.',
    },
  ],
};

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
    // main/ never imports the terminal client; the glue (main/index.ts, main/platform/) may import electron.
    files: ['main/**/*.ts'],
    ignores: ['main/index.ts', 'main/platform/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { ...electronOnlyInGlue, patterns: [notCli, notDev] }] },
  },
  {
    files: ['main/index.ts', 'main/platform/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [notCli, notDev] }] },
  },
  {
    files: ['common/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', commonLayer] },
  },
  {
    files: ['main/classcharts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', clientLayer] },
  },
  {
    // Preload: the contract over Electron IPC; it may import electron (preload/index.ts) but not main/.
    files: ['preload/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [notMain] }] },
  },
  {
    // The dev tools (the fake server, the preview) never import the tests.
    files: ['dev/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { ...electronOnlyInGlue, patterns: [notTest] }] },
  },
  {
    // The preview's WebSocket bridge runs in the page (the preview build puts it in the renderer's bundle):
    // browser globals, no Node modules, no main/.
    files: ['dev/preview/ws-transport.ts', 'dev/preview/ws-protocol.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'no-restricted-imports': ['error', pageLayer([notTest])] },
  },
  {
    // The renderer talks to main only through window.classcharts (renderer/lib/bridge).
    files: ['renderer/**/*.ts', 'renderer/**/*.svelte'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        pageLayer([
          { group: ['**/preload/**'], message: 'The renderer reaches preload only as window.classcharts.' },
          {
            group: ['**/dev/**'],
            message:
              'dev/ (the fake server, the preview) is not part of the app: the preview build supplies its bridge (renderer/vite.config.ts).',
          },
        ]),
      ],
    },
  },
  {
    // Issue 27's limits on the app's own code and its dev tools: no file over 500 lines, no function over
    // 150.
    files: [
      'common/**/*.ts',
      'main/**/*.ts',
      'preload/**/*.ts',
      'renderer/**/*.ts',
      'renderer/**/*.svelte',
      'cli/**/*.ts',
      'dev/**/*.ts',
    ],
    rules: { 'max-lines': ['error', 500], 'max-lines-per-function': ['error', 150] },
  },
  {
    // The notification rules read what sync knows (main/known.ts); they never import sync itself.
    files: ['main/notify/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...electronOnlyInGlue,
          patterns: [
            notCli,
            notDev,
            { group: ['**/sync/**'], message: 'notify/ reads main/known.ts, not sync/.' },
          ],
        },
      ],
    },
  },
);
