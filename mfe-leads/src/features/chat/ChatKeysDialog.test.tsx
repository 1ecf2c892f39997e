import type { FakeHttp } from '@portal/api-client/testing';
import type { ChatKey } from '@portal/contracts/chat';
import { screen, waitFor, within } from '@testing-library/react';
import { ITEMS, paginationHeader } from '../../test/leadRows';
import { buttonName, findDialog, installListHttp, openDialogs, refused, renderLeads, setupUser } from '../../test/renderLeads';
import { chatKeyRows } from './ChatKeysDialog';

const KEYS = '/customer/chat/keys';
const ACTIVE = 'Ak3f9a2b7c4d5e6f708192a3b4c5d6e7';
const NEW = 'Nw0000000000000000000000000000_-';
const embed = (key: string) => `<script src="${window.location.origin}/chat/widget.js" data-key="${key}" async></script>`;

const chatKey = (id: number, key: string, changes: Partial<ChatKey> = {}): ChatKey => ({
  id,
  key,
  itemId: 11,
  itemTitle: '全国加盟项目',
  status: 'active',
  createTimeView: '2020-01-02 09:00:00',
  ...changes,
});

let http: FakeHttp;
let keys: ChatKey[];

beforeAll(() => import('./ChatPage'), 60_000);

beforeEach(() => {
  http = installListHttp();
  keys = [chatKey(1, ACTIVE), chatKey(2, 'Rv0000000000000000000000000000ab', { itemId: 13, itemTitle: '华东推广项目', status: 'revoked' })];
  http.on('GET /customer/chat/conversations', { body: [], headers: paginationHeader(0, 1, 20) });
  http.on(`GET ${KEYS}`, () => ({ body: keys }));
});
afterEach(() => http.restore());

/** Opens 在线咨询接入代码 from the page's header and waits for its projects. */
async function openDialog(user = setupUser()) {
  renderLeads('/online-chat');
  await user.click(await screen.findByRole('button', { name: '接入代码' }));
  const dialog = await screen.findByRole('dialog', { name: '在线咨询接入代码' });
  await within(dialog).findByRole('list', { name: '项目列表' });
  return { user, dialog };
}

const project = (name: string) => screen.getByRole('listitem', { name });
const codeOf = (name: string) => within(project(name)).getByRole('textbox', { name: `${name}的接入代码` });

