// `npm run new-remote -- <name> [--label 中文名] [--install]`: a new remote `mfe-<name>/`, working
// from the first build: its declaration (one page at /<name>), routes, the page with its API slice
// on endpointQuery, a page test and the mount test, a story, the standalone harness, a README, its
// package.json, webpack.config.js (the build factory, a free dev port), tsconfig.json (and the root
// tsconfig.json's reference) and jest.config.js. Everything else that makes it part of the suite is
// derived from the folder: npm's workspaces and lerna (`mfe-*`), the jest projects, Storybook's
// stories glob, ESLint's boundaries, and `npm run build` / `npm start`, which build every `mfe-*`
// workspace and point dist/shell/remotes.json at it, from which the shell loads it.
//
// The files come from one set of templates (scripts/new-remote/templates/, `__name__`, `__Name__`,
// `__label__` and `__port__` filled in), kept in step with the live remotes by the generator's test
// (scripts/new-remote.test.mjs), which generates one, builds, lints and mounts it.
//
// `npm install` runs only with --install: the remote needs nothing that is not installed already
// (its dependencies are the versions the other remotes use), so it builds, tests and runs at once;
// the install only records the new workspace in package-lock.json and node_modules/@portal, takes
// minutes here and needs the registry, and `npm start` / `npm test` run it anyway when a manifest
// changed. The generator's test never installs.
//
// --into <dir>: write mfe-<name> into <dir> (which holds a tsconfig.json) instead of the repo;
// the generator's test generates into a throwaway folder this way.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { ensureInstalled, frontendApps, root } from './lib/setup.mjs';

const require = createRequire(import.meta.url);
const TEMPLATES = join(root, 'scripts/new-remote/templates');
const NAME = /^[a-z][a-z0-9]{0,19}$/;
/** A label goes into TypeScript strings and Chinese texts: no quotes, backslashes or line breaks. */
const LABEL = /^[^'"`\\\r\n$]{1,20}$/;
const FIRST_DEV_PORT = 3001;
/** JavaScript's reserved words (strict mode included) that fit NAME. */
const RESERVED_WORDS = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for function if ' +
    'implements import in instanceof interface let new null package private protected public return static super switch this ' +
    'throw true try typeof var void while with yield await arguments eval'
  ).split(' '),
);

function fail(message) {
  process.stderr.write(`new-remote: ${message}\n`);
  process.exit(1);
}

function parseArgs(argv) {
  const options = { install: false, into: root, label: undefined, name: undefined };
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    if (arg === '--install') options.install = true;
    else if (arg === '--label') options.label = argv[++index];
    else if (arg === '--into') options.into = resolve(argv[++index] ?? '');
    else if (arg === '--help' || arg === '-h') options.help = true;
    else if (arg.startsWith('-')) fail(`unknown option ${arg} (see --help)`);
    else if (options.name === undefined) options.name = arg;
    else fail(`one name only (got "${options.name}" and "${arg}")`);
  }
  return options;
}

const USAGE = `usage: npm run new-remote -- <name> [--label 中文名] [--install]
  <name>     lower-case letters and digits, starting with a letter (at most 20): the remote's
             federation name, its folder mfe-<name> and its page /<name>
  --label    what users call it (page title, failure texts); default "<name>"
  --install  run npm install afterwards (records the workspace in package-lock.json)`;

/** The federation name an app's webpack.config.js gives the factory. */
const federationName = (app) => readFileSync(join(root, app, 'webpack.config.js'), 'utf8').match(/name: '([^']+)'/)?.[1];

/** Every path the suite serves today (but '/'): the shell's own pages and each remote's declared routes. */
function servedPaths(remotes) {
  const { requireTypeScript } = require('@portal/build/declaration');
  const { FrameRoute } = requireTypeScript(join(root, 'shell/src/frame/texts.ts'));
  const declared = remotes.flatMap((app) => requireTypeScript(join(root, app, 'src/remote.ts')).remote.routes);
  return ['/login', ...Object.values(FrameRoute), ...declared];
}

/** Why `name` cannot be a new remote, or null. */
function refusal(name, into, remotes) {
  if (!name) return 'a name is needed';
  if (!NAME.test(name)) return `"${name}" is not a remote name: lower-case letters and digits, starting with a letter, at most 20`;
  if (name === 'shell') return '"shell" is the host, not a remote';
  // The federation container is named after the remote: a reserved word there fails the build
  // ('public' did: "no files found for remoteEntry chunk").
  if (RESERVED_WORDS.has(name)) return `"${name}" is a JavaScript reserved word, which a federation container cannot be named`;
  for (const folder of new Set([root, into])) {
    if (existsSync(join(folder, `mfe-${name}`))) return `${relative(process.cwd(), join(folder, `mfe-${name}`)) || `mfe-${name}`} exists already`;
  }
  const taken = remotes.find((app) => federationName(app) === name);
  if (taken) return `${taken} is federated as "${name}" already`;
  const { routesOwnPath } = require('@portal/build/declaration').requireTypeScript(require.resolve('@portal/contracts'));
  const page = `/${name}`;
  const owner = servedPaths(remotes).find((path) => routesOwnPath([path], page) || routesOwnPath([page], path.replaceAll(':', '')));
  if (owner) return `its page ${page} would overlap ${owner}, which the portal serves already`;
  return null;
}

/**
 * The version of each dependency: the one most remotes declare (ties: the newest), else the
 * package's own (a workspace) or the installed one.
 */
