import { createApiClient } from '@portal/api-client';
import { installFakeHttp, type FakeHttp, type FakeReply, type FakeRoute } from '@portal/api-client/testing';
import { AuthErrorCode, AuthMessage, CommonMessage, loginLockedMessage, PasswordPrompt, SESSION_EXPIRED_COOKIE } from '@portal/contracts';
import { EventBus } from '@portal/event-bus';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { hardNavigation } from '../session/hardNavigation';
import { buttonName, clearCookies, fieldErrors, fill, renderShell, setLoginCookie, setupUser } from '../testing/renderShell';
import { LoginPage } from './LoginPage';

const user = {
  id: 1,
  type: 1,
  whetherVoice: 0,
  thumbnail: null,
  headPic: null,
  loginAccount: 'demo',
  registerTime: '2024-01-01 10:00:00',
  firstLoginStutes: 0,
};
const userEvent = setupUser();
let api: FakeHttp;
let assign: jest.SpyInstance;

/** 'METHOD /path' → the answer, or a function of the request giving it. */
type Routes = Record<string, FakeReply | FakeRoute>;

const installRoutes = (routes: Routes): FakeHttp => {
  const http = installFakeHttp();
  for (const [key, reply] of Object.entries(routes)) http.on(key, reply);
  return http;
};

const setup = (routes: Routes, path = '/login') => {
  api = installRoutes(routes);
  renderShell(<LoginPage />, { path });
};

const typeCredentials = async (account: string, password: string) => {
  if (account) fill(screen.getByPlaceholderText('请输入账号'), account);
  if (password) fill(screen.getByPlaceholderText('请输入密码'), password);
};

beforeEach(() => {
  localStorage.clear();
  clearCookies();
  assign = jest.spyOn(hardNavigation, 'assign').mockImplementation(() => undefined);
});
afterEach(() => {
  api?.restore();
  jest.restoreAllMocks();
});

