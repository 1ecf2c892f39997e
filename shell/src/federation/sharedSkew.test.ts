import { satisfy } from '@module-federation/enhanced/runtime';
import { sharedSkew, type HostSingleton, type ManifestShared } from './sharedSkew';

// The ranges are the build factory's (shared/build/shared-modules.js): ~major.minor.0 of the version built against.
const { singletonRange } = jest.requireActual<typeof import('@portal/build')>('@portal/build');

const HOST: HostSingleton[] = [
  { name: 'react', version: '19.3.1', requiredVersion: singletonRange('19.3.1') },
  { name: '@ant-design/cssinjs', version: '2.1.2', requiredVersion: singletonRange('2.1.2') },
  { name: '@portal/event-bus', version: '0.1.0', requiredVersion: singletonRange('0.1.0') },
];

/** A remote's manifest `shared`, as the factory writes it for a remote built against these versions. */
const builtAgainst = (versions: Record<string, string>): ManifestShared[] =>
  Object.entries({ react: '19.3.1', '@ant-design/cssinjs': '2.1.2', '@portal/event-bus': '0.1.0', 'react-redux': '9.3.1', ...versions }).map(
    ([name, version]) => ({ name, version, requiredVersion: singletonRange(version) }),
  );

const check = (versions: Record<string, string>) => sharedSkew(builtAgainst(versions), HOST, (version, range) => satisfy(version, range));

describe("a remote's singletons against the shell's", () => {
  it('accepts the same versions and a newer (or older) patch', () => {
    expect(check({})).toEqual([]);
    expect(check({ react: '19.3.2' })).toEqual([]);
    expect(check({ react: '19.3.0', '@portal/event-bus': '0.1.4' })).toEqual([]);
  });

  it('refuses a minor or major outside the range, naming each', () => {
    expect(check({ react: '20.0.0', '@portal/event-bus': '0.2.0' })).toEqual([
      { name: 'react', remoteVersion: '20.0.0', remoteRange: '~20.0.0', hostVersion: '19.3.1', hostRange: '~19.3.0' },
      { name: '@portal/event-bus', remoteVersion: '0.2.0', remoteRange: '~0.2.0', hostVersion: '0.1.0', hostRange: '~0.1.0' },
    ]);
    expect(check({ '@ant-design/cssinjs': '2.2.0' }).map((problem) => problem.name)).toEqual(['@ant-design/cssinjs']);
  });

  it("refuses a remote whose own range excludes the shell's version, even with its version inside the shell's", () => {
    const shared = builtAgainst({}).map((entry) => (entry.name === 'react' ? { ...entry, requiredVersion: '^19.4.0' } : entry));
    expect(sharedSkew(shared, HOST, satisfy).map((problem) => problem.name)).toEqual(['react']);
  });

  it('ignores what the shell does not provide as a strict singleton', () => {
    expect(check({ 'react-redux': '10.0.0' })).toEqual([]);
  });
});
