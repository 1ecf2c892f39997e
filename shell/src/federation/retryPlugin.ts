import { RetryPlugin } from '@module-federation/retry-plugin';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Module federation's retry plugin (registered by shell/webpack.config.js): a remote's manifest
 * fetch and its remoteEntry.js script are tried again on a failure (a dropped connection, a 5xx
 * during a deployment) before the loader shows the failure panel with 重试. Two more tries each; the
 * plugin waits 1 s between manifest tries (its fixed delay) and `retryDelay` between scripts.
 */
export default function portalRetryPlugin(): ModuleFederationRuntimePlugin {
  return RetryPlugin({
    fetch: { retryTimes: 2 },
    script: { retryTimes: 2, retryDelay: 500 },
  }) as unknown as ModuleFederationRuntimePlugin;
}
