// jsdom for the widget's tests (they load jest-dom themselves); the size test asks for node.
module.exports = require('../jest.base')(__dirname, { env: 'jsdom', setup: [] });
