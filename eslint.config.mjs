// ESLint for the whole monorepo, one flat config. typescript-eslint's recommended rules (not the
// type-checked set: `tsc -b` already type-checks, and type-aware lint costs far more time on two
// cores), React's rules of hooks, and `portal/boundaries`: the dependency rules of ARCHITECTURE
// section 1 (scripts/eslint/portal-boundaries.mjs, proved by scripts/eslint-boundaries.test.mjs).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import portal from './scripts/eslint/portal-boundaries.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '**/coverage/',
      'storybook-static/',
      '**/@mf-types/',
      '**/.federation/',
      '.build-cache/',
      '.tsbuild/',
      'data/',
      '**/test-results/',
      'e2e/artifacts/',
      'bench/results/',
      // The new-remote templates are linted as what they make: scripts/new-remote.test.mjs lints a generated remote.
      'scripts/new-remote/templates/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { globals: { ...globals.node } },
    plugins: { portal },
    rules: {
      'portal/boundaries': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
      // tsc's noUnusedLocals/noUnusedParameters already report these; `_name` marks a deliberate one.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Browser code: the shell, the remotes, the shared packages, the chat widget and the stories.
    files: ['shell/src/**', 'mfe-*/src/**', 'shared/*/src/**', 'chat-widget/src/**', '.storybook/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Shipped code reports through the UI and the logger, not the console.
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Test code: jest's globals; `require` for jest.isolateModules; `any` for loosely read answers.
    files: ['**/*.test.{ts,tsx,js,mjs}', '**/src/test/**', '**/src/testing/**', '**/src/**/testing.ts', 'jest.*.js'],
    languageOptions: { globals: { ...globals.jest } },
    rules: { '@typescript-eslint/no-require-imports': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // jsdom's setup: browser globals, and Node's TextEncoder/TextDecoder put where jsdom lacks them.
    files: ['jest.setup-dom.js'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'no-redeclare': ['error', { builtinGlobals: false }] },
  },
  {
    // CommonJS: jest and webpack configs, the build factory.
    files: ['**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
