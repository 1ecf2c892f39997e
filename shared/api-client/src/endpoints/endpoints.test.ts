import { EventBus, SessionLogoutEvent } from '@portal/event-bus';
import { ApiError } from '../ApiError';
import { createApiClient } from '../createApiClient';
import { startTestServer, type TestServer } from '../testing/testServer';
import { createAccountApi } from './account';
import { createAuthApi } from './auth';
import { createLeadsApi } from './leads';
import { createPlatformApi } from './platform';
import { createWorkbenchApi } from './workbench';

let server: TestServer;
let logouts: string[];
let navigate: jest.Mock;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

function client() {
  const eventBus = new EventBus();
  logouts = [];
  eventBus.subscribe(SessionLogoutEvent, (event) => logouts.push(event.payload.reason));
  navigate = jest.fn();
  return createApiClient({ baseURL: `${server.origin}/rest`, adapter: 'http', eventBus, navigate, currentPath: () => '/x' });
}

const last = () => server.requests.at(-1)!;
const query = () => Object.fromEntries(new URL(last().url, server.origin).searchParams);

const user = {
  id: 1,
  type: 1,
  whetherVoice: 0,
  thumbnail: null,
  headPic: '/uploads/a.png',
  loginAccount: 'demo',
  registerTime: '2024-01-01 10:00:00',
  firstLoginStutes: 1,
};

describe('auth', () => {
  it('logs in with the typed form and gives back the body', async () => {
    const auth = createAuthApi(client());
    server.route('POST /rest/customer/login', { body: { code: '200', message: '登录成功', data: user } });
    await expect(auth.login({ loginAccount: 'demo', password: 'Demo12345' })).resolves.toEqual({
      code: '200',
      message: '登录成功',
      data: user,
    });
    expect(JSON.parse(last().body)).toEqual({ loginAccount: 'demo', password: 'Demo12345', type: 1 });
  });

  it('returns code 10002 rather than throwing, so the forced change can open', async () => {
    const auth = createAuthApi(client());
    server.route('POST /rest/customer/login', {
      body: { code: '10002', message: '首次登录或密码已过期，请修改密码', data: null },
    });
    const body = await auth.login({ loginAccount: 'demo', password: 'Demo12345', type: 1 });
    expect(body.code).toBe('10002');
  });

  it('returns a refusal with an error status as a body, without logging out', async () => {
    const auth = createAuthApi(client());
    server.route('POST /rest/customer/login', { status: 401, body: { code: '10001', message: '账号或密码错误' } });
    await expect(auth.login({ loginAccount: 'demo', password: 'wrong1234' })).resolves.toEqual({
      code: '10001',
      message: '账号或密码错误',
      data: null,
    });
    expect(logouts).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('unwraps user info, and throws ApiError with the code when it is not 200', async () => {
    const auth = createAuthApi(client());
    server.route('GET /rest/customer/user-info', { body: { code: '200', message: 'ok', data: user } });
    await expect(auth.userInfo()).resolves.toEqual(user);

    server.route('GET /rest/customer/user-info', { body: { code: '401', message: '未登录', data: null } });
    const error = await auth.userInfo().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, code: '401', message: '未登录' });
    expect(logouts).toEqual([]);
  });

  it('changes the password and surfaces the server refusal', async () => {
    const auth = createAuthApi(client());
    server.route('PUT /rest/customer/password', { status: 204 });
    const form = { oldPassword: 'Demo12345', password: 'Demo54321', confirm: 'Demo54321' };
    await expect(auth.changePassword(form)).resolves.toBeUndefined();
    expect(JSON.parse(last().body)).toEqual(form);

    server.route('PUT /rest/customer/password/forced', {
      status: 400,
      body: { code: '400', message: '新密码不能与旧密码一样' },
    });
    await expect(
      auth.forcedPasswordChange({
        loginAccount: 'demo',
        oldPassword: 'Demo12345',
        newPassword: 'Demo12345',
        confirmPassword: 'Demo12345',
        changeToken: 'token-of-10002',
      }),
    ).rejects.toMatchObject({ status: 400, message: '新密码不能与旧密码一样' });
  });

  it('logs out with a POST', async () => {
    const auth = createAuthApi(client());
    server.route('POST /rest/customer/logout', { body: { code: '200', message: 'ok', data: null } });
    await auth.logout();
    expect(last().method).toBe('POST');
    expect(last().headers['x-requested-with']).toBe('XMLHttpRequest');
  });
});