describe('login form', () => {
  it('shows the required messages and does not call the server', async () => {
    setup({});
    await userEvent.click(screen.getByRole('button', { name: buttonName(AuthMessage.LoginButton) }));
    await waitFor(() => expect(fieldErrors()).toEqual([AuthMessage.AccountRequired, AuthMessage.PasswordRequired]));
    expect(api.requests).toHaveLength(0);
  });

  it('says 长度在 3 到 15 个字符 for a too short or too long account', async () => {
    setup({});
    await typeCredentials('ab', 'Demo12345');
    await userEvent.click(screen.getByRole('button', { name: buttonName(AuthMessage.LoginButton) }));
    await waitFor(() => expect(fieldErrors()).toEqual(['长度在 3 到 15 个字符']));
    fill(screen.getByPlaceholderText('请输入账号'), 'a'.repeat(16));
    await waitFor(() => expect(fieldErrors()).toEqual(['长度在 3 到 15 个字符']));
    expect(api.requests).toHaveLength(0);
  });

  it('shows 登录中... while the call runs, then goes to /work-bench with a full load', async () => {
    let answer!: (reply: { status: number; body: unknown }) => void;
    setup({ 'POST /customer/login': () => new Promise((resolve) => (answer = resolve)) });
    await typeCredentials('demo', 'Demo12345');
    await userEvent.click(screen.getByPlaceholderText('请输入密码'));
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: /登录中/ })).toHaveTextContent(AuthMessage.LoggingIn);
    expect(api.requestsTo('/customer/login', 'POST')[0].body).toEqual({ type: 1, loginAccount: 'demo', password: 'Demo12345' });
    await act(async () => answer({ status: 200, body: { code: '200', message: '登录成功', data: user } }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/work-bench'));
  });

  it("shows the server's message for wrong credentials and lets the user try again", async () => {
    setup({ 'POST /customer/login': { status: 401, body: { code: '401', message: '账号或密码错误' } } });
    await typeCredentials('demo', 'wrong12345');
    await userEvent.click(screen.getByRole('button', { name: buttonName(AuthMessage.LoginButton) }));
    expect(await screen.findByRole('alert')).toHaveTextContent('账号或密码错误');
    expect(screen.getByRole('button', { name: buttonName(AuthMessage.LoginButton) })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows the lockout message of a 429', async () => {
    setup({ 'POST /customer/login': { status: 429, headers: { 'retry-after': '600' }, body: { code: '429', message: loginLockedMessage(600) } } });
    await typeCredentials('demo', 'wrong12345');
    await userEvent.click(screen.getByRole('button', { name: buttonName(AuthMessage.LoginButton) }));
    expect(await screen.findByRole('alert')).toHaveTextContent('密码错误次数过多，请10分钟后再试');
  });

  it('falls back to the lockout text when a 429 comes without a Chinese message', async () => {
    setup({ 'POST /customer/login': { status: 429, body: { statusCode: 429, error: 'Too Many Requests', message: 'Rate limit exceeded' } } });
    await typeCredentials('demo', 'wrong12345');
    await userEvent.click(screen.getByRole('button', { name: buttonName(AuthMessage.LoginButton) }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AuthMessage.LoginLocked);
  });

  it('says the password was changed when logout after a change lands here', () => {
    api = installFakeHttp();
    renderShell(<LoginPage />, { path: '/login?passwordChanged=1' });
    expect(screen.getByText(AuthMessage.PasswordChanged)).toBeInTheDocument();
  });

  it('offers 返回工作台 when already logged in', async () => {
    setLoginCookie();
    setup({});
    await userEvent.click(screen.getByRole('button', { name: '返回工作台' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/work-bench');
  });
});

describe('returning to the asked page', () => {
  const loginOk = { 'POST /customer/login': { body: { code: '200', message: '登录成功', data: user } } };
  const logIn = async () => {
    await typeCredentials('demo', 'Demo12345');
    await userEvent.click(screen.getByRole('button', { name: buttonName(AuthMessage.LoginButton) }));
  };

  it('lands on the page the guard sent here from, its query kept', async () => {
    setup(loginOk, `/login?redirect=${encodeURIComponent('/promote-data?itemId=3&startTime=2026-11-01')}`);
    // Sent by the guard (no expired session): nothing to say.
    expect(screen.queryByText(CommonMessage.NotLoggedIn)).not.toBeInTheDocument();
    await logIn();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/promote-data?itemId=3&startTime=2026-11-01'));
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['an absolute URL', 'https://evil.example/promote-data'],
    ['a protocol-relative URL', '//evil.example'],
    ['a backslash', '/\\evil.example'],
    ['javascript:', 'javascript:alert(1)'],
    ['a relative path', 'promote-data'],
  ])('goes to the workbench instead of %s', async (_case, redirect) => {
    setup(loginOk, `/login?redirect=${encodeURIComponent(redirect)}`);
    await logIn();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/work-bench'));
  });

  it('after a 401 of any call says 登录已失效，请重新登录 and returns to the page after login', async () => {
    // The api-client's own 401 handling, on the page /promote-data?itemId=3: where does it send the page?
    const navigate = jest.fn<void, [string]>();
    const client = createApiClient({
      navigate,
      clearSession: () => undefined,
      eventBus: new EventBus(),
      currentPath: () => '/promote-data?itemId=3',
      now: () => 0,
    });
    const expiring = installFakeHttp(client);
    expiring.on('GET /customer/feedback/feedbacks', { status: 401, body: { code: '401', message: CommonMessage.NotLoggedIn } });
    await expect(client.get('/customer/feedback/feedbacks')).rejects.toMatchObject({ status: 401 });
    expiring.restore();
    expect(navigate).toHaveBeenCalledTimes(1);
    const loginUrl = navigate.mock.calls[0][0];

    // The login page it lands on says why, and logging in returns to the page.
    setup(loginOk, loginUrl);
    expect(screen.getByText('登录已失效，请重新登录')).toBeInTheDocument();
    await logIn();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/promote-data?itemId=3'));
  });
});

describe('the expired-session mark', () => {
  it('is spent once the login page shows: a later trip through the guard says nothing of an expiry', () => {
    document.cookie = `${SESSION_EXPIRED_COOKIE}=1; Path=/`;
    setup({}, '/login?redirect=%2Fpromote-data&expired=1');
    expect(screen.getByText('登录已失效，请重新登录')).toBeInTheDocument();
    expect(document.cookie).not.toContain(SESSION_EXPIRED_COOKIE);
  });
});

describe('remember account', () => {
  const loginOk = { 'POST /customer/login': { body: { code: '200', message: '登录成功', data: user } } };

  it('saves the account when ticked and prefills it next time', async () => {
    setup(loginOk);
    await typeCredentials('demo', 'Demo12345');
    await userEvent.click(screen.getByRole('checkbox', { name: '记住账号' }));
    await userEvent.click(screen.getByRole('button', { name: buttonName(AuthMessage.LoginButton) }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(localStorage.getItem('portal.rememberedAccount')).toBe('demo');

    cleanup();
    renderShell(<LoginPage />);
    expect(screen.getByPlaceholderText('请输入账号')).toHaveValue('demo');
    expect(screen.getByRole('checkbox', { name: '记住账号' })).toBeChecked();
  });

  it('forgets the account when unticked', async () => {
    localStorage.setItem('portal.rememberedAccount', 'demo');
    setup(loginOk);
    expect(screen.getByPlaceholderText('请输入账号')).toHaveValue('demo');
    await userEvent.click(screen.getByRole('checkbox', { name: '记住账号' }));
    fill(screen.getByPlaceholderText('请输入密码'), 'Demo12345');
    await userEvent.click(screen.getByRole('button', { name: buttonName(AuthMessage.LoginButton) }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(localStorage.getItem('portal.rememberedAccount')).toBeNull();
  });
});

describe('forced password change (code 10002)', () => {
  const forcedRoutes = (forced: FakeReply | FakeRoute = { body: { code: '200', message: '修改成功', data: null } }): Routes => ({
    'POST /customer/login': {
      status: 200,
      body: { code: '10002', message: AuthMessage.ForcePasswordChange, data: { changeToken: 'token-of-10002' } },
    },
    'PUT /customer/password/forced': forced,
  });

  const openDialog = async (routes: Routes = forcedRoutes()) => {
    setup(routes);
    await typeCredentials('demo', 'Old12345');
    await userEvent.click(screen.getByRole('button', { name: buttonName(AuthMessage.LoginButton) }));
    return screen.findByRole('dialog');
  };

  it('opens the dialog with the account prefilled instead of logging in', async () => {
    const dialog = await openDialog();
    expect(within(dialog).getByText(AuthMessage.ForcePasswordChange)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('账号')).toHaveValue('demo');
    expect(within(dialog).getByPlaceholderText(PasswordPrompt.Old)).toBeInTheDocument();
    expect(within(dialog).getByPlaceholderText(PasswordPrompt.New)).toBeInTheDocument();
    expect(within(dialog).getByPlaceholderText(PasswordPrompt.Confirm)).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it("applies the spec's rules", async () => {
    const dialog = await openDialog();
    const confirm = within(dialog).getByRole('button', { name: '确认修改' });
    await userEvent.click(confirm);
    await waitFor(() =>
      expect(fieldErrors()).toEqual([AuthMessage.OldPasswordRequired, AuthMessage.NewPasswordRequired, AuthMessage.ConfirmPasswordRequired]),
    );

    fill(within(dialog).getByPlaceholderText(PasswordPrompt.Old), 'Other123');
    fill(within(dialog).getByPlaceholderText(PasswordPrompt.New), 'short');
    fill(within(dialog).getByPlaceholderText(PasswordPrompt.Confirm), 'short1');
    await userEvent.click(confirm);
    await waitFor(() => expect(fieldErrors()).toEqual([AuthMessage.OldPasswordWrong, AuthMessage.PasswordRule, AuthMessage.PasswordMismatch]));

    fill(within(dialog).getByPlaceholderText(PasswordPrompt.Old), 'Old12345');
    fill(within(dialog).getByPlaceholderText(PasswordPrompt.New), 'Old12345');
    fill(within(dialog).getByPlaceholderText(PasswordPrompt.Confirm), 'Old12345');
    await userEvent.click(confirm);
    await waitFor(() => expect(fieldErrors()).toEqual([AuthMessage.PasswordSameAsOld]));
    expect(api.requestsTo('/customer/password/forced', 'PUT')).toHaveLength(0);
  });

  it('changes the password and asks to log in with the new one', async () => {
    const dialog = await openDialog();
    fill(within(dialog).getByPlaceholderText(PasswordPrompt.Old), 'Old12345');
    fill(within(dialog).getByPlaceholderText(PasswordPrompt.New), 'New12345');
    fill(within(dialog).getByPlaceholderText(PasswordPrompt.Confirm), 'New12345');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认修改' }));
    expect(await screen.findByText(AuthMessage.PasswordChanged)).toBeInTheDocument();
    expect(api.requestsTo('/customer/password/forced', 'PUT')[0].body).toEqual({
      loginAccount: 'demo',
      oldPassword: 'Old12345',
      newPassword: 'New12345',
      confirmPassword: 'New12345',
      changeToken: 'token-of-10002',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByPlaceholderText('请输入密码')).toHaveValue('');
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows a refused token (too late, or used) in the dialog', async () => {
    const dialog = await openDialog(
      forcedRoutes({ status: 400, body: { code: AuthErrorCode.ChangeTokenInvalid, message: AuthMessage.ChangeTokenInvalid } }),
    );
    fill(within(dialog).getByPlaceholderText(PasswordPrompt.Old), 'Old12345');
    fill(within(dialog).getByPlaceholderText(PasswordPrompt.New), 'New12345');
    fill(within(dialog).getByPlaceholderText(PasswordPrompt.Confirm), 'New12345');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认修改' }));
    expect(await within(dialog).findByText(AuthMessage.ChangeTokenInvalid)).toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog", async () => {
    const dialog = await openDialog(
      forcedRoutes({ status: 400, body: { code: AuthErrorCode.OldPasswordWrong, message: AuthMessage.OldPasswordWrong } }),
    );
    fill(within(dialog).getByPlaceholderText(PasswordPrompt.Old), 'Old12345');
    fill(within(dialog).getByPlaceholderText(PasswordPrompt.New), 'New12345');
    fill(within(dialog).getByPlaceholderText(PasswordPrompt.Confirm), 'New12345');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认修改' }));
    await waitFor(() => expect(fieldErrors()).toEqual([AuthMessage.OldPasswordWrong]));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
