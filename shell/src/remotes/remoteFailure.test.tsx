import { act, render, screen, waitFor } from '@testing-library/react';
import { createRoot, type Root } from 'react-dom/client';
import { getAppStatus, registerApplication, start, unloadApplication } from 'single-spa';
import { buttonName, setupUser } from '../testing/renderShell';
import { registerRemoteApps } from './registerRemoteApps';
import { createRemoteApplication, type RemoteLoaderDeps, type RemoteProps } from './remoteApplication';
import { remoteContainer } from './remoteContainers';
import { remoteFallbackUi } from './remoteFallbackUi';
import { RemoteOutlet } from './RemoteOutlet';
import { RemoteSkewError } from '../federation/sharedSkew';
import { REPORTS, SITE } from '../testing/catalog';
import { knownCatalog } from './remoteCatalog';
import { RemoteCatalogProvider } from './RemoteCatalogContext';

/** What a remote's `./app` exposes: single-spa lifecycles rendering `text`. */
function fakeRemoteApp(text: string, { failMount = false } = {}) {
  let root: Root | null = null;
  return {
    bootstrap: jest.fn(async () => undefined),
    mount: jest.fn(async (props: RemoteProps) => {
      if (failMount) throw new Error('mount exploded');
      root = createRoot(props.domElementGetter());
      act(() => root?.render(<p>{text}</p>));
    }),
    unmount: jest.fn(async () => {
      act(() => root?.unmount());
      root = null;
    }),
  };
}

function fakeDeps(loadRemote: RemoteLoaderDeps['loadRemote'], container: (name: string) => HTMLElement = remoteContainer): RemoteLoaderDeps {
  return {
    manifestUrlOf: jest.fn(async (name: string) => `/remotes/${name}/0.1.0/mf-manifest.json`),
    registerRemotes: jest.fn(),
    loadRemote: jest.fn(loadRemote),
    unloadApplication: (name) => unloadApplication(name),
    container,
  };
}

beforeAll(() => {
  // single-spa mounts remotes (and the shell's fallback UI) in their own React roots, outside act, as on the page.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  start({ urlRerouteOnly: true });
});