describe('account', () => {
  it('reads the account and saves the sound switch', async () => {
    const account = createAccountApi(client());
    const info = { loginAccount: 'demo', registerTime: '2024-01-01', whetherVoice: 1, headPic: null };
    server.route('GET /rest/customer/account', { body: info });
    await expect(account.account()).resolves.toEqual(info);

    server.route('PUT /rest/customer/account/voice', { status: 204 });
    await account.updateVoice({ whetherVoice: 0 });
    expect(JSON.parse(last().body)).toEqual({ whetherVoice: 0 });
  });

  it('uploads the avatar as multipart field file', async () => {
    const account = createAccountApi(client());
    server.route('POST /rest/customer/account/avatar', { body: { headPic: '/uploads/new.png' } });
    const image = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    await expect(account.uploadAvatar(image, 'me.png')).resolves.toEqual({ headPic: '/uploads/new.png' });
    expect(last().headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(last().body).toContain('name="file"; filename="me.png"');
    expect(last().body).toContain('Content-Type: image/png');
  });

  it('reads and regenerates the lead ingestion key', async () => {
    const account = createAccountApi(client());
    server.route('GET /rest/customer/account/ingest-key', { body: { code: '200', message: 'ok', data: { key: 'k-old' } } });
    await expect(account.ingestKey()).resolves.toEqual({ key: 'k-old' });
    server.route('POST /rest/customer/account/ingest-key', { body: { code: '200', message: '接入密钥已重新生成', data: { key: 'k-new' } } });
    await expect(account.regenerateIngestKey()).resolves.toEqual({ key: 'k-new' });
    expect(last()).toMatchObject({ method: 'POST', url: '/rest/customer/account/ingest-key' });
  });

  it('clears the first-login flag', async () => {
    const account = createAccountApi(client());
    server.route('PUT /rest/customer/account/first-login', { status: 204 });
    await account.clearFirstLogin();
    expect(last()).toMatchObject({ method: 'PUT', url: '/rest/customer/account/first-login' });
  });
});

describe('platform', () => {
  it('lists items with the modeType filter, and channels', async () => {
    const platform = createPlatformApi(client());
    const items = [
      { id: 1, title: '项目一', status: 1, modeType: null },
      { id: 2, title: '项目二', status: -1, modeType: 3 },
    ];
    server.route('GET /rest/customer/platform/items/all', { body: items });
    await expect(platform.items({ modeType: 3 })).resolves.toEqual(items);
    expect(query()).toEqual({ modeType: '3' });
    await platform.items();
    expect(query()).toEqual({});

    server.route('GET /rest/customer/platform/channels/listAll', { body: [{ id: 1, title: '百度', channelType: 1 }] });
    await expect(platform.channels()).resolves.toEqual([{ id: 1, title: '百度', channelType: 1 }]);
  });
});

describe('workbench', () => {
  it('reads stats for a project and a date range', async () => {
    const workbench = createWorkbenchApi(client());
    const rows = [{ date: '2024-05-01', impressions: 10, clicks: 2, messages: 1, validConversations: 1, phoneRequests: 0 }];
    server.route('GET /rest/customer/workbench/stats', { body: rows });
    await expect(workbench.stats({ itemId: 5, startTime: '2024-05-01', endTime: '2024-05-07' })).resolves.toEqual(rows);
    expect(query()).toEqual({ itemId: '5', startTime: '2024-05-01', endTime: '2024-05-07' });
  });

  it('reads banners and industries, and pages articles', async () => {
    const workbench = createWorkbenchApi(client());
    server.route('GET /rest/customer/workbench/banners', { body: [{ id: 1, picUrl: '/b.png', linkUrl: null, linkType: 0 }] });
    server.route('GET /rest/customer/workbench/industries', { body: [{ id: 1, title: '餐饮', summary: '...' }] });
    server.route('GET /rest/customer/workbench/articles', {
      headers: { 'x-pagination-info': JSON.stringify({ page: 1, pageSize: 5, totalRow: 12, totalPage: 3 }) },
      body: [{ id: 1, title: '文章', summary: '摘要', publishTime: '2024-05-01' }],
    });
    await expect(workbench.banners()).resolves.toHaveLength(1);
    await expect(workbench.industries()).resolves.toEqual([{ id: 1, title: '餐饮', summary: '...' }]);
    const page = await workbench.articles({ page: 1, pageSize: 5 });
    expect(query()).toEqual({ page: '1', pageSize: '5' });
    expect(page.pagination).toEqual({ page: 1, pageSize: 5, totalRow: 12, totalPage: 3 });
    expect(page.rows[0].title).toBe('文章');
  });
});

describe('leads', () => {
  it('reads the unread counts of the lead lists', async () => {
    const leads = createLeadsApi(client());
    const counts = { feedback: 3, infoList: 0, resource: 12, baiList: 1 };
    server.route('GET /rest/customer/feedback/unread-counts', { body: { code: '200', message: 'ok', data: counts } });
    await expect(leads.unreadCounts()).resolves.toEqual(counts);
  });
});
