/**
 * Whether a remote was built against the singletons the shell provides. The shell shares react,
 * react-dom, the cssinjs cache, dayjs and its stateful @portal packages as strict singletons with
 * version ranges (shared/build/shared-modules.js: the patch releases of the version built
 * against). A remote whose manifest names a singleton version outside the shell's range, or a
 * range the shell's version is outside of, is refused before any of its code runs: the page keeps
 * one React, and the remote's area says why in Chinese.
 */

/** A shared module as a remote's `mf-manifest.json` lists it. */
export interface ManifestShared {
  name: string;
  version: string;
  requiredVersion?: string | false;
}

/** A singleton the shell provides: its version and the range it accepts. */
export interface HostSingleton {
  name: string;
  version: string;
  requiredVersion: string;
}

export interface SkewProblem {
  name: string;
  /** The version the remote was built against, and the range it accepts. */
  remoteVersion: string;
  remoteRange: string | null;
  /** The shell's version, and the range it accepts. */
  hostVersion: string;
  hostRange: string;
}

/** The singletons the remote disagrees with the shell about; none: it may load. */
export function sharedSkew(
  remoteShared: readonly ManifestShared[],
  host: readonly HostSingleton[],
  satisfy: (version: string, range: string) => boolean,
): SkewProblem[] {
  const problems: SkewProblem[] = [];
  for (const singleton of host) {
    const remote = remoteShared.find((shared) => shared.name === singleton.name);
    if (!remote) continue;
    const remoteRange = typeof remote.requiredVersion === 'string' && remote.requiredVersion !== '' ? remote.requiredVersion : null;
    const fits = satisfy(remote.version, singleton.requiredVersion) && (remoteRange === null || satisfy(singleton.version, remoteRange));
    if (!fits) {
      problems.push({
        name: singleton.name,
        remoteVersion: remote.version,
        remoteRange,
        hostVersion: singleton.version,
        hostRange: singleton.requiredVersion,
      });
    }
  }
  return problems;
}

/** A remote refused for its singleton versions; its message is shown in the remote's area. */
export class RemoteSkewError extends Error {
  override readonly name = 'RemoteSkewError';

  constructor(
    readonly remote: string,
    readonly problems: readonly SkewProblem[],
  ) {
    super(`remote "${remote}" was built against ${problems.map((p) => `${p.name} ${p.remoteVersion}`).join(', ')}, outside the shell's ranges`);
  }
}

export const isRemoteSkewError = (error: unknown): error is RemoteSkewError =>
  error instanceof RemoteSkewError || (error instanceof Error && error.name === 'RemoteSkewError');
