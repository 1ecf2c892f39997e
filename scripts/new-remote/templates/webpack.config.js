const { createConfig } = require('@portal/build');

module.exports = createConfig({
  name: '__name__',
  dir: __dirname,
  kind: 'remote',
  exposes: { './app': './src/app.tsx' },
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
  shared: ['@reduxjs/toolkit', 'react-redux', 'single-spa-react'],
  title: '__label__',
  devPort: __port__,
});
