// Install, build and run steps shared by `npm start`, `npm run serve`, `npm test` and the
// benchmarks. Node built-ins only: these run before node_modules exists on a fresh clone.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

export function log(message) {
  process.stdout.write(`[portal] ${message}\n`);
}

/** Runs a command, inheriting stdio; throws with the command's name when it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options, env: { ...process.env, ...options.env } });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
  }
}

function hashFiles(paths) {
  const hash = createHash('sha256');
  for (const path of paths.sort()) {
    hash.update(relative(root, path));
    hash.update(readFileSync(path));
  }
  return hash.digest('hex');
}

const SKIP = new Set(['node_modules', 'dist', 'coverage', 'storybook-static', 'test-results', '.build-cache']);

/** Every file under the folders, skipping build output; tests and stories count too (cheap and safe). */
export function listFiles(folders) {
  const out = [];
  const walk = (folder) => {
    if (!existsSync(folder)) return;
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (SKIP.has(entry.name)) continue;
      const full = join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push(full);
    }
  };
  folders.forEach(walk);
  return out;
}

/** The workspace folders, from the root package.json globs (one level: 'shared/*', 'mfe-*', 'server'). */
export function workspaces() {
  const globs = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces;
  const found = [];
  for (const glob of globs) {
    if (!glob.includes('*')) {
      if (existsSync(join(root, glob, 'package.json'))) found.push(glob);
      continue;
    }
    const [parent, pattern] = glob.includes('/') ? glob.split('/') : ['.', glob];
    const prefix = pattern.replace('*', '');
    for (const name of readdirSync(join(root, parent))) {
      const rel = parent === '.' ? name : `${parent}/${name}`;
      if (name.startsWith(prefix) && existsSync(join(root, rel, 'package.json'))) found.push(rel);
    }
  }
  return found;
}

/** `npm install` when node_modules is missing or any manifest or the lock changed since the last install. */
export function ensureInstalled() {
  const manifests = [join(root, 'package-lock.json'), ...workspaces().map((w) => join(root, w, 'package.json')), join(root, 'package.json')];
  const stamp = join(root, 'node_modules/.portal-install-stamp');
  const digest = hashFiles(manifests.filter(existsSync));
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) return;
  log('installing dependencies (npm install) ...');
  run('npm', ['install', '--no-audit', '--no-fund']);
  writeFileSync(stamp, digest);
}

/** Debian's Chromium for the browser journeys; a downloaded browser cannot be had here. */
export function ensureChromium() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  log('installing Debian chromium (apt-get) ...');
  const sudo = process.getuid && process.getuid() !== 0 ? ['sudo'] : [];
  const apt = (args) => run(sudo[0] || 'apt-get', sudo.length ? ['apt-get', ...args] : args, { env: { DEBIAN_FRONTEND: 'noninteractive' } });
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk']);
  return '/usr/bin/chromium';
}

/** The frontend apps: the shell and every remote, each built by the one factory in shared/build. */
export function frontendApps() {
  return workspaces().filter((w) => w === 'shell' || w.startsWith('mfe-'));
}

/** The federation name an app's webpack.config.js gives the factory. */
function federationName(app) {
  const match = readFileSync(join(root, app, 'webpack.config.js'), 'utf8').match(/name: '([^']+)'/);
  if (!match) throw new Error(`${app}/webpack.config.js does not name its federation container`);
  return match[1];
}

/**
 * Production builds of the shell, every remote and the chat widget, skipped per app when none of its inputs
 * (its own files, shared/*, the lock) changed since its last build. A remote builds into
 * dist/remotes/<name>/<version> (its package.json's version), beside the versions built before.
 * Writes dist/shell/remotes.json: a remote built now points at that build; one left as it was
 * keeps its pointer (a rolled-back remote stays rolled back) unless that version's folder is gone.
 * Returns the pointers.
 */
export function buildFrontends({ force = false } = {}) {
  const sharedInputs = [...listFiles([join(root, 'shared')]), join(root, 'package-lock.json')];
  const pointersFile = join(root, 'dist/shell/remotes.json');
  // Read before the shell's build, which empties dist/shell.
  let previous = {};
  try {
    previous = JSON.parse(readFileSync(pointersFile, 'utf8'));
  } catch {
    // first build, or no readable pointers: every remote points at its build
  }
  const remotes = {};
  for (const app of frontendApps()) {
    const name = federationName(app);
    const { version } = JSON.parse(readFileSync(join(root, app, 'package.json'), 'utf8'));
    const outDir = app === 'shell' ? join(root, 'dist/shell') : join(root, 'dist/remotes', name, version);
    const stampFile = join(root, '.build-cache', `${app}.hash`);
    const digest = hashFiles([...sharedInputs, ...listFiles([join(root, app)])]);
    const fresh = !force && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === digest && existsSync(outDir);
    if (fresh) {
      log(`${app}: build is up to date`);
    } else {
      log(`${app}: building (production) ...`);
      const started = Date.now();
      run(process.execPath, [join(root, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production'], { cwd: join(root, app) });
      mkdirSync(dirname(stampFile), { recursive: true });
      writeFileSync(stampFile, digest);
      log(`${app}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    if (app === 'shell') continue;
    const kept = previous[name];
    const keep = fresh && kept && typeof kept.version === 'string' && (kept.base || existsSync(join(root, 'dist/remotes', name, kept.version)));
    remotes[name] = keep ? kept : { version };
    if (keep && kept.version !== version) log(`${name}: remotes.json keeps version ${kept.version} (built: ${version})`);
  }
  writeFileSync(pointersFile, `${JSON.stringify(remotes, null, 2)}\n`);
  buildChatWidget({ force, sharedInputs });
  return remotes;
}

/**
 * The chat widget of the customers' landing pages (chat-widget/, esbuild): dist/chat/widget.js with
 * its .br/.gz copies, served at /chat/widget.js. Skipped, like an app, when none of its inputs changed.
 */
function buildChatWidget({ force, sharedInputs }) {
  const folder = join(root, 'chat-widget');
  const outDir = join(root, 'dist/chat');
  const stampFile = join(root, '.build-cache', 'chat-widget.hash');
  const digest = hashFiles([...sharedInputs, ...listFiles([folder])]);
  if (!force && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === digest && existsSync(join(outDir, 'widget.js'))) {
    log('chat-widget: build is up to date');
    return;
  }
  run(process.execPath, [join(folder, 'build.mjs'), outDir]);
  mkdirSync(dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, digest);
}

/**
 * Runs a server entry (a path under server/src: 'main.ts' the production server, 'demo/main.ts'
 * the demo) with tsx, in the foreground: NODE_ENV=production unless set, SIGINT and SIGTERM passed
 * on, and this process exits with the server's code. The server reads the same variables either way.
 */
export function runServer(entry) {
  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/src', entry)], {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...process.env },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code) => process.exit(code ?? 0));
}
