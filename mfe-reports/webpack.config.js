const { createConfig } = require('@portal/build');

module.exports = createConfig({
  name: 'reports',
  dir: __dirname,
  kind: 'remote',
  exposes: { './app': './src/app.tsx' },
  title: '报表',
  devPort: 3001,
});
