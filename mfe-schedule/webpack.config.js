const { createConfig } = require('@portal/build');

module.exports = createConfig({
  name: 'schedule',
  dir: __dirname,
  kind: 'remote',
  exposes: { './app': './src/app.tsx' },
  title: '排班',
  devPort: 3006,
});
