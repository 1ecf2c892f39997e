const path = require('node:path');

module.exports = require('../jest.base')(__dirname, {
  env: 'jsdom',
  setup: [path.join(__dirname, '../jest.setup-dom.js'), path.join(__dirname, 'jest.setup.js')],
});
