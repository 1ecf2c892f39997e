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
  // One copy per page (shared-modules.js says why; antd, the router and rxjs are bundled per app).
  singletons: [
    'react',
    'react/jsx-runtime',
    'react-dom',
    'react-dom/client',
    '@ant-design/cssinjs',
    'dayjs',
    '@portal/contracts',
    '@portal/api-client',
    '@portal/event-bus',
  ],
  shared: ['@reduxjs/toolkit', 'react-redux'],
  // The retry plugin first: a manifest is checked (runtimePlugin.ts) once it has arrived.
  runtimePlugins: [path.join(__dirname, 'src/federation/retryPlugin.ts'), path.join(__dirname, 'src/federation/runtimePlugin.ts')],
});
