// What the shell and remotes share at run time. Singletons load once per page: one React, one
// style cache for antd (@ant-design/cssinjs: one theme, styles injected once), one rxjs, one copy
// of the stateful @portal packages (the 401 guard, the event bus, which carries its own rxjs).
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

const SINGLETONS = [
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
// Shared when two apps use them, but a second version may coexist.
const SHARED = ['@reduxjs/toolkit', 'react-redux', 'single-spa-react'];

const baseName = (request) => (request.startsWith('@') ? request.split('/').slice(0, 2).join('/') : request.split('/')[0]);

/** The version an app asks for: its own package.json, else what is installed (antd's own deps). */
function versionOf(request, deps, dir) {
  const base = baseName(request);
  if (deps[base]) return deps[base];
  try {
    return require(require.resolve(`${base}/package.json`, { paths: [dir] })).version;
  } catch {
    return undefined;
  }
}

/** The MF `shared` map for an app, with required versions from its own package.json. */
function sharedModules(pkg, dir) {
  const deps = { ...pkg.dependencies };
  // An app shares what it depends on; antd's style cache is shared by every app (all use antd).
  const uses = (request) => request === '@ant-design/cssinjs' || Boolean(deps[baseName(request)]);
  const shared = {};
  for (const request of SINGLETONS.filter(uses)) {
    const version = versionOf(request, deps, dir);
    if (version) shared[request] = { singleton: true, requiredVersion: version };
  }
  for (const request of SHARED.filter(uses)) {
    shared[request] = { requiredVersion: versionOf(request, deps, dir) };
  }
  return shared;
}

module.exports = { sharedModules, SINGLETONS };
