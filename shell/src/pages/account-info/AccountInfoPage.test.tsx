import { codeOk, installFakeHttp, type FakeHttp, type FakeReply, type FakeRoute } from '@portal/api-client/testing';
import { AccountMessage } from '@portal/contracts';
import { getEventBus, UserUpdatedEvent } from '@portal/event-bus';
import { screen, waitFor, within } from '@testing-library/react';
import { buttonName, renderShell, setupUser } from '../../testing/renderShell';
import { AccountInfoPage } from './AccountInfoPage';

const account = { loginAccount: 'demo', registerTime: '2024-03-01T01:30:00.000Z', whetherVoice: 0, headPic: null };
let api: FakeHttp;

/** The account loads unless `routes` answers it otherwise. */
const setup = (routes: Record<string, FakeReply | FakeRoute> = {}) => {
  api = installFakeHttp();
  api.on('GET /customer/account', codeOk(account));
  for (const [key, reply] of Object.entries(routes)) api.on(key, reply);
  renderShell(<AccountInfoPage />, { path: '/account-info' });
};

const fileOf = (size: number, type = 'image/png', name = 'me.png') => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

const updates: unknown[] = [];
const subscription = getEventBus().subscribe(UserUpdatedEvent, (event) => updates.push(event.payload.user));
afterAll(() => subscription.unsubscribe());
beforeEach(() => {
  updates.length = 0;
});
afterEach(() => api.restore());

describe('account info page', () => {
  it('shows the account name and creation time after loading', async () => {
    setup();
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByText('demo')).toBeInTheDocument();
    expect(screen.getByText(/^2024-03-01 \d\d:30:00$/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: '声音提醒' })).toBeChecked();
  });

  it('shows the error with a retry when loading fails', async () => {
    let fail = true;
    setup({
      'GET /customer/account': () => (fail ? { status: 500, body: { code: '500', message: '服务器开小差了，请稍后再试' } } : codeOk(account)),
    });
    expect(await screen.findByText('服务器开小差了，请稍后再试')).toBeInTheDocument();
    fail = false;
    await setupUser().click(screen.getByRole('button', { name: buttonName('重试') }));
    expect(await screen.findByText('demo')).toBeInTheDocument();
  });

  it('shows 账户信息获取失败 with a retry when the answer is not an account (the contract schema refuses it)', async () => {
    let broken = true;
    setup({ 'GET /customer/account': () => (broken ? codeOk({ loginAccount: 'demo', whetherVoice: '开' }) : codeOk(account)) });
    expect(await screen.findByText('账户信息获取失败')).toBeInTheDocument();
    broken = false;
    await setupUser().click(screen.getByRole('button', { name: buttonName('重试') }));
    expect(await screen.findByText('demo')).toBeInTheDocument();
  });

  it('saves the sound reminder on the server (0 on, 1 off) and tells the page', async () => {
    setup({ 'PUT /customer/account/voice': codeOk({ whetherVoice: 1 }) });
    const voice = await screen.findByRole('switch', { name: '声音提醒' });
    await setupUser().click(voice);
    expect(await screen.findByText(AccountMessage.VoiceSaved)).toBeInTheDocument();
    expect(api.requestsTo('/customer/account/voice', 'PUT').map((request) => request.body)).toEqual([{ whetherVoice: 1 }]);
    expect(voice).not.toBeChecked();
    expect(updates).toEqual([{ whetherVoice: 1 }]);
  });

  it('keeps the switch as it was when saving fails', async () => {
    setup({ 'PUT /customer/account/voice': { status: 500, body: { code: '500', message: '服务器开小差了，请稍后再试' } } });
    const voice = await screen.findByRole('switch', { name: '声音提醒' });
    await setupUser().click(voice);
    expect(await screen.findByText('服务器开小差了，请稍后再试')).toBeInTheDocument();
    expect(voice).toBeChecked();
  });

  it('refuses an avatar of 2 MB or more before sending it', async () => {
    setup();
    await screen.findByText('demo');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await setupUser().upload(input, fileOf(2 * 1024 * 1024));
    expect(await screen.findByText('上传头像图片大小不能超过 2MB!')).toBeInTheDocument();
    expect(api.requestsTo('/customer/account/avatar', 'POST')).toHaveLength(0);
  });

  it('uploads an image and shows the new avatar here and in the top navigation (UserUpdatedEvent)', async () => {
    setup({ 'POST /customer/account/avatar': codeOk({ headPic: '/rest/files/avatars/new.png' }) });
    await screen.findByText('demo');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await setupUser().upload(input, fileOf(300 * 1024));
    expect(await screen.findByText(AccountMessage.AvatarUploaded)).toBeInTheDocument();
    const [call] = api.requestsTo('/customer/account/avatar', 'POST');
    expect((call.body as FormData).get('file')).toBeInstanceOf(File);
    await waitFor(() =>
      expect(screen.getByAltText('头像').querySelector('img') ?? screen.getByAltText('头像')).toHaveAttribute('src', '/rest/files/avatars/new.png'),
    );
    expect(updates).toEqual([{ headPic: '/rest/files/avatars/new.png' }]);
  });

  it('shows the ingestion key masked, reveals and copies it', async () => {
    const key = 'ik_3f9a2b7c4d5e6f708192a3b4c5d6e7f8';
    setup({ 'GET /customer/account/ingest-key': codeOk({ key }) });
    expect(await screen.findByText('ik_3••••••••••••e7f8')).toBeInTheDocument();
    expect(screen.queryByText(key)).not.toBeInTheDocument();

    const user = setupUser();
    // After setup(): user-event puts its own clipboard on the page.
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: buttonName('显示') }));
    expect(screen.getByText(key)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: buttonName('复制') }));
    expect(writeText).toHaveBeenCalledWith(key);
    expect(await screen.findByText('已复制')).toBeInTheDocument();
  });

  it('regenerates the key only after confirmation', async () => {
    setup({
      'GET /customer/account/ingest-key': codeOk({ key: 'ik_old0000000000000000000000000000' }),
      'POST /customer/account/ingest-key': codeOk({ key: 'ik_new1111111111111111111111111111' }),
    });
    await screen.findByText('ik_o••••••••••••0000');
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: '重新生成' }));
    expect(await screen.findByText('重新生成后旧密钥立即失效，确定重新生成？')).toBeInTheDocument();
    expect(api.requestsTo('/customer/account/ingest-key', 'POST')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: buttonName('确定') }));
    expect(await screen.findByText('接入密钥已重新生成')).toBeInTheDocument();
    expect(screen.getByText('ik_new1111111111111111111111111111')).toBeInTheDocument();
    expect(api.requestsTo('/customer/account/ingest-key', 'POST')).toHaveLength(1);
  });

  it('has a 签名密钥 row beside the key (IngestSigningField.test.tsx tests it)', async () => {
    setup({ 'GET /customer/account/ingest-signing': codeOk({ hasSecret: true, required: true }) });
    const row = await screen.findByRole('group', { name: '签名密钥' });
    expect(within(row).getByText('已生成（仅生成时显示一次）')).toBeInTheDocument();
    expect(within(row).getByRole('switch', { name: '要求签名' })).toBeChecked();
  });
});
