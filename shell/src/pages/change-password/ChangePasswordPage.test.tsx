import { codeOk, installFakeHttp, type FakeHttp, type FakeReply, type FakeRoute } from '@portal/api-client/testing';
import { AuthErrorCode, AuthMessage, PasswordPrompt } from '@portal/contracts';
import { getEventBus, SessionLogoutEvent } from '@portal/event-bus';
import { screen, waitFor } from '@testing-library/react';
import { hardNavigation } from '../../session/hardNavigation';
import { fieldErrors, fill, renderShell, setLoginCookie, setupUser } from '../../testing/renderShell';
import { ChangePasswordPage } from './ChangePasswordPage';

let api: FakeHttp;
let assign: jest.SpyInstance;

/** Both calls succeed unless `routes` answers them otherwise. */
const setup = (routes: Record<string, FakeReply | FakeRoute> = {}) => {
  api = installFakeHttp();
  api.on('PUT /customer/password', codeOk(null));
  api.on('POST /customer/logout', codeOk(null));
  for (const [key, reply] of Object.entries(routes)) api.on(key, reply);
  renderShell(<ChangePasswordPage />, { path: '/change-password' });
};

const submitWith = async (oldPassword: string, password: string, confirm: string) => {
  fill(screen.getByPlaceholderText(PasswordPrompt.Old), oldPassword);
  fill(screen.getByPlaceholderText(PasswordPrompt.New), password);
  fill(screen.getByPlaceholderText(PasswordPrompt.Confirm), confirm);
  await setupUser().click(screen.getByRole('button', { name: '确认修改' }));
};

beforeEach(() => {
  assign = jest.spyOn(hardNavigation, 'assign').mockImplementation(() => undefined);
});
afterEach(() => {
  api.restore();
  jest.restoreAllMocks();
});

describe('change password page', () => {
  it('requires the three fields', async () => {
    setup();
    await setupUser().click(screen.getByRole('button', { name: '确认修改' }));
    await waitFor(() =>
      expect(fieldErrors()).toEqual([AuthMessage.OldPasswordRequired, AuthMessage.NewPasswordRequired, AuthMessage.ConfirmPasswordRequired]),
    );
  });

  it.each([
    ['too short', 'Old12345', 'Ab1', 'Ab1', [AuthMessage.PasswordRule]],
    ['letters only', 'Old12345', 'abcdefghij', 'abcdefghij', [AuthMessage.PasswordRule]],
    ['digits only', 'Old12345', '1234567890', '1234567890', [AuthMessage.PasswordRule]],
    ['too long', 'Old12345', 'Abc1234567890123456', 'Abc1234567890123456', [AuthMessage.PasswordRule]],
    ['mismatch', 'Old12345', 'New12345', 'New54321', [AuthMessage.PasswordMismatch]],
    ['same as old', 'Old12345', 'Old12345', 'Old12345', [AuthMessage.PasswordSameAsOld]],
  ])('says the spec message for a password that is %s', async (_case, oldPassword, password, confirm, messages) => {
    setup();
    await submitWith(oldPassword, password, confirm);
    await waitFor(() => expect(fieldErrors()).toEqual(messages));
    expect(api.requestsTo('/customer/password', 'PUT')).toHaveLength(0);
  });

  it("shows the server's 原密码错误 on the old-password field, by its code", async () => {
    setup({ 'PUT /customer/password': { status: 400, body: { code: AuthErrorCode.OldPasswordWrong, message: AuthMessage.OldPasswordWrong } } });
    await submitWith('Wrong123', 'New12345', 'New12345');
    await waitFor(() => expect(fieldErrors()).toEqual([AuthMessage.OldPasswordWrong]));
    const oldField = screen.getByPlaceholderText(PasswordPrompt.Old).closest('.ant-form-item');
    expect(oldField).toHaveTextContent(AuthMessage.OldPasswordWrong);
    expect(assign).not.toHaveBeenCalled();
  });

  it('on success logs out and goes back to / to log in again, which repeats the message', async () => {
    setLoginCookie();
    const logouts: unknown[] = [];
    const subscription = getEventBus().subscribe(SessionLogoutEvent, (event) => logouts.push(event.payload));
    setup();
    await submitWith('Old12345', 'New12345', 'New12345');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/login?passwordChanged=1'));
    expect(api.requestsTo('/customer/password', 'PUT')[0].body).toEqual({ oldPassword: 'Old12345', password: 'New12345', confirm: 'New12345' });
    expect(api.requestsTo('/customer/logout', 'POST')).toHaveLength(1);
    expect(await screen.findByText(AuthMessage.PasswordChanged)).toBeInTheDocument();
    expect(document.cookie).not.toContain('portal_login=1');
    expect(logouts).toEqual([{ reason: 'user' }]);
    subscription.unsubscribe();
  });
});
