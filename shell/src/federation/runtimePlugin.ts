import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * The shell's module-federation runtime plugin (registered by shell/webpack.config.js).
 *
 * - Manifests are revalidated on every load, so a redeployed remote is picked up without
 *   rebuilding the shell (remote chunks carry content hashes and may stay cached).
 * - A remote that cannot load is logged with its id and step, and the error is passed on: the
 *   shell's single-spa loader (remotes/remoteApplication.ts) turns it into the Chinese failure panel
 *   with a retry, inside the frame. Returning nothing here is what passes the error on.
 */
export default function portalRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-remote-failure',
    fetch(url, init) {
      if (/mf-manifest\.json(?:[?#]|$)/.test(url)) return fetch(url, { ...init, cache: 'no-cache' });
      return undefined;
    },
    errorLoadRemote({ id, error, lifecycle }) {
      console.error(`[shell] remote ${id} failed to load (${lifecycle})`, error);
      return undefined;
    },
  };
}