describe('a remote that cannot load', () => {
  it('shows 页面模块加载失败 with the label and 重试 inside the frame; 重试 re-registers with a fresh URL and mounts', async () => {
    const catalog = { remotes: [REPORTS] };
    const app = fakeRemoteApp('工作台内容');
    let attempts = 0;
    const deps = fakeDeps(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('[ Federation Runtime ]: RUNTIME-003 Failed to get manifest');
      return app;
    });
    registerRemoteApps(catalog, deps);
    window.history.pushState(null, '', '/work-bench');

    render(
      <RemoteCatalogProvider catalog={knownCatalog(catalog)}>
        <main>
          <nav>菜单</nav>
          <RemoteOutlet />
        </main>
      </RemoteCatalogProvider>,
    );

    expect(await screen.findByText('页面模块加载失败：工作台')).toBeInTheDocument();
    expect(screen.getByText('菜单')).toBeInTheDocument();
    expect(deps.registerRemotes).toHaveBeenCalledWith([{ name: 'reports', entry: '/remotes/reports/0.1.0/mf-manifest.json' }], { force: false });

    await setupUser().click(screen.getByRole('button', { name: buttonName('重试') }));

    expect(await screen.findByText('工作台内容')).toBeInTheDocument();
    expect(screen.queryByText('页面模块加载失败：工作台')).not.toBeInTheDocument();
    expect(deps.manifestUrlOf).toHaveBeenLastCalledWith('reports', true);
    expect(deps.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'reports', entry: expect.stringMatching(/^\/remotes\/reports\/0\.1\.0\/mf-manifest\.json\?t=\d+$/) }],
      { force: true },
    );
    expect(getAppStatus('reports')).toBe('MOUNTED');
    expect(app.mount).toHaveBeenCalledTimes(1);
    // The remote is told every path the page serves: the shell's own pages and each remote's routes.
    expect(app.mount.mock.calls[0][0].pageRoutes).toEqual(['/account-info', '/change-password', '/message-center', '/messages', ...REPORTS.routes]);

    // Leaving the remote's route unmounts it; other routes are unaffected.
    act(() => window.history.pushState(null, '', '/account-info'));
    await waitFor(() => expect(screen.queryByText('工作台内容')).not.toBeInTheDocument());
    expect(app.unmount).toHaveBeenCalledTimes(1);
  });

  it('shows the panel when the remote loads but fails to mount, and retry loads it again', async () => {
    const container = document.createElement('div');
    document.body.appendChild(container);
    const broken = fakeRemoteApp('never', { failMount: true });
    const fixed = fakeRemoteApp('修好了');
    let attempts = 0;
    const deps = fakeDeps(
      async () => {
        attempts += 1;
        return attempts === 1 ? broken : fixed;
      },
      () => container,
    );
    const remote = { name: 'broken', label: '线索管理', routes: ['/broken'] };
    const application = createRemoteApplication(remote, deps, remoteFallbackUi);
    registerApplication<RemoteProps>({
      name: remote.name,
      app: application.load,
      activeWhen: ['/broken'],
      customProps: { domElementGetter: () => container, pageRoutes: [] },
    });
    act(() => window.history.pushState(null, '', '/broken'));

    expect(await screen.findByText('页面模块加载失败：线索管理')).toBeInTheDocument();
    expect(broken.unmount).toHaveBeenCalled();
    await act(() => application.retry());
    expect(await screen.findByText('修好了')).toBeInTheDocument();
    expect(screen.queryByText('页面模块加载失败：线索管理')).not.toBeInTheDocument();
  });

  it('refuses a module without single-spa lifecycles with the same panel', async () => {
    const container = document.createElement('div');
    document.body.appendChild(container);
    const deps = fakeDeps(
      async () => ({ default: 'not an app' }),
      () => container,
    );
    const remote = { name: 'empty', label: '积分商城', routes: ['/empty'] };
    registerApplication<RemoteProps>({
      name: remote.name,
      app: createRemoteApplication(remote, deps, remoteFallbackUi).load,
      activeWhen: ['/empty'],
      customProps: { domElementGetter: () => container, pageRoutes: [] },
    });
    act(() => window.history.pushState(null, '', '/empty'));
    expect(await screen.findByText('页面模块加载失败：积分商城')).toBeInTheDocument();
  });
});

describe("a remote's dialog", () => {
  it('mounts the remote over any page while the address names its dialog, and unmounts it when the address no longer does', async () => {
    const app = fakeRemoteApp('免费方案对话框');
    const catalog = { remotes: [SITE] };
    registerRemoteApps(
      catalog,
      fakeDeps(async () => app),
    );
    window.history.pushState(null, '', '/account-info');
    render(
      <RemoteCatalogProvider catalog={knownCatalog(catalog)}>
        <RemoteOutlet />
      </RemoteCatalogProvider>,
    );

    act(() => window.history.pushState(null, '', '/account-info?tab=1&dialog=free-plan'));
    expect(await screen.findByText('免费方案对话框')).toBeInTheDocument();
    expect(getAppStatus('site')).toBe('MOUNTED');

    act(() => window.history.pushState(null, '', '/account-info?tab=1&dialog=orders'));
    await waitFor(() => expect(screen.queryByText('免费方案对话框')).not.toBeInTheDocument());
    expect(app.unmount).toHaveBeenCalledTimes(1);

    // Its own page mounts it as before.
    act(() => window.history.pushState(null, '', '/strategy-survey'));
    expect(await screen.findByText('免费方案对话框')).toBeInTheDocument();
  });
});

