const base = require('../jest.base')(__dirname);

/**
 * Packages jest's CommonJS runtime cannot load as published: ES-module-only ones (kysely,
 * cookie 2, content-disposition) and @fastify/cookie, which loads cookie with a dynamic import()
 * (jest refuses those without --experimental-vm-modules). swc turns both into CommonJS.
 */
const transpiled = ['kysely', 'content-disposition', 'cookie', '@fastify/cookie'];

module.exports = {
  ...base,
  // A file is left alone only when the package right after its last node_modules/ is not listed.
  transformIgnorePatterns: [`/node_modules/(?!(.*/node_modules/)?(${transpiled.join('|')})/)`],
  // Each suite runs its own app on a fresh SQLite file (and PostgreSQL schema): argon2 and seeding take seconds.
  testTimeout: 30000,
};
