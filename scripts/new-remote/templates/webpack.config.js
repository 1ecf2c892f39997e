const { createConfig } = require('@portal/build');

module.exports = createConfig({
  name: '__name__',
  dir: __dirname,
  kind: 'remote',
  exposes: { './app': './src/app.tsx' },
  title: '__label__',
  devPort: __port__,
});
