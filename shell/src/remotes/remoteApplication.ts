import type { RemoteMountProps } from '@portal/contracts';
import type { LifeCycles } from 'single-spa';
import { withCacheBust, type CatalogRemote } from './remoteCatalog';

/** What the loader needs of a remote: its name and what users call it. */
export type RemoteIdentity = Pick<CatalogRemote, 'name' | 'label'>;

/** What the shell passes every remote at mount (single-spa customProps). */
export type RemoteProps = RemoteMountProps;

type Lifecycle = (props: RemoteProps) => Promise<unknown>;
type LifecycleOrList = Lifecycle | readonly Lifecycle[];

/** What loading a remote needs from the page; tests pass fakes. */
export interface RemoteLoaderDeps {
  /** The remote's manifest URL; `refresh` reads `/remotes.json` again. */
  manifestUrlOf(name: string, refresh: boolean): Promise<string>;
  registerRemotes(remotes: Array<{ name: string; entry: string }>, options?: { force?: boolean }): void;
  loadRemote(id: string): Promise<unknown>;
  unloadApplication(name: string): Promise<unknown>;
  container(name: string): HTMLElement;
}

/** How the shell shows loading and failure inside a remote's container. Each returns its remover. */
export interface RemoteFallbackUi {
  showLoading(container: HTMLElement, remote: RemoteIdentity): () => void;
  /** `error`: why it failed (a version skew is said as such). */
  showFailure(container: HTMLElement, remote: RemoteIdentity, retry: () => Promise<void>, error?: unknown): () => void;
}

const isLifecycle = (value: unknown): value is LifecycleOrList =>
  typeof value === 'function' || (Array.isArray(value) && value.every((fn) => typeof fn === 'function'));

async function run(lifecycle: LifecycleOrList | undefined, props: RemoteProps): Promise<void> {
  if (!lifecycle) return;
  const list = typeof lifecycle === 'function' ? [lifecycle] : lifecycle;
  for (const fn of list) await fn(props);
}

/** The exposed `./app` module as lifecycles, or an error saying what is missing. */
function toLifecycles(remote: RemoteIdentity, exposed: unknown): Record<string, LifecycleOrList | undefined> {
  const module = (exposed ?? {}) as Record<string, unknown>;
  const source = isLifecycle(module.mount) ? module : ((module.default ?? {}) as Record<string, unknown>);
  if (!isLifecycle(source.mount) || !isLifecycle(source.unmount)) {
    throw new Error(`Remote "${remote.name}" does not expose single-spa lifecycles from ./app`);
  }
  return source as Record<string, LifecycleOrList | undefined>;
}

/**
 * The single-spa application of one remote. Its loading function never rejects: when the remote
 * cannot load (manifest or entry 404, a script error) or cannot bootstrap or mount, it resolves to
 * lifecycles that show the failure panel in the remote's container, so the frame and the other
 * routes go on working. `retry` unloads the application; single-spa then loads it again at once,
 * this time re-reading `/remotes.json` and re-registering the remote with a cache-busting URL.
 * `preload` starts the same fetch early (the shell does so at boot for the remote of the page's
 * path); the loading function then uses it rather than fetching again.
 */
export function createRemoteApplication(remote: RemoteIdentity, deps: RemoteLoaderDeps, ui: RemoteFallbackUi) {
  let refreshNextLoad = false;

  const retry = async (): Promise<void> => {
    refreshNextLoad = true;
    await deps.unloadApplication(remote.name);
  };

  const failureLifecycles = (error: unknown): LifeCycles<RemoteProps> => {
    console.error(`[shell] remote "${remote.name}" failed`, error);
    let hide: (() => void) | null = null;
    return {
      bootstrap: async () => undefined,
      mount: async (props) => {
        hide = ui.showFailure(props.domElementGetter(), remote, retry, error);
      },
      unmount: async () => {
        hide?.();
        hide = null;
      },
    };
  };

  /** The remote's lifecycles, turning a failed bootstrap or mount into the failure panel. */
  const guarded = (lifecycles: Record<string, LifecycleOrList | undefined>): LifeCycles<RemoteProps> => {
    let bootstrapError: unknown = null;
    let hideFailure: (() => void) | null = null;
    return {
      bootstrap: async (props) => {
        try {
          await run(lifecycles.bootstrap, props);
        } catch (error) {
          bootstrapError = error;
        }
      },
      mount: async (props) => {
        let failure = bootstrapError;
        if (failure === null) {
          try {
            await run(lifecycles.mount, props);
            return;
          } catch (error) {
            failure = error;
            await run(lifecycles.unmount, props).catch(() => undefined);
          }
        }
        console.error(`[shell] remote "${remote.name}" failed to start`, failure);
        hideFailure = ui.showFailure(props.domElementGetter(), remote, retry, failure);
      },
      unmount: async (props) => {
        if (hideFailure) {
          hideFailure();
          hideFailure = null;
          return;
        }
        await run(lifecycles.unmount, props);
      },
      ...(lifecycles.update ? { update: (props: RemoteProps) => run(lifecycles.update, props) } : {}),
      ...(lifecycles.unload ? { unload: (props: RemoteProps) => run(lifecycles.unload, props) } : {}),
    } as LifeCycles<RemoteProps>;
  };

  /** Registers the remote (afresh with a cache-busting URL on `refresh`) and loads its `./app`. */
  const fetchExposed = async (refresh: boolean): Promise<unknown> => {
    const manifestUrl = await deps.manifestUrlOf(remote.name, refresh);
    const entry = refresh ? withCacheBust(manifestUrl) : manifestUrl;
    deps.registerRemotes([{ name: remote.name, entry }], { force: refresh });
    return deps.loadRemote(`${remote.name}/app`);
  };

  /** A fetch started by `preload`, for the next `load` to take over. */
  let preloaded: Promise<unknown> | null = null;

  /**
   * Fetches the remote ahead of its mount (manifest, entry, `./app` and its chunks), showing
   * nothing; at most once until a `load` takes it over. A failure shows nothing here: the `load`
   * taking it over shows the failure panel (the retry plugin has tried again by then), and 重试
   * loads afresh.
   */
  const preload = (): void => {
    if (preloaded) return;
    preloaded = fetchExposed(false);
    preloaded.catch(() => undefined);
  };

  const load = async (): Promise<LifeCycles<RemoteProps>> => {
    const refresh = refreshNextLoad;
    refreshNextLoad = false;
    const early = refresh ? null : preloaded;
    preloaded = null;
    const hideLoading = ui.showLoading(deps.container(remote.name), remote);
    try {
      // A failed fetch was already tried again by the federation retry plugin (federation/retryPlugin.ts).
      const exposed = await (early ?? fetchExposed(refresh));
      return guarded(toLifecycles(remote, exposed));
    } catch (error) {
      return failureLifecycles(error);
    } finally {
      hideLoading();
    }
  };

  return { load, retry, preload };
}
