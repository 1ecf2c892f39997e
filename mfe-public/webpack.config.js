const { createConfig } = require('@portal/build');
const { createSiteConfigs } = require('@portal/build/site');

const remote = createConfig({
  // Not 'public': a JavaScript reserved word as the container's name breaks the federation build.
  name: 'site',
  dir: __dirname,
  kind: 'remote',
  exposes: { './app': './src/app.tsx' },
  title: '官网',
  devPort: 3003,
});
const site = createSiteConfigs({ name: 'site', dir: __dirname, client: './src/site/client.tsx', server: './src/site/server.tsx' });

// The federated remote (framed pages) and, for a build, the visitor site's browser and server parts.
module.exports = (env = {}, argv = {}) => (env.standalone ? remote(env, argv) : [remote(env, argv), ...site(env, argv)]);
module.exports.options = remote.options;
