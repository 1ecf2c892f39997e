// The release dry run of `npm test` (step `release`): proves that a release would work, changing
// nothing here. In a throwaway clone of HEAD (its tags included) it runs what a release runs,
//   npx lerna version --yes --no-push      (lerna.json: conventional commits, independent versions)
// then checks what lerna left: one `chore(release)` commit with a clean tree, a tag
// `<package>@<version>` on it and a CHANGELOG.md entry for every package it versioned, and the
// lock file and every manifest still in Prettier's style; last it packs every package with
// `npm pack --dry-run`. Packages are private (remotes ship as built files, not through a registry),
// so the pack is the proof that each manifest makes a package. It prints the versions a release
// would give. It releases what is committed (HEAD); uncommitted changes are not part of it.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { log, root } from './lib/setup.mjs';

const clone = mkdtempSync(join(tmpdir(), 'portal-release-'));
const identity = {
  GIT_AUTHOR_NAME: 'release dry run',
  GIT_AUTHOR_EMAIL: 'release@localhost',
  GIT_COMMITTER_NAME: 'release dry run',
  GIT_COMMITTER_EMAIL: 'release@localhost',
};
const env = { ...process.env, ...identity };

/** Runs a command in the clone; returns its stdout, or throws with its output. */
function sh(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: clone, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}\n${result.stdout}${result.stderr}`);
  }
  return result.stdout;
}
const git = (...args) => sh('git', args);
const lerna = (...args) => sh(process.execPath, [join(root, 'node_modules/lerna/dist/cli.js'), ...args]);

function fail(message) {
  throw new Error(`release dry run: ${message}`);
}

try {
  git('clone', '--quiet', root, clone);
  // As on main: no remote (changelogs without links, nothing to push), on the branch releases come from.
  git('remote', 'remove', 'origin');
  git('checkout', '--quiet', '-B', 'main');
  symlinkSync(join(root, 'node_modules'), join(clone, 'node_modules'), 'dir');

  const before = JSON.parse(lerna('list', '--all', '--json', '--loglevel', 'silent'));
  const head = git('rev-parse', 'HEAD').trim();
  lerna('version', '--yes', '--no-push', '--loglevel', 'warn');

  if (git('rev-parse', 'HEAD').trim() === head) {
    log('release dry run: no package changed since its last release; nothing to version');
  } else {
    const status = git('status', '--porcelain', '--untracked-files=no');
    if (status.trim()) fail(`lerna left uncommitted changes:\n${status}`);
    const subject = git('log', '-1', '--format=%s');
    if (!subject.startsWith('chore(release): ')) fail(`the release commit is "${subject.trim()}", not a chore(release) commit`);
    const tags = git('tag', '--points-at', 'HEAD').split('\n').filter(Boolean);
    const after = JSON.parse(lerna('list', '--all', '--json', '--loglevel', 'silent'));
    const released = after.filter((pkg) => before.find((old) => old.name === pkg.name).version !== pkg.version);
    if (released.length === 0) fail('lerna made a release commit without changing a version');
    for (const pkg of released) {
      const old = before.find((p) => p.name === pkg.name).version;
      if (!tags.includes(`${pkg.name}@${pkg.version}`)) fail(`no tag ${pkg.name}@${pkg.version} on the release commit (tags: ${tags.join(', ')})`);
      const changelog = join(pkg.location, 'CHANGELOG.md');
      // The angular preset heads a minor or major release with '#', a patch with '##'.
      const heading = new RegExp(`^#{1,2} \\[?${pkg.version.replace(/[.]/g, '\\.')}\\]?[ (]`, 'm');
      if (!existsSync(changelog) || !heading.test(readFileSync(changelog, 'utf8'))) fail(`${pkg.name}: no CHANGELOG.md entry for ${pkg.version}`);
      log(`release dry run: ${pkg.name} ${old} -> ${pkg.version}`);
    }
    const manifests = git('diff', '--name-only', 'HEAD~1', 'HEAD')
      .split('\n')
      .filter((file) => file.endsWith('.json'));
    sh(process.execPath, [join(root, 'node_modules/prettier/bin/prettier.cjs'), '--check', '--log-level', 'warn', ...manifests]);
  }

  for (const pkg of JSON.parse(lerna('list', '--all', '--json', '--loglevel', 'silent'))) {
    const [packed] = JSON.parse(sh('npm', ['pack', '--dry-run', '--json', '--ignore-scripts', '--loglevel', 'error'], { cwd: pkg.location }));
    if (packed.name !== pkg.name || packed.version !== pkg.version)
      fail(`npm pack made ${packed.name}@${packed.version} of ${pkg.name}@${pkg.version}`);
    log(`release dry run: npm pack ${packed.filename}: ${packed.entryCount} files, ${(packed.size / 1024).toFixed(0)} KB`);
  }
  const branch = execFileSync('git', ['branch', '--show-current'], { cwd: root, encoding: 'utf8' }).trim() || 'HEAD';
  log(`release dry run: ok (a release of ${branch} would work; nothing here changed)`);
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
} finally {
  rmSync(clone, { recursive: true, force: true });
}
