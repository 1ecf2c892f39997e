/* eslint-disable portal/boundaries -- the factory reads an app's package.json; the shell's is this test's real fixture, read as data */
const path = require('node:path');
const { createConfig } = require('./index');

const shellDir = path.join(__dirname, '../../shell');
/** The MF `shared` option a webpack.config.js gets from the factory. */
const sharedOf = (options) => {
  const config = createConfig({ name: 'shell', dir: shellDir, kind: 'host', ...options })({}, { mode: 'production' });
  return config.plugins.find((plugin) => plugin.constructor.name === 'ModuleFederationPlugin')._options.shared;
};

describe("an app's explicit share list", () => {
  it('shares exactly what the app lists: singletons strict at its own versions, the rest loose', () => {
    expect(sharedOf({ singletons: ['react', 'react/jsx-runtime', '@ant-design/cssinjs'], shared: ['react-redux'] })).toEqual({
      react: { singleton: true, strictVersion: true, requiredVersion: require('../../shell/package.json').dependencies.react },
      'react/jsx-runtime': { singleton: true, strictVersion: true, requiredVersion: require('../../shell/package.json').dependencies.react },
      // Not the shell's own dependency but antd's: the installed version.
      '@ant-design/cssinjs': { singleton: true, strictVersion: true, requiredVersion: require('@ant-design/cssinjs/package.json').version },
      'react-redux': { requiredVersion: require('../../shell/package.json').dependencies['react-redux'] },
    });
  });

  it('stops the build on an unknown package, one outside the dependencies, a repeat or no list', () => {
    expect(() => sharedOf({ singletons: ['react', 'reactt'] })).toThrow('shell/webpack.config.js shares "reactt": no such package is installed');
    expect(() => sharedOf({ singletons: ['react', 'typescript'] })).toThrow(
      `shell/webpack.config.js shares "typescript", which is not among shell's dependencies`,
    );
    expect(() => sharedOf({ singletons: ['react'], shared: ['react'] })).toThrow('shell/webpack.config.js shares "react" twice');
    expect(() => sharedOf({})).toThrow('shell/webpack.config.js must list the singletons it shares');
  });

  it('gives every app of the suite its share list', () => {
    for (const app of ['shell', 'mfe-leads', 'mfe-reports']) {
      const config = require(`../../${app}/webpack.config.js`)({}, { mode: 'production' });
      const shared = config.plugins.find((plugin) => plugin.constructor.name === 'ModuleFederationPlugin')._options.shared;
      expect(Object.keys(shared)).toEqual(expect.arrayContaining(['react', 'react-dom', '@ant-design/cssinjs', 'dayjs', '@portal/api-client', '@portal/event-bus']));
      expect(shared).not.toHaveProperty('antd');
    }
  });
});
