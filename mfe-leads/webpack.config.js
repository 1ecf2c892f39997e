const { createConfig } = require('@portal/build');

module.exports = createConfig({
  name: 'leads',
  dir: __dirname,
  kind: 'remote',
  exposes: { './app': './src/app.tsx' },
  title: '线索',
  devPort: 3002,
});
