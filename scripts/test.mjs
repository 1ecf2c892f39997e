// `npm test`: everything a change can break, in order, ending with one summary line.
// Steps: install, lint (ESLint with the import-boundary rules, and their own test), the format
// check (Prettier), type-check (`tsc -b` over the project references), the release dry run (lerna
// version and npm pack in a throwaway clone), every jest suite (server on SQLite, and PostgreSQL
// when DATABASE_URL is set), the remote generator's test (a generated remote builds, lints and
// mounts), the Storybook build, the production build, the Playwright journeys.
import { join } from 'node:path';
import { buildFrontends, ensureChromium, ensureInstalled, log, root, run } from './lib/setup.mjs';

const bin = (name) => join(root, 'node_modules/.bin', name);
const only = process.argv.slice(2);

const steps = [
  [
    'install',
    () => {
      ensureInstalled();
      process.env.CHROMIUM_PATH = ensureChromium();
    },
  ],
  [
    'lint',
    () => {
      run(process.execPath, ['--test', '--test-reporter=dot', join(root, 'scripts/eslint-boundaries.test.mjs')]);
      run(bin('eslint'), ['.', '--max-warnings=0', '--cache', '--cache-strategy', 'content', '--cache-location', '.build-cache/eslint/']);
    },
  ],
  [
    'format',
    () =>
      run(bin('prettier'), [
        '--check',
        '.',
        '--log-level',
        'warn',
        '--cache',
        '--cache-strategy',
        'content',
        '--cache-location',
        '.build-cache/prettier',
      ]),
  ],
  // One build over the root tsconfig.json's project references: declarations only, into the
  // git-ignored .tsbuild/, so an unchanged package is not checked again.
  ['typecheck', () => run(bin('tsc'), ['-b'])],
  ['release', () => run(process.execPath, [join(root, 'scripts/release-dry-run.mjs')])],
  ['jest', () => run(bin('jest'), ['--ci', '--maxWorkers=2'])],
  ['generator', () => run(process.execPath, ['--test', '--test-reporter=spec', join(root, 'scripts/new-remote.test.mjs')])],
  [
    'storybook',
    () => run(bin('storybook'), ['build', '-o', 'storybook-static', '--quiet', '--disable-telemetry'], { env: { STORYBOOK_DISABLE_TELEMETRY: '1' } }),
  ],
  ['build', () => buildFrontends()],
  ['e2e', () => run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'])],
];

const started = Date.now();
const results = [];
for (const [name, step] of steps) {
  if (only.length && name !== 'install' && !only.includes(name)) continue;
  const t0 = Date.now();
  log(`step ${name} ...`);
  try {
    step();
    results.push({ name, ok: true, seconds: (Date.now() - t0) / 1000 });
    log(`step ${name} ok in ${results.at(-1).seconds.toFixed(0)}s`);
  } catch (error) {
    results.push({ name, ok: false, seconds: (Date.now() - t0) / 1000 });
    log(`step ${name} FAILED in ${results.at(-1).seconds.toFixed(0)}s: ${error.message}`);
    if (name === 'install') break;
  }
}
const failed = results.filter((r) => !r.ok);
const parts = results.map((r) => `${r.name} ${r.ok ? 'ok' : 'FAILED'} ${r.seconds.toFixed(0)}s`).join(', ');
const total = ((Date.now() - started) / 1000).toFixed(0);
const db = process.env.DATABASE_URL ? 'SQLite+PostgreSQL' : 'SQLite';
console.log(`\nnpm test: ${failed.length ? 'FAILED' : 'passed'} (${parts}; server on ${db}) in ${total}s`);
process.exit(failed.length ? 1 : 0);
