import { satisfy, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RemoteSkewError, sharedSkew, type HostSingleton, type ManifestShared } from './sharedSkew';

type Host = Parameters<NonNullable<ModuleFederationRuntimePlugin['afterLoadManifest']>>[0]['origin'];

/** The strict singletons the shell itself provides, from its own federation options. */
function hostSingletons(origin: Host): HostSingleton[] {
  const singletons: HostSingleton[] = [];
  for (const [name, versions] of Object.entries(origin.options.shared)) {
    for (const shared of versions) {
      const { singleton, strictVersion, requiredVersion } = shared.shareConfig;
      if (shared.from === origin.options.name && singleton && strictVersion && typeof requiredVersion === 'string') {
        singletons.push({ name, version: shared.version, requiredVersion });
      }
    }
  }
  return singletons;
}

/**
 * The shell's module-federation runtime plugin (registered by shell/webpack.config.js, after the
 * retry plugin).
 *
 * - A remote's manifest is checked against the shell's strict singletons before any of the
 *   remote's code runs (federation/sharedSkew.ts): a remote built against a React (or cssinjs, or
 *   @portal/* state package) outside the shell's range is refused with a RemoteSkewError, which the
 *   loader shows in the remote's area.
 * - A remote that cannot load is logged with its id and step, and the error is passed on: the
 *   shell's single-spa loader (remotes/remoteApplication.ts) turns it into the Chinese failure panel
 *   with a retry, inside the frame. Returning nothing here is what passes the error on.
 */
export default function portalRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-remote-guard',
    afterLoadManifest(args) {
      const { manifestJson, moduleInfo, origin } = args;
      if (!manifestJson) return args;
      const problems = sharedSkew(manifestJson.shared as unknown as ManifestShared[], hostSingletons(origin), (version, range) =>
        satisfy(version, range),
      );
      if (problems.length > 0) throw new RemoteSkewError(moduleInfo.name, problems);
      return args;
    },
    errorLoadRemote({ id, error, lifecycle }) {
      console.error(`[shell] remote ${id} failed to load (${lifecycle})`, error);
      return undefined;
    },
  };
}
