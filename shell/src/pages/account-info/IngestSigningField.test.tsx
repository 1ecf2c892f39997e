import { codeOk, installFakeHttp, type FakeHttp, type FakeReply, type FakeRoute } from '@portal/api-client/testing';
import { IngestMessage } from '@portal/contracts/ingest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { BrowserRouter, Link } from 'react-router-dom';
import { buttonName, renderShell, setupUser } from '../../testing/renderShell';
import { createShellStore, type ShellStore } from '../../store/store';
import { IngestSigningField } from './IngestSigningField';

const SIGNING = '/customer/account/ingest-signing';
const SECRET = '/customer/account/ingest-signing/secret';
const FIRST_SECRET = 'a1'.repeat(32);
const SECOND_SECRET = 'b2'.repeat(32);

let api: FakeHttp;
let store: ShellStore;

/**
 * A server that keeps the settings as the real one does: a POST makes a secret (FIRST_SECRET, then
 * SECOND_SECRET) and answers it, a PUT of 1 without a secret is a 409; unless `routes` answers otherwise.
 */
const setup = (settings: { hasSecret: boolean; required: boolean }, routes: Record<string, FakeReply | FakeRoute> = {}) => {
  const state = { ...settings };
  const secrets = [FIRST_SECRET, SECOND_SECRET];
  api = installFakeHttp();
  api.on(`GET ${SIGNING}`, () => codeOk({ ...state }));
  api.on(`POST ${SECRET}`, () => {
    state.hasSecret = true;
    return codeOk({ secret: secrets.shift() });
  });
  api.on(`PUT ${SIGNING}`, ({ body }) => {
    const required = (body as { required: 0 | 1 }).required === 1;
    if (required && !state.hasSecret) return { status: 409, body: { code: '409', message: IngestMessage.SigningSecretMissing } };
    state.required = required;
    return codeOk({ ...state });
  });
  for (const [key, reply] of Object.entries(routes)) api.on(key, reply);
  store = createShellStore();
  renderShell(<IngestSigningField />, { path: '/account-info', store });
};

const requiredSwitch = () => screen.findByRole('switch', { name: '要求签名' });
/** The guard's 有未保存的修改 dialogs open now (its title names it; jsdom gives antd's dialogs no computed name). */
const leaveDialogs = () => screen.queryAllByRole('dialog').filter((dialog) => dialog.textContent?.startsWith('有未保存的修改'));
const leaveDialog = () =>
  waitFor(() => {
    const [dialog] = leaveDialogs();
    if (!dialog) throw new Error('no 有未保存的修改 dialog');
    return dialog;
  });

afterEach(() => api.restore());