describe('a remote fetched ahead of its mount (preload)', () => {
  /** A remote registered with single-spa on its own path, mounting into its own container. */
  function registerOn(path: string, remote: { name: string; label: string; routes: string[] }, deps: RemoteLoaderDeps) {
    const container = document.createElement('div');
    document.body.appendChild(container);
    const application = createRemoteApplication(remote, deps, remoteFallbackUi);
    registerApplication<RemoteProps>({
      name: remote.name,
      app: application.load,
      activeWhen: [path],
      customProps: { domElementGetter: () => container, pageRoutes: [] },
    });
    return application;
  }

  it('fetches once: the mount takes over the preload, with no second request', async () => {
    const app = fakeRemoteApp('预取的工作台');
    const deps = fakeDeps(
      async () => app,
      () => document.createElement('div'),
    );
    const application = registerOn('/early', { name: 'early', label: '预取', routes: ['/early'] }, deps);

    application.preload();
    application.preload(); // at most once until a load takes it over
    await waitFor(() => expect(deps.loadRemote).toHaveBeenCalledTimes(1));
    expect(deps.registerRemotes).toHaveBeenCalledWith([{ name: 'early', entry: '/remotes/early/0.1.0/mf-manifest.json' }], { force: false });
    expect(app.mount).not.toHaveBeenCalled();

    act(() => window.history.pushState(null, '', '/early'));
    expect(await screen.findByText('预取的工作台')).toBeInTheDocument();
    expect(deps.loadRemote).toHaveBeenCalledTimes(1);
    expect(deps.registerRemotes).toHaveBeenCalledTimes(1);
  });

  it('shows nothing while a preload fails; the mount then shows the panel, and 重试 loads afresh', async () => {
    const app = fakeRemoteApp('第二次成功');
    let attempts = 0;
    const deps = fakeDeps(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('[ Federation Runtime ]: RUNTIME-003 Failed to get manifest');
      return app;
    });
    const application = registerOn('/flaky', { name: 'flaky', label: '不稳定', routes: ['/flaky'] }, deps);

    application.preload();
    await waitFor(() => expect(deps.loadRemote).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('页面模块加载失败：不稳定')).not.toBeInTheDocument();

    act(() => window.history.pushState(null, '', '/flaky'));
    // The federation retry plugin has tried again inside the failed fetch: no second try here.
    expect(await screen.findByText('页面模块加载失败：不稳定')).toBeInTheDocument();
    expect(deps.loadRemote).toHaveBeenCalledTimes(1);
    await act(() => application.retry());
    expect(await screen.findByText('第二次成功')).toBeInTheDocument();
    expect(deps.manifestUrlOf).toHaveBeenLastCalledWith('flaky', true);
    expect(deps.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'flaky', entry: expect.stringMatching(/^\/remotes\/flaky\/0\.1\.0\/mf-manifest\.json\?t=\d+$/) }],
      { force: true },
    );
  });

  it('says a remote built against other singleton versions is incompatible, naming them', async () => {
    const skew = new RemoteSkewError('skewed', [
      { name: 'react/jsx-runtime', remoteVersion: '20.0.0', remoteRange: '~20.0.0', hostVersion: '19.3.1', hostRange: '~19.3.0' },
      { name: 'react', remoteVersion: '20.0.0', remoteRange: '~20.0.0', hostVersion: '19.3.1', hostRange: '~19.3.0' },
    ]);
    const deps = fakeDeps(async () => {
      throw skew;
    });
    registerOn('/skewed', { name: 'skewed', label: '线索', routes: ['/skewed'] }, deps);
    act(() => window.history.pushState(null, '', '/skewed'));
    expect(await screen.findByText('页面模块版本不兼容：线索')).toBeInTheDocument();
    expect(
      screen.getByText(
        '该模块基于 react 20.0.0 构建，与当前页面提供的 react 19.3.1 不兼容，已停止加载以免页面出错。请联系管理员发布兼容的版本后重试。',
      ),
    ).toBeInTheDocument();
  });

  it('shows the failure panel with 重试 when the remote is down, preloaded or not', async () => {
    const deps = fakeDeps(async () => {
      throw new Error('[ Federation Runtime ]: RUNTIME-003 Failed to get manifest');
    });
    const application = registerOn('/down', { name: 'down', label: '报表', routes: ['/down'] }, deps);

    application.preload();
    act(() => window.history.pushState(null, '', '/down'));
    expect(await screen.findByText('页面模块加载失败：报表')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: buttonName('重试') })).toBeInTheDocument();
    expect(deps.loadRemote).toHaveBeenCalledTimes(1);
  });
});