describe('the chat keys dialog 在线咨询接入代码', () => {
  it('opens from the header by keyboard and lists every project with its active key, or 生成接入代码 without one', async () => {
    renderLeads('/online-chat');
    const open = await screen.findByRole('button', { name: '接入代码' });
    const user = setupUser();
    open.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: '在线咨询接入代码' });
    const list = await within(dialog).findByRole('list', { name: '项目列表' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(ITEMS.map((item) => item.title));

    // The embed code: the widget from this portal with the project's key, read-only.
    expect(codeOf('全国加盟项目')).toHaveValue(embed(ACTIVE));
    expect(codeOf('全国加盟项目')).toHaveAttribute('readonly');
    expect(within(project('全国加盟项目')).queryByRole('button', { name: buttonName('生成接入代码') })).not.toBeInTheDocument();
    // A revoked key is no key: the project may get a new one.
    for (const name of ['审核中项目', '华东推广项目', '独立核算项目']) {
      expect(within(project(name)).getByText('尚未生成接入代码')).toBeInTheDocument();
      expect(within(project(name)).getByRole('button', { name: buttonName('生成接入代码') })).toBeEnabled();
      expect(within(project(name)).queryByRole('textbox')).not.toBeInTheDocument();
    }
    expect(within(project('审核中项目')).getByText('无效或审核中')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('copies the embed code, and says so when the clipboard refuses', async () => {
    const { user } = await openDialog();
    // After setupUser(): user-event puts its own clipboard on the page.
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(project('全国加盟项目')).getByRole('button', { name: buttonName('复制') }));
    expect(writeText).toHaveBeenCalledWith(embed(ACTIVE));
    expect(await screen.findByText('接入代码已复制')).toBeInTheDocument();

    writeText.mockRejectedValue(new Error('denied'));
    await user.click(within(project('全国加盟项目')).getByRole('button', { name: buttonName('复制') }));
    expect(await screen.findByText('复制失败，请手动选中代码复制')).toBeInTheDocument();
  });

  it('makes a key for a project without one and shows its embed code', async () => {
    http.on(`POST ${KEYS}`, (request) => {
      const made = chatKey(3, NEW, { itemId: (request.body as { itemId: number }).itemId, itemTitle: '审核中项目' });
      keys = [made, ...keys];
      return { status: 201, body: made };
    });
    const { user } = await openDialog();
    await user.click(within(project('审核中项目')).getByRole('button', { name: buttonName('生成接入代码') }));
    expect(await screen.findByText('接入代码已生成')).toBeInTheDocument();
    expect(http.requestsTo(KEYS, 'POST').map((request) => request.body)).toEqual([{ itemId: 12 }]);
    await waitFor(() => expect(codeOf('审核中项目')).toHaveValue(embed(NEW)));
    expect(within(project('审核中项目')).queryByText('尚未生成接入代码')).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a new key", async () => {
    http.on(`POST ${KEYS}`, refused('最多只能创建50个聊天密钥'));
    const { user } = await openDialog();
    await user.click(within(project('独立核算项目')).getByRole('button', { name: buttonName('生成接入代码') }));
    expect(await screen.findByText('最多只能创建50个聊天密钥')).toBeInTheDocument();
    expect(within(project('独立核算项目')).getByText('尚未生成接入代码')).toBeInTheDocument();
  });

  it('stops a key only after the confirmation, which says open conversations go on', async () => {
    http.on(`POST ${KEYS}/1/revoke`, () => {
      keys = keys.map((key) => (key.id === 1 ? { ...key, status: 'revoked' } : key));
      return { body: keys[0] };
    });
    const { user } = await openDialog();
    await user.click(within(project('全国加盟项目')).getByRole('button', { name: buttonName('停用') }));
    const confirm = await findDialog('确定停用该接入代码吗？');
    expect(within(confirm).getByText('停用后，使用该代码的页面不能再发起新的咨询；已在进行的对话不受影响。')).toBeInTheDocument();
    expect(http.requestsTo(`${KEYS}/1/revoke`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: buttonName('停用') }));
    expect(await screen.findByText('接入代码已停用')).toBeInTheDocument();
    expect(http.requestsTo(`${KEYS}/1/revoke`, 'POST')).toHaveLength(1);
    await waitFor(() => expect(within(project('全国加盟项目')).queryByRole('textbox')).not.toBeInTheDocument());
    expect(within(project('全国加盟项目')).getByRole('button', { name: buttonName('生成接入代码') })).toBeInTheDocument();
  });

  it('keeps the key when the confirmation is cancelled', async () => {
    const { user } = await openDialog();
    await user.click(within(project('全国加盟项目')).getByRole('button', { name: buttonName('停用') }));
    const confirm = await findDialog('确定停用该接入代码吗？');
    await user.click(within(confirm).getByRole('button', { name: buttonName('取消') }));
    await waitFor(() => expect(openDialogs('确定停用该接入代码吗？')).toHaveLength(0));
    expect(http.requestsTo(`${KEYS}/1/revoke`)).toHaveLength(0);
    expect(codeOf('全国加盟项目')).toHaveValue(embed(ACTIVE));
  });

  it('lists an active key whose project is gone, to stop it', async () => {
    keys = [chatKey(5, ACTIVE, { itemId: null, itemTitle: null })];
    await openDialog();
    expect(codeOf('原项目已删除')).toHaveValue(embed(ACTIVE));
    expect(within(project('原项目已删除')).getByRole('button', { name: buttonName('停用') })).toBeInTheDocument();
    expect(within(project('原项目已删除')).queryByRole('button', { name: buttonName('生成接入代码') })).not.toBeInTheDocument();
  });

  it('says 暂无项目 without projects', async () => {
    http.on('GET /customer/platform/items/all', { body: [] });
    keys = [];
    const user = setupUser();
    renderLeads('/online-chat');
    await user.click(await screen.findByRole('button', { name: '接入代码' }));
    const dialog = await screen.findByRole('dialog', { name: '在线咨询接入代码' });
    expect(await within(dialog).findByText('暂无项目')).toBeInTheDocument();
  });

  it('offers 重试 when the keys fail to load, and lists them once the retry answers', async () => {
    http.on(`GET ${KEYS}`, refused('服务器开小差了，请稍后再试', 500));
    const user = setupUser();
    renderLeads('/online-chat');
    await user.click(await screen.findByRole('button', { name: '接入代码' }));
    const dialog = await screen.findByRole('dialog', { name: '在线咨询接入代码' });
    expect(await within(dialog).findByText('服务器开小差了，请稍后再试')).toBeInTheDocument();
    http.on(`GET ${KEYS}`, () => ({ body: keys }));
    await user.click(within(dialog).getByRole('button', { name: buttonName('重试') }));
    expect(await within(dialog).findByRole('textbox', { name: '全国加盟项目的接入代码' })).toHaveValue(embed(ACTIVE));
  });
});

describe('chatKeyRows', () => {
  it('keeps the projects in order with their active keys, then the active keys of gone projects', () => {
    const rows = chatKeyRows(ITEMS.slice(0, 2), [
      chatKey(4, 'b', { itemId: 99, itemTitle: null }),
      chatKey(3, 'a', { itemId: 12 }),
      chatKey(2, 'r', { itemId: 11, status: 'revoked' }),
      chatKey(1, 'c', { itemId: 11 }),
    ]);
    expect(rows.map((row) => [row.itemId, row.title, row.keys.map((key) => key.key)])).toEqual([
      [11, '全国加盟项目', ['c']],
      [12, '审核中项目', ['a']],
      [null, '原项目已删除', ['b']],
    ]);
  });
});
