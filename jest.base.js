// One jest setup for every package: swc transpiles TS/TSX, jsdom for UI packages.
const path = require('node:path');

/** @param {string} dir the package folder; @param {{env?: 'node'|'jsdom', setup?: string[]}} opts */
module.exports = function jestConfig(dir, opts = {}) {
  return {
    rootDir: dir,
    displayName: path.basename(dir),
    testEnvironment: opts.env === 'jsdom' ? 'jsdom' : 'node',
    testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    // ESM-only packages in node_modules that must be transpiled for jest.
    transformIgnorePatterns: ['/node_modules/(?!(@ant-design|antd|rc-|@rc-component|dayjs|nanoid|@babel/runtime|uuid|lodash-es)/)'],
    moduleNameMapper: {
      '\\.(css|less)$': 'identity-obj-proxy',
      '\\.(png|jpe?g|gif|svg|mp3|wav)$': path.join(__dirname, 'jest.file-stub.js'),
    },
    setupFilesAfterEnv: opts.setup ?? (opts.env === 'jsdom' ? [path.join(__dirname, 'jest.setup-dom.js')] : []),
  };
};
