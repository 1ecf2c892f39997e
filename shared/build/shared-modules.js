// What an app shares at run time, from the suite's lists below (or an app's own, when it must differ). Singletons
// load once per page: one React, one style cache for antd (@ant-design/cssinjs: one theme, styles
// injected once), one dayjs, one copy of the stateful @portal packages (the 401 guard, the event
// bus). They are strict and carry a range: the patch releases of the version built against
// (`~19.3.0` for react 19.3.1). The shell refuses a remote whose singletons fall outside its own
// ranges, or whose ranges exclude the shell's versions (shell/src/federation/sharedSkew.ts), with
// a message in the remote's area; the runtime's strictVersion stops anything that gets past it.
// A page never runs two of them.
//
// Sharing bundles a package whole, so only what must be one per page is shared: react-router-dom
// (about 60 KB gzip whole) and rxjs are tree-shaken into each app instead; every app has its own
// BrowserRouter on the one window.history, and observables interoperate across rxjs copies.
//
// antd itself is NOT shared: a shared module is bundled whole (about 455 KB gzip for antd), which
// alone would break the login page's 300 KB budget. Each app bundles the antd components it
// imports (tree-shaken), wraps its tree in DesignSystemProvider, and the shared cssinjs cache keeps
// the styles single. The design system is bundled per app for the same reason (it is mostly antd).
// bench/ prints the figures behind this choice (README, "Performance").
const path = require('node:path');

const baseName = (request) => (request.startsWith('@') ? request.split('/').slice(0, 2).join('/') : request.split('/')[0]);

function packageJson(name, dir) {
  try {
    return require(require.resolve(`${name}/package.json`, { paths: [dir] }));
  } catch {
    return undefined;
  }
}

/**
 * The version an app requires of a shared request: its package.json's, or for a dependency of a
 * dependency (@ant-design/cssinjs, antd's) the installed one. Anything else stops the build.
 */
function requiredVersion(app, request, deps, dir) {
  try {
    require.resolve(request, { paths: [dir] });
  } catch {
    throw new Error(`${app}/webpack.config.js shares "${request}": no such package is installed`);
  }
  const base = baseName(request);
  if (deps[base]) return deps[base];
  const via = Object.keys(deps).find((dep) => packageJson(dep, dir)?.dependencies?.[base]);
  const installed = via && packageJson(base, dir)?.version;
  if (!installed) throw new Error(`${app}/webpack.config.js shares "${request}", which is not among ${app}'s dependencies`);
  return installed;
}

/** The exact version in a package.json value ('19.3.1', '^7.1.2' -> '7.1.2'), or undefined. */
const exactVersion = (value) => /\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?/.exec(String(value))?.[0];

/**
 * The range a singleton accepts: the patch releases of the version built against
 * (`19.3.1` -> `~19.3.0`, `0.1.0` -> `~0.1.0`). A patch is compatible both ways; a minor or major
 * release is not assumed to be.
 */
function singletonRange(version) {
  const [major, minor] = version.split('.');
  return `~${major}.${minor}.0`;
}

/**
 * The suite's share lists, one place for the shell and every remote (an app's webpack.config.js
 * names none unless it must differ, as e2e's skew builds do). Singletons: one React, one antd style
 * cache, one dayjs, one copy of the stateful @portal packages. Shared loosely: the redux packages,
 * and a remote's single-spa-react.
 */
const SUITE_SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  '@ant-design/cssinjs',
  'dayjs',
  '@portal/contracts',
  '@portal/api-client',
  '@portal/event-bus',
];
const SUITE_SHARED = { host: ['@reduxjs/toolkit', 'react-redux'], remote: ['@reduxjs/toolkit', 'react-redux', 'single-spa-react'] };

/**
 * The MF `shared` map of an app. `singletons`: one copy per page, strict versions. `shared`:
 * shared when two apps use them, but a second version may coexist.
 * @param {{ singletons?: string[], shared?: string[] }} lists
 * @param {{ dependencies?: Record<string, string> }} pkg the app's package.json
 * @param {string} dir the app's folder
 */
function sharedModules({ singletons, shared = [], sharedVersions = {} }, pkg, dir) {
  const app = path.basename(dir);
  if (!Array.isArray(singletons) || singletons.length === 0) throw new Error(`${app}/webpack.config.js must list the singletons it shares`);
  const twice = [...singletons, ...shared].find((request, i, all) => all.indexOf(request) !== i);
  if (twice) throw new Error(`${app}/webpack.config.js shares "${twice}" twice`);
  const deps = { ...pkg.dependencies };
  return Object.fromEntries([
    ...singletons.map((request) => {
      const declared = requiredVersion(app, request, deps, dir);
      // `sharedVersions` says which version the app is built against instead of the installed one
      // (e2e's skew journeys build a remote "against" another React this way).
      const version = sharedVersions[baseName(request)] ?? exactVersion(declared);
      if (!version) throw new Error(`${app}/webpack.config.js shares "${request}" at "${declared}", which names no version`);
      return [request, { singleton: true, strictVersion: true, version, requiredVersion: singletonRange(version) }];
    }),
    ...shared.map((request) => [request, { requiredVersion: requiredVersion(app, request, deps, dir) }]),
  ]);
}

module.exports = { sharedModules, singletonRange, SUITE_SINGLETONS, SUITE_SHARED };
