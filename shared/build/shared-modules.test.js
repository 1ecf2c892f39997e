/* eslint-disable portal/boundaries -- the factory reads an app's package.json; the shell's is this test's real fixture, read as data */
const path = require('node:path');
const { createConfig } = require('./index');
const { singletonRange, SUITE_SHARED, SUITE_SINGLETONS } = require('./shared-modules');

const shellDir = path.join(__dirname, '../../shell');
/** The MF `shared` option a webpack.config.js gets from the factory. */
const sharedOf = (options) => {
  const config = createConfig({ name: 'shell', dir: shellDir, kind: 'host', ...options })({}, { mode: 'production' });
  return config.plugins.find((plugin) => plugin.constructor.name === 'ModuleFederationPlugin')._options.shared;
};

describe("an app's share list", () => {
  it("is the suite's when the app names none: the singletons strict, the host's redux shared loosely", () => {
    const shared = sharedOf({});
    expect(Object.keys(shared)).toEqual([...SUITE_SINGLETONS, ...SUITE_SHARED.host]);
    expect(SUITE_SINGLETONS.every((request) => shared[request].singleton && shared[request].strictVersion)).toBe(true);
    expect(shared['react-redux']).not.toHaveProperty('singleton');
  });

  it('shares exactly what the app lists: singletons strict with the patch range of their own versions, the rest loose', () => {
    const react = require('../../shell/package.json').dependencies.react;
    const cssinjs = require('@ant-design/cssinjs/package.json').version;
    const [major, minor] = react.split('.');
    expect(sharedOf({ singletons: ['react', 'react/jsx-runtime', '@ant-design/cssinjs'], shared: ['react-redux'] })).toEqual({
      react: { singleton: true, strictVersion: true, version: react, requiredVersion: `~${major}.${minor}.0` },
      'react/jsx-runtime': { singleton: true, strictVersion: true, version: react, requiredVersion: `~${major}.${minor}.0` },
      // Not the shell's own dependency but antd's: the installed version.
      '@ant-design/cssinjs': { singleton: true, strictVersion: true, version: cssinjs, requiredVersion: singletonRange(cssinjs) },
      'react-redux': { requiredVersion: require('../../shell/package.json').dependencies['react-redux'] },
    });
  });

  it('takes the range from the major and minor: patches both ways, no minor or major', () => {
    expect(singletonRange('19.3.1')).toBe('~19.3.0');
    expect(singletonRange('0.1.0')).toBe('~0.1.0');
    expect(singletonRange('20.0.0-rc.1')).toBe('~20.0.0');
  });

  it('builds "against" another version when told (skew tests), with its range', () => {
    const shared = sharedOf({ singletons: ['react', 'react-dom'], sharedVersions: { react: '20.0.0' } });
    expect(shared.react).toEqual({ singleton: true, strictVersion: true, version: '20.0.0', requiredVersion: '~20.0.0' });
    expect(shared['react-dom'].version).toBe(require('../../shell/package.json').dependencies['react-dom']);
  });

  it('stops the build on an unknown package, one outside the dependencies, a repeat or no list', () => {
    expect(() => sharedOf({ singletons: ['react', 'reactt'] })).toThrow('shell/webpack.config.js shares "reactt": no such package is installed');
    expect(() => sharedOf({ singletons: ['react', 'typescript'] })).toThrow(
      `shell/webpack.config.js shares "typescript", which is not among shell's dependencies`,
    );
    expect(() => sharedOf({ singletons: ['react'], shared: ['react'] })).toThrow('shell/webpack.config.js shares "react" twice');
    expect(() => sharedOf({ singletons: [] })).toThrow('shell/webpack.config.js must list the singletons it shares');
  });

  it('gives every app of the suite its share list', () => {
    for (const app of ['shell', 'mfe-leads', 'mfe-reports', 'mfe-crm', 'mfe-schedule']) {
      const config = require(`../../${app}/webpack.config.js`)({}, { mode: 'production' });
      const shared = config.plugins.find((plugin) => plugin.constructor.name === 'ModuleFederationPlugin')._options.shared;
      expect(Object.keys(shared)).toEqual(
        expect.arrayContaining(['react', 'react-dom', '@ant-design/cssinjs', 'dayjs', '@portal/api-client', '@portal/event-bus']),
      );
      expect(shared).not.toHaveProperty('antd');
    }
  });
});
