// What the shell and remotes share at run time. Singletons load once per page: one React,
// one antd (one cssinjs cache, one theme), one rxjs (one event bus), one copy of each @portal package.
const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'antd',
  'dayjs',
  'rxjs',
  'react-router-dom',
  '@portal/contracts',
  '@portal/api-client',
  '@portal/event-bus',
  '@portal/design-system',
];
// Shared when two apps use them, but a second version may coexist.
const SHARED = ['@reduxjs/toolkit', 'react-redux', 'single-spa-react', '@ant-design/icons'];

/** The MF `shared` map for an app, with required versions from its own package.json. */
function sharedModules(pkg) {
  const deps = { ...pkg.dependencies };
  const versionOf = (request) => {
    const base = request.startsWith('@') ? request.split('/').slice(0, 2).join('/') : request.split('/')[0];
    return deps[base];
  };
  const shared = {};
  for (const request of SINGLETONS) {
    const version = versionOf(request);
    if (version) shared[request] = { singleton: true, requiredVersion: version };
  }
  for (const request of SHARED) {
    const version = versionOf(request);
    if (version) shared[request] = { requiredVersion: version };
  }
  return shared;
}

module.exports = { sharedModules, SINGLETONS };
