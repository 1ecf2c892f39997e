import { codeOk, installFakeHttp, type FakeHttp } from '@portal/api-client/testing';
import { SESSION_EXPIRED_COOKIE } from '@portal/contracts';
import { getEventBus, SessionLoginEvent } from '@portal/event-bus';
import { screen, waitFor } from '@testing-library/react';
import { clearCookies, demoUser, renderApp, setLoginCookie, setupUser } from '../testing/renderShell';
import { hardNavigation } from './hardNavigation';

let api: FakeHttp;
let replace: jest.SpyInstance;

beforeEach(() => {
  clearCookies();
  replace = jest.spyOn(hardNavigation, 'replace').mockImplementation(() => undefined);
  api = installFakeHttp();
  api.on('GET /customer/user-info', codeOk(demoUser));
  api.on('GET /customer/account', codeOk({ loginAccount: 'demo', registerTime: demoUser.registerTime, whetherVoice: 0, headPic: null }));
});
afterEach(() => {
  api.restore();
  jest.restoreAllMocks();
});

describe('logged-in guard', () => {
  it.each(['/work-bench', '/account-info', '/change-password'])(
    'sends %s without the login cookie to the login page, asked to return there, and renders nothing of the frame',
    async (path) => {
      renderApp(path);
      await waitFor(() => expect(replace).toHaveBeenCalledWith(`/login?redirect=${encodeURIComponent(path)}`));
      expect(screen.queryByText('demo')).not.toBeInTheDocument();
      expect(api.requests).toHaveLength(0);
    },
  );

  it("says the session expired when the server's answer marked it (a reload that beat the api-client's move)", async () => {
    document.cookie = `${SESSION_EXPIRED_COOKIE}=1; Path=/`;
    try {
      renderApp('/account-info?tab=voice');
      await waitFor(() => expect(replace).toHaveBeenCalledTimes(1));
      const target = new URL(replace.mock.calls[0][0] as string, 'http://localhost');
      expect(target.pathname).toBe('/login');
      expect(target.searchParams.get('redirect')).toBe('/account-info?tab=voice');
      expect(target.searchParams.get('expired')).toBe('1');
    } finally {
      document.cookie = `${SESSION_EXPIRED_COOKIE}=; Max-Age=0; Path=/`;
    }
  });

  it('keeps the query of the asked page for after the login', async () => {
    renderApp('/account-info?tab=voice#avatar');
    await waitFor(() => expect(replace).toHaveBeenCalledTimes(1));
    const target = new URL(replace.mock.calls[0][0] as string, 'http://localhost');
    expect(target.pathname).toBe('/login');
    expect(target.searchParams.get('redirect')).toBe('/account-info?tab=voice#avatar');
  });

  it('leaves the login page and /not-found open', async () => {
    renderApp('/not-found');
    expect(await screen.findByText('页面不存在')).toBeInTheDocument();
    renderApp('/login');
    expect(replace).not.toHaveBeenCalled();
  });

  it('sends unknown paths to /not-found', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByText('页面不存在')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/not-found');
  });

  it('with the cookie, loads the user once, publishes the login and shows the frame', async () => {
    setLoginCookie();
    const logins: unknown[] = [];
    const subscription = getEventBus().subscribe(SessionLoginEvent, (event) => logins.push(event.payload.user));
    renderApp('/account-info');
    expect(await screen.findByRole('button', { name: 'demo 用户菜单' })).toHaveTextContent('demo');
    expect(screen.getByText('工作台')).toBeInTheDocument();
    expect(api.requestsTo('/customer/user-info', 'GET')).toHaveLength(1);
    expect(logins).toEqual([demoUser]);
    expect(replace).not.toHaveBeenCalled();
    subscription.unsubscribe();
  });

  it('shows 用户信息获取失败 and renders no frame when user-info answers something that is not a user', async () => {
    setLoginCookie();
    api.on('GET /customer/user-info', codeOk({ loginAccount: 'demo' }));
    renderApp('/account-info');
    expect(await screen.findByText('用户信息获取失败')).toBeInTheDocument();
    expect(screen.queryByText('工作台')).not.toBeInTheDocument();
    expect(replace).not.toHaveBeenCalled();
  });

  it('shows an error with a retry when user-info fails with a server error', async () => {
    setLoginCookie();
    api.restore();
    let fail = true;
    api = installFakeHttp();
    api.on('GET /customer/user-info', () =>
      fail ? { status: 500, body: { code: '500', message: '服务器开小差了，请稍后再试' } } : codeOk(demoUser),
    );
    renderApp('/work-bench');
    expect(await screen.findByText('服务器开小差了，请稍后再试')).toBeInTheDocument();
    fail = false;
    await setupUser().click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByRole('button', { name: /用户菜单/ })).toBeInTheDocument();
  });
});