describe('the signing secret of the account page', () => {
  it('generates a secret and shows it once, with the warning and a copy button', async () => {
    setup({ hasSecret: false, required: false });
    const user = setupUser();
    // After setupUser(): user-event puts its own clipboard on the page.
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    await user.click(await screen.findByRole('button', { name: '生成签名密钥' }));
    const dialog = await screen.findByRole('dialog', { name: '签名密钥已生成' });
    expect(within(dialog).getByText(FIRST_SECRET)).toBeInTheDocument();
    expect(within(dialog).getByText('请立即复制保存，关闭后将无法再次查看')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: buttonName('复制') }));
    expect(writeText).toHaveBeenCalledWith(FIRST_SECRET);
    expect(await screen.findByText('已复制')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: '我已保存' }));
    await waitFor(() => expect(screen.queryByText(FIRST_SECRET)).not.toBeInTheDocument());
    // The settings reloaded: a secret exists, and it is nowhere to be read again, not even in the store.
    expect(await screen.findByText('已生成（仅生成时显示一次）')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '生成签名密钥' })).not.toBeInTheDocument();
    expect(JSON.stringify(store.getState())).not.toContain(FIRST_SECRET);
    expect(api.requestsTo(SECRET, 'POST')).toHaveLength(1);
  });

  it('asks before leaving while the new secret is shown (it cannot be read again), and not once it is put away', async () => {
    setup({ hasSecret: false, required: false });
    const user = setupUser();
    // The shell's menu, in its own router on the same browser history (as in the portal).
    render(
      <BrowserRouter>
        <Link to="/work-bench">工作台</Link>
      </BrowserRouter>,
    );
    const before = window.location.pathname;
    await user.click(await screen.findByRole('button', { name: '生成签名密钥' }));
    await screen.findByRole('dialog', { name: '签名密钥已生成' });

    fireEvent.click(screen.getByRole('link', { name: '工作台' }));
    const ask = await leaveDialog();
    expect(ask).toHaveTextContent('请立即复制保存，关闭后将无法再次查看');
    await user.click(within(ask).getByRole('button', { name: buttonName('取消') }));
    await waitFor(() => expect(leaveDialogs()).toEqual([]));
    expect(window.location.pathname).toBe(before);
    expect(screen.getByText(FIRST_SECRET)).toBeInTheDocument();

    await user.click(within(screen.getByRole('dialog', { name: '签名密钥已生成' })).getByRole('button', { name: '我已保存' }));
    await waitFor(() => expect(screen.queryByText(FIRST_SECRET)).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('link', { name: '工作台' }));
    await waitFor(() => expect(window.location.pathname).toBe('/work-bench'));
    expect(leaveDialogs()).toEqual([]);
  });

  it('regenerates the secret only after confirmation and shows the new one', async () => {
    setup({ hasSecret: true, required: true });
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: '重新生成' }));
    expect(await screen.findByText('重新生成后旧签名密钥立即失效，用它签名的请求将被拒绝，确定重新生成？')).toBeInTheDocument();
    expect(api.requestsTo(SECRET, 'POST')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: buttonName('确定') }));
    // By role alone: in jsdom antd gives the closed confirmation and the dialog's title the same id.
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('签名密钥已生成')).toBeInTheDocument();
    expect(within(dialog).getByText(FIRST_SECRET)).toBeInTheDocument();
    expect(api.requestsTo(SECRET, 'POST')).toHaveLength(1);
  });

  it('keeps 要求签名 disabled without a secret', async () => {
    setup({ hasSecret: false, required: false });
    const toggle = await requiredSwitch();
    expect(toggle).toBeDisabled();
    expect(toggle).not.toBeChecked();
  });

  it('requires signatures (PUT {required: 1}) only after confirmation', async () => {
    setup({ hasSecret: true, required: false });
    const user = setupUser();
    const toggle = await requiredSwitch();
    expect(toggle).toBeEnabled();
    await user.click(toggle);
    expect(await screen.findByText(/浏览器中的落地页表单等无法再仅凭接入密钥提交线索/)).toBeInTheDocument();
    expect(api.requestsTo(SIGNING, 'PUT')).toHaveLength(0);
    expect(toggle).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: buttonName('确定') }));
    expect(await screen.findByText(IngestMessage.SigningSettingSaved)).toBeInTheDocument();
    expect(api.requestsTo(SIGNING, 'PUT').map((request) => request.body)).toEqual([{ required: 1 }]);
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    setup({ hasSecret: true, required: false });
    const user = setupUser();
    await user.click(await requiredSwitch());
    await screen.findByText(/浏览器中的落地页表单等无法再仅凭接入密钥提交线索/);
    await user.click(screen.getByRole('button', { name: buttonName('取消') }));
    await waitFor(() => expect(screen.queryByText(/浏览器中的落地页表单等无法再仅凭接入密钥提交线索/)).not.toBeInTheDocument());
    expect(api.requestsTo(SIGNING, 'PUT')).toHaveLength(0);
    expect(await requiredSwitch()).not.toBeChecked();
  });

  it('stops requiring signatures (PUT {required: 0}) without asking', async () => {
    setup({ hasSecret: true, required: true });
    const user = setupUser();
    const toggle = await requiredSwitch();
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText(IngestMessage.SigningSettingSaved)).toBeInTheDocument();
    expect(api.requestsTo(SIGNING, 'PUT').map((request) => request.body)).toEqual([{ required: 0 }]);
    await waitFor(() => expect(toggle).not.toBeChecked());
  });

  it("shows the server's message when it refuses the requirement (409) and keeps the switch off", async () => {
    setup(
      { hasSecret: true, required: false },
      { [`PUT ${SIGNING}`]: { status: 409, body: { code: '409', message: IngestMessage.SigningSecretMissing } } },
    );
    const user = setupUser();
    const toggle = await requiredSwitch();
    await user.click(toggle);
    await user.click(await screen.findByRole('button', { name: buttonName('确定') }));
    expect(await screen.findByText(IngestMessage.SigningSecretMissing)).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
  });

  it('shows a load failure with a retry', async () => {
    let fail = true;
    setup(
      { hasSecret: false, required: false },
      {
        [`GET ${SIGNING}`]: () =>
          fail ? { status: 500, body: { code: '500', message: '服务器开小差了，请稍后再试' } } : codeOk({ hasSecret: false, required: false }),
      },
    );
    expect(await screen.findByText('服务器开小差了，请稍后再试')).toBeInTheDocument();
    fail = false;
    await setupUser().click(screen.getByRole('button', { name: buttonName('重试') }));
    expect(await screen.findByRole('button', { name: '生成签名密钥' })).toBeInTheDocument();
  });

  it('states how a server signs: the two headers and the signed string', async () => {
    setup({ hasSecret: true, required: false });
    expect(await screen.findByText('X-Ingest-Timestamp: <秒级时间戳，与服务器时间相差不超过 5 分钟>')).toBeInTheDocument();
    expect(screen.getByText("X-Ingest-Signature: sha256=<HMAC-SHA256(签名密钥, 时间戳 + '.' + 原始请求体) 的小写十六进制>")).toBeInTheDocument();
  });
});