function dependencyVersions(names, remotes) {
  const declared = remotes.map((app) => JSON.parse(readFileSync(join(root, app, 'package.json'), 'utf8')).dependencies ?? {});
  const semver = (value) => (/(\d+)\.(\d+)\.(\d+)/.exec(value) ?? [0, 0, 0, 0]).slice(1).map(Number);
  const newer = (a, b) => {
    const [x, y] = [semver(a), semver(b)];
    const differs = x.findIndex((part, index) => part !== y[index]);
    return differs >= 0 && x[differs] > y[differs];
  };
  return Object.fromEntries(
    names.map((dep) => {
      const counts = new Map();
      for (const deps of declared) if (deps[dep]) counts.set(deps[dep], (counts.get(deps[dep]) ?? 0) + 1);
      const ranked = [...counts].sort(([a, m], [b, n]) => n - m || (newer(a, b) ? -1 : newer(b, a) ? 1 : 0));
      if (ranked.length) return [dep, ranked[0][0]];
      return [dep, require(`${dep}/package.json`).version];
    }),
  );
}

/** The lowest dev port from 3001 that no app's webpack.config.js takes. */
function freeDevPort() {
  const taken = new Set(
    frontendApps()
      .map((app) => readFileSync(join(root, app, 'webpack.config.js'), 'utf8').match(/devPort: (\d+)/)?.[1])
      .filter(Boolean)
      .map(Number),
  );
  let port = FIRST_DEV_PORT;
  while (taken.has(port)) port += 1;
  return port;
}

function templateFiles(folder = TEMPLATES) {
  return readdirSync(folder).flatMap((entry) => {
    const full = join(folder, entry);
    return statSync(full).isDirectory() ? templateFiles(full) : [full];
  });
}

/** Adds `{ "path": "mfe-<name>" }` to the root tsconfig.json's references, after the last remote's. */
function addReference(tsconfigFile, name) {
  const text = readFileSync(tsconfigFile, 'utf8');
  const lines = text.split('\n');
  const last = lines.findLastIndex((line) => /\{ "path": "mfe-[a-z0-9]+" \}/.test(line));
  if (last < 0) throw new Error(`${tsconfigFile}: no remote among its references to add mfe-${name} beside`);
  const indent = lines[last].match(/^\s*/)[0];
  lines.splice(last + 1, 0, `${indent}{ "path": "mfe-${name}" },`);
  if (!lines[last].trimEnd().endsWith(',')) lines[last] = `${lines[last]},`;
  writeFileSync(tsconfigFile, lines.join('\n'));
  JSON.parse(readFileSync(tsconfigFile, 'utf8'));
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const { name, into } = options;
  const label = options.label ?? name;
  const remotes = frontendApps().filter((app) => app.startsWith('mfe-'));
  const refused = refusal(name, into, remotes);
  if (refused) fail(`${refused}\n${USAGE}`);
  if (!LABEL.test(label)) fail(`--label "${label}": 1 to 20 characters, without quotes, backslashes, $ or line breaks`);
  if (!existsSync(join(into, 'tsconfig.json'))) fail(`${into} holds no tsconfig.json to add the remote's reference to`);
  if (options.install && into !== root) fail('--install installs the repo: it cannot go with --into');

  const port = freeDevPort();
  const fill = (text) =>
    text
      .replaceAll('__name__', name)
      .replaceAll('__Name__', name[0].toUpperCase() + name.slice(1))
      .replaceAll('__label__', label)
      .replaceAll('__port__', String(port));
  const folder = join(into, `mfe-${name}`);
  const prettier = await import('prettier');
  const written = [];
  for (const template of templateFiles()) {
    const target = join(folder, fill(relative(TEMPLATES, template)));
    let text = fill(readFileSync(template, 'utf8'));
    if (relative(TEMPLATES, template) === 'package.json') {
      const manifest = JSON.parse(text);
      manifest.dependencies = dependencyVersions(Object.keys(manifest.dependencies), remotes);
      text = `${JSON.stringify(manifest, null, 2)}\n`;
    }
    // The repo's Prettier style (a long name can push a line past its width); Markdown is left as written.
    if (!target.endsWith('.md'))
      text = await prettier.format(text, { ...(await prettier.resolveConfig(join(root, 'package.json'))), filepath: target });
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
    written.push(relative(into, target));
  }
  addReference(join(into, 'tsconfig.json'), name);

  const shown = relative(process.cwd(), folder) || folder;
  console.log(`Created ${shown}: the remote "${name}" (${label}), its page /${name}, dev port ${port}; ${written.length} files,`);
  console.log(`and its reference in ${relative(process.cwd(), join(into, 'tsconfig.json')) || 'tsconfig.json'}.`);
  if (options.install) {
    console.log('Installing (npm install) ...');
    ensureInstalled();
  }
  const Name = name[0].toUpperCase() + name.slice(1);
  const steps = [
    ...(options.install ? [] : [['npm install', 'records the workspace in package-lock.json (npm start and npm test do it too)']]),
    [`npx jest mfe-${name}`, 'its page test and mount test'],
    [`npx eslint mfe-${name} && npx tsc -b mfe-${name}`, 'lint and type-check'],
    [`npm run start:standalone -w mfe-${name}`, `alone on http://localhost:${port}/${name} (log in on :8080 first)`],
    ['npm run build', `builds it into dist/remotes/${name}/0.1.0/ and points dist/shell/remotes.json at it`],
    ['npm start', `the portal with it: http://localhost:8080/${name}`],
  ];
  const width = Math.max(...steps.map(([command]) => command.length));
  console.log(`
Next steps:
${steps.map(([command, why]) => `  ${command.padEnd(width)}  # ${why}`).join('\n')}
Then make it yours (docs/remotes.md): replace the example call in src/features/home/homeApi.ts with
the page's own catalogue entries; add pages to src/routes.ts and src/${Name}Routes.tsx, and side-menu
entries to src/remote.ts.`);
}

await main();
