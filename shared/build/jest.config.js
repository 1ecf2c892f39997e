module.exports = { ...require('../../jest.base')(__dirname), testMatch: ['<rootDir>/*.test.js'] };
