import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Turns a remote that cannot load into a rejected promise the shell can show, instead of a blank page. */
export default function portalRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-remote-failure',
    errorLoadRemote({ id, error }) {
      console.error(`[shell] remote ${id} failed to load`, error);
      return undefined;
    },
  };
}
