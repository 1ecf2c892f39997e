// The generator's test (`npm test`, step `generator`; alone: `node --test scripts/new-remote.test.mjs`):
// generates a remote into a throwaway folder and checks that it is a working remote: it builds
// (webpack production through the factory, its declaration published as remote.json), lints (the
// repo's ESLint config, as for mfe-*), type-checks, and mounts (its own page test and the mount of
// its single-spa lifecycles, in jest). It also checks what the generator refuses.
//
// The folder is `.build-cache/new-remote-test/` (git-ignored), beside the repo's files the generated
// ones name by relative path (`../jest.base`, `../tsconfig.base.json`, `../shared/*`: symlinks), so
// that module resolution walks up to the repo's node_modules. It is removed afterwards.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { ESLint } from 'eslint';
import { root } from './lib/setup.mjs';

const into = join(root, '.build-cache/new-remote-test');
const probe = join(into, 'mfe-probe');
const LINKED = ['jest.base.js', 'jest.setup-dom.js', 'jest.file-stub.js', 'tsconfig.base.json', 'shared'];

/** Runs a command; returns its exit code and output (never throws). */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const generate = (...args) => run(process.execPath, [join(root, 'scripts/new-remote.mjs'), ...args, '--into', into]);
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

before(() => {
  rmSync(into, { recursive: true, force: true });
  mkdirSync(into, { recursive: true });
  for (const name of LINKED) symlinkSync(join(root, name), join(into, name));
  copyFileSync(join(root, 'tsconfig.json'), join(into, 'tsconfig.json'));
});

after(() => rmSync(into, { recursive: true, force: true }));

test('refuses a name that is not one, or that the portal has already', () => {
  for (const [name, why] of [
    ['Mall', /not a remote name/],
    ['2shop', /not a remote name/],
    ['shop-mall', /not a remote name/],
    ['public', /reserved word/],
    ['shell', /the host/],
    ['reports', /mfe-reports exists already/],
    ['resource', /page \/resource would overlap \/resource/],
    ['ec', /page \/ec would overlap \/ec\/data-dispose/],
    ['login', /page \/login would overlap/],
  ]) {
    const { status, output } = generate(name);
    assert.equal(status, 1, `${name}: ${output}`);
    assert.match(output, why);
  }
  assert.deepEqual(readdirSync(into).sort(), [...LINKED, 'tsconfig.json'].sort());
});

test('writes a remote from the templates: the workspace, its reference, the same dependencies as the remotes', () => {
  const { status, output } = generate('probe', '--label', '试验');
  assert.equal(status, 0, output);
  assert.match(output, /npm install/);
  const manifest = readJson(join(probe, 'package.json'));
  assert.equal(manifest.name, '@portal/mfe-probe');
  const reports = readJson(join(root, 'mfe-reports/package.json')).dependencies;
  for (const [dep, version] of Object.entries(manifest.dependencies)) assert.equal(version, reports[dep], dep);
  assert.ok(readJson(join(into, 'tsconfig.json')).references.some((reference) => reference.path === 'mfe-probe'));
  assert.match(readFileSync(join(probe, 'src/standalone.tsx'), 'utf8'), /npm run start:standalone -w mfe-probe/);
  // A dev port of its own.
  const port = readFileSync(join(probe, 'webpack.config.js'), 'utf8').match(/devPort: (\d+)/)[1];
  for (const app of readdirSync(root).filter((folder) => folder === 'shell' || folder.startsWith('mfe-'))) {
    assert.doesNotMatch(readFileSync(join(root, app, 'webpack.config.js'), 'utf8'), new RegExp(`devPort: ${port}\\b`), app);
  }
  // A second run does not overwrite it.
  assert.match(generate('probe').output, /exists already/);
});

test('builds: webpack production through the factory, its declaration published as remote.json', () => {
  const out = join(into, 'dist');
  const { status, output } = run(
    process.execPath,
    [join(root, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production', '--output-path', out],
    {
      cwd: probe,
    },
  );
  assert.equal(status, 0, output);
  assert.deepEqual(readJson(join(out, 'remote.json')), { name: 'probe', label: '试验', routes: ['/probe'], menu: [], version: '0.1.0' });
  assert.deepEqual(
    readJson(join(out, 'mf-manifest.json')).exposes.map((exposed) => exposed.path),
    ['./app'],
  );
  assert.ok(existsSync(join(out, 'remoteEntry.js')));
});

test('lints with the rules of every remote', async () => {
  // The repo's config, its patterns read from the throwaway folder (so `mfe-*/src/**` matches it).
  const eslint = new ESLint({ cwd: into, overrideConfigFile: join(root, 'eslint.config.mjs') });
  const config = await eslint.calculateConfigForFile(join(probe, 'src/features/home/HomePage.tsx'));
  assert.ok(config.rules['react-hooks/rules-of-hooks'], 'the browser rules of mfe-* apply');
  const problems = (await eslint.lintFiles(['mfe-probe'])).flatMap((result) =>
    result.messages.map((message) => `${result.filePath}:${message.line} ${message.ruleId}: ${message.message}`),
  );
  assert.deepEqual(problems, []);
});

test("type-checks: its sources against the shared packages' sources", () => {
  // No project references: the shared packages are read from their sources, nothing is emitted.
  const tsconfig = join(into, 'tsconfig.probe.json');
  writeFileSync(
    tsconfig,
    JSON.stringify({
      extends: './tsconfig.base.json',
      compilerOptions: {
        composite: false,
        noEmit: true,
        emitDeclarationOnly: false,
        types: readJson(join(probe, 'tsconfig.json')).compilerOptions.types,
      },
      include: ['mfe-probe/src'],
    }),
  );
  const { status, output } = run(join(root, 'node_modules/.bin/tsc'), ['-p', tsconfig]);
  assert.equal(status, 0, output);
});

test('mounts: its page test and the mount of its single-spa lifecycles pass', () => {
  const { status, output } = run(process.execPath, [join(root, 'node_modules/jest/bin/jest.js'), '--ci', '--config', join(probe, 'jest.config.js')]);
  assert.equal(status, 0, output);
  assert.match(output, /Tests:\s+4 passed, 4 total/);
});
