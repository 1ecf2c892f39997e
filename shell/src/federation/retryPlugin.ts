import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

type RetryHooks = Pick<ModuleFederationRuntimePlugin, 'fetch' | 'loadEntryError' | 'getModuleFactory'>;

/**
 * Module federation's retry plugin (registered by shell/webpack.config.js): a remote's manifest
 * fetch and its remoteEntry.js script are tried again on a failure (a dropped connection, a 5xx
 * during a deployment) before the loader shows the failure panel with 重试. Two more tries each; the
 * plugin waits 1 s between manifest tries (its fixed delay) and `retryDelay` between scripts.
 *
 * The plugin and the copy of the federation SDK it brings weigh about 5 KB gzip. Runtime plugins
 * are bundled into the shell's entry, so the login page, which loads no remote, would pay for it:
 * it is loaded on the first call of one of its hooks instead, that is with the first remote.
 */
export default function portalRetryPlugin(): ModuleFederationRuntimePlugin {
  let plugin: Promise<RetryHooks> | null = null;
  const retry = (): Promise<RetryHooks> =>
    (plugin ??= import('@module-federation/retry-plugin').then(
      ({ RetryPlugin }) =>
        RetryPlugin({
          fetch: { retryTimes: 2 },
          script: { retryTimes: 2, retryDelay: 500 },
        }) as unknown as RetryHooks,
    ));
  // Each hook hands its call to the plugin once it is loaded; the plugin's hooks are all async
  // (its fetch always answers with a Response), so a promise of theirs is what the runtime expects.
  const hooks = {
    fetch: (url: string, init: RequestInit) =>
      retry().then((loaded) => (loaded.fetch as (url: string, init: RequestInit) => Promise<Response>)(url, init)),
    loadEntryError: (args: unknown) => retry().then((loaded) => (loaded.loadEntryError as (args: unknown) => unknown)(args)),
    getModuleFactory: (args: unknown) => retry().then((loaded) => (loaded.getModuleFactory as (args: unknown) => unknown)(args)),
  } as RetryHooks;
  return { name: 'portal-retry', ...hooks };
}
