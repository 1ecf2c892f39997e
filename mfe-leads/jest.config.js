// A lead list is a wide antd table: renders in jsdom take seconds on a shared 2-core machine.
module.exports = require('../jest.base')(__dirname, { env: 'jsdom', timeout: 30000 });
