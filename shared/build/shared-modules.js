// What an app shares at run time, from the explicit lists in its webpack.config.js. Singletons
// load once per page: one React, one style cache for antd (@ant-design/cssinjs: one theme, styles
// injected once), one dayjs, one copy of the stateful @portal packages (the 401 guard, the event
// bus). They are strict: a page holding another version fails at load instead of running two.
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

/**
 * The MF `shared` map of an app. `singletons`: one copy per page, strict versions. `shared`:
 * shared when two apps use them, but a second version may coexist.
 * @param {{ singletons?: string[], shared?: string[] }} lists
 * @param {{ dependencies?: Record<string, string> }} pkg the app's package.json
 * @param {string} dir the app's folder
 */
function sharedModules({ singletons, shared = [] }, pkg, dir) {
  const app = path.basename(dir);
  if (!Array.isArray(singletons) || singletons.length === 0) throw new Error(`${app}/webpack.config.js must list the singletons it shares`);
  const twice = [...singletons, ...shared].find((request, i, all) => all.indexOf(request) !== i);
  if (twice) throw new Error(`${app}/webpack.config.js shares "${twice}" twice`);
  const deps = { ...pkg.dependencies };
  return Object.fromEntries([
    ...singletons.map((request) => [request, { singleton: true, strictVersion: true, requiredVersion: requiredVersion(app, request, deps, dir) }]),
    ...shared.map((request) => [request, { requiredVersion: requiredVersion(app, request, deps, dir) }]),
  ]);
}

module.exports = { sharedModules };
