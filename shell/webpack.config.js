const path = require('node:path');
const { createConfig } = require('@portal/build');

module.exports = createConfig({
  name: 'shell',
  dir: __dirname,
  kind: 'host',
  title: '客户中心',
  devPort: 3000,
  publicDir: path.join(__dirname, 'public'),
  favicon: path.join(__dirname, 'public/favicon.ico'),
  // The retry plugin first: a manifest is checked (runtimePlugin.ts) once it has arrived.
  runtimePlugins: [path.join(__dirname, 'src/federation/retryPlugin.ts'), path.join(__dirname, 'src/federation/runtimePlugin.ts')],
});
