import { installFakeHttp, type FakeHttp, type FakeReply, type FakeRoute } from '@portal/api-client/testing';
import { AuthErrorCode, AuthMessage } from '@portal/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { hardNavigation } from '../session/hardNavigation';
import { buttonName, clearCookies, demoUser, fill, renderShell, setupUser } from '../testing/renderShell';
import { LoginPage } from './LoginPage';

/** The login page's single-sign-on link (`/login?sso=<token>`), over the shell's fake http. */

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
const userEvent = setupUser();
let api: FakeHttp;
let assign: jest.SpyInstance;

/** The page's query as the router has it, for assertions (the suite's probe shows the path only). */
function SearchProbe() {
  return <div data-testid="search">{useLocation().search}</div>;
}

const setup = (routes: Record<string, FakeReply | FakeRoute>, path: string) => {
  api = installFakeHttp();
  for (const [key, reply] of Object.entries(routes)) api.on(key, reply);
  renderShell(
    <>
      <LoginPage />
      <SearchProbe />
    </>,
    { path },
  );
};

const refused: FakeReply = { status: 400, body: { code: AuthErrorCode.SsoLinkInvalid, message: AuthMessage.SsoLinkInvalid } };

beforeEach(() => {
  localStorage.clear();
  clearCookies();
  assign = jest.spyOn(hardNavigation, 'assign').mockImplementation(() => undefined);
});
afterEach(() => {
  api?.restore();
  jest.restoreAllMocks();
});

describe('single sign-on link', () => {
  it('logs in with the token once, takes it off the address, and goes to the workbench', async () => {
    let answer!: (reply: FakeReply) => void;
    setup({ 'POST /customer/sso-login': () => new Promise((resolve) => (answer = resolve)) }, `/login?sso=${TOKEN}`);
    expect(await screen.findByRole('button', { name: /登录中/ })).toHaveTextContent(AuthMessage.LoggingIn);
    await waitFor(() => expect(api.requestsTo('/customer/sso-login', 'POST')).toHaveLength(1));
    expect(api.requestsTo('/customer/sso-login', 'POST')[0].body).toEqual({ token: TOKEN });
    expect(screen.getByTestId('search')).toHaveTextContent(/^$/);
    await act(async () => answer({ status: 200, body: { code: '200', message: '登录成功', data: demoUser } }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/work-bench'));
    expect(assign).toHaveBeenCalledTimes(1);
    expect(api.requestsTo('/customer/sso-login')).toHaveLength(1);
    expect(api.requestsTo('/customer/login')).toHaveLength(0);
  });

  it('goes to the page of `redirect` after the link logs in, and keeps it on the address', async () => {
    setup(
      { 'POST /customer/sso-login': { status: 200, body: { code: '200', message: '登录成功', data: demoUser } } },
      `/login?redirect=${encodeURIComponent('/promote-data?itemId=3')}&sso=${TOKEN}`,
    );
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/promote-data?itemId=3'));
    expect(screen.getByTestId('search')).toHaveTextContent(`?redirect=${encodeURIComponent('/promote-data?itemId=3')}`);
  });

  it('shows a refused link above the form, without the token on the address, and the form still logs in', async () => {
    setup(
      {
        'POST /customer/sso-login': refused,
        'POST /customer/login': { status: 200, body: { code: '200', message: '登录成功', data: demoUser } },
      },
      `/login?sso=${TOKEN}`,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(AuthMessage.SsoLinkInvalid);
    // Above the form: before its first field.
    expect(alert.compareDocumentPosition(screen.getByPlaceholderText('请输入账号')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByTestId('search')).toHaveTextContent(/^$/);
    expect(assign).not.toHaveBeenCalled();

    const button = screen.getByRole('button', { name: buttonName(AuthMessage.LoginButton) });
    expect(button).toBeEnabled();
    fill(screen.getByPlaceholderText('请输入账号'), 'demo');
    fill(screen.getByPlaceholderText('请输入密码'), 'Demo12345');
    await userEvent.click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/work-bench'));
    expect(screen.queryByText(AuthMessage.SsoLinkInvalid)).not.toBeInTheDocument();
    expect(api.requestsTo('/customer/sso-login')).toHaveLength(1);
  });

  it("shows the server's text of another refusal (too many attempts)", async () => {
    setup(
      { 'POST /customer/sso-login': { status: 429, headers: { 'retry-after': '60' }, body: { code: '429', message: '请求过于频繁，请稍后再试' } } },
      `/login?sso=${TOKEN}`,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('请求过于频繁，请稍后再试');
    expect(assign).not.toHaveBeenCalled();
  });

  it('sends nothing without the parameter', async () => {
    setup({ 'POST /customer/sso-login': refused }, '/login');
    expect(screen.getByRole('button', { name: buttonName(AuthMessage.LoginButton) })).toBeEnabled();
    await act(async () => undefined);
    expect(api.requests).toHaveLength(0);
  });
});
