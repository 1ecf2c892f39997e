const path = require('node:path');
const { createConfig } = require('@portal/build');

module.exports = createConfig({
  name: 'shell',
  dir: __dirname,
  kind: 'host',
  title: '客户中心',
  devPort: 3000,
  publicDir: path.join(__dirname, 'public'),
  runtimePlugins: [path.join(__dirname, 'src/federation/runtimePlugin.ts')],
});
