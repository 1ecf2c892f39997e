const { createConfig } = require('@portal/build');

module.exports = createConfig({
  name: 'mall',
  dir: __dirname,
  kind: 'remote',
  exposes: { './app': './src/app.tsx' },
  title: 'mall',
  devPort: 3004,
});
