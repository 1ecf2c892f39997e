const { createConfig } = require('@portal/build');

module.exports = createConfig({
  name: 'crm',
  dir: __dirname,
  kind: 'remote',
  exposes: { './app': './src/app.tsx' },
  title: 'CRM推送',
  devPort: 3005,
});
