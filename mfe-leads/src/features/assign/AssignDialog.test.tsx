import { installFakeHttp, type FakeHttp } from '@portal/api-client/testing';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ITEMS, leadRow, paginationHeader } from '../../test/leadRows';
import { button, findDialog, findElement, findOption, renderLeads, rowElements } from '../../test/renderLeads';

const D = '/es/eccutomerdistribute';
const RESOURCE = '/customer/feedback/resource';
const USERS = [
  { id: 31, userName: '王五', phone: '13900000031', deptName: '销售一部', eligible: true, reason: null },
  { id: 32, userName: '王小明', phone: '13900000032', deptName: '', eligible: true, reason: null },
  { id: 33, userName: '赵六', phone: '13900000033', deptName: '销售二部', eligible: true, reason: null },
  { id: 34, userName: '钱七', phone: '13900000034', deptName: '销售二部', eligible: false, reason: '已达今日上限（20条）' },
  { id: 35, userName: '孙八', phone: '13900000035', deptName: '', eligible: false, reason: '今日不接收线索（每日上限0条）' },
];
const SOURCES = [
  { id: 1, sourceCode: 'baidu-sem', sourceName: '百度竞价' },
  { id: 2, sourceCode: 'douyin', sourceName: '抖音信息流' },
];
const code = (data: unknown, message = '成功') => ({ body: { code: '200', message, data } });

let http: FakeHttp;
/** The answers every test starts from: two leads, one assignable. */
function serveLeads() {
  http = installFakeHttp();
  http.on('GET /customer/platform/items/all', { body: ITEMS });
  http.on(`GET ${RESOURCE}/summary`, { status: 500, body: { code: '500' } });
  http.on(`GET ${RESOURCE}`, {
    body: [leadRow({ id: 1, name: '甲' }), leadRow({ id: 2, name: '乙', mobile: '13700000002', crmFollower: '李经理' })],
    headers: paginationHeader(2),
  });
  http.on('GET /es/crmuser/like', ({ query }) => code(USERS.filter((user) => user.userName.includes(query.userName ?? ''))));
  http.on('GET /es/crmchannelsource/like', ({ query }) => code(SOURCES.filter((source) => source.sourceName.includes(query.sourceName ?? ''))));
}

// The page's first render in a worker compiles the styles of every antd component it uses (seconds
// on a busy machine): done once here, so that each test's own bound measures the test alone.
beforeAll(async () => {
  await import('../resource/ResourcePage');
  serveLeads();
  http.on(`GET ${D}/getCrmAssignResourceType`, code(1));
  renderLeads('/resource');
  await screen.findByText('甲', undefined, { timeout: 50_000 });
  fireEvent.click(within(rowOf('甲')).getByText('手动分配'));
  const dialog = await findElement('.ant-modal');
  fireEvent.mouseDown(dialog.querySelector('input[role="combobox"]') as HTMLInputElement);
  await waitFor(() => expect(options().length).toBeGreaterThan(0), { timeout: 20_000 });
  cleanup();
  http.restore();
}, 60_000);
beforeEach(serveLeads);
afterEach(() => http.restore());

const rowOf = (name: string) => rowElements().find((tr) => within(tr).queryByText(name)) as HTMLElement;

async function openRowAssign(mode: number) {
  http.on(`GET ${D}/getCrmAssignResourceType`, code(mode));
  renderLeads('/resource');
  await screen.findByText('甲');
  // Only leads without a receiver and not pushed to a CRM offer manual assignment.
  expect(within(rowOf('乙')).queryByText('手动分配')).not.toBeInTheDocument();
  fireEvent.click(within(rowOf('甲')).getByText('手动分配'));
}

const options = () => [...document.querySelectorAll('.ant-select-item-option-content')].map((element) => element.textContent);

/** Types into the dialog's search, waits for the server's matches (`path`), and picks the option shown as `label`. */
async function search(dialog: HTMLElement, path: string, typed: string, label: string) {
  const input = dialog.querySelector('input[role="combobox"]') as HTMLInputElement;
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: typed } });
  if (typed)
    await waitFor(() =>
      expect(http.requestsTo(path).at(-1)?.query).toEqual(expect.objectContaining({ [path.includes('user') ? 'userName' : 'sourceName']: typed })),
    );
  await waitFor(() => expect(options()).toContain(label));
  fireEvent.click([...document.querySelectorAll<HTMLElement>('.ant-select-item-option-content')].find((element) => element.textContent === label)!);
}

describe('manual assignment', () => {
  it('mode 1: searches users by name (debounced) and assigns to the chosen userId', async () => {
    http.on(`PUT ${D}/assignResourcesManually`, code({ count: 1 }, '分配成功'));
    await openRowAssign(1);
    const dialog = await findElement('.ant-modal');
    expect(dialog).toHaveTextContent('手动分配');
    expect(dialog).toHaveTextContent('已选择 1 条线索');

    // Nothing chosen: the field says so.
    fireEvent.click(button('确定', dialog));
    expect(await within(dialog).findByText('请选择分配人员')).toBeInTheDocument();

    await search(dialog, '/es/crmuser/like', '王', '王五（销售一部）');
    // The empty search when the dialog opens, then one for what was typed once typing stopped.
    expect(http.requestsTo('/es/crmuser/like').map((request) => request.query.userName)).toEqual(['', '王']);
    fireEvent.click(button('确定', dialog));

    expect(await screen.findByText('分配成功')).toBeInTheDocument();
    expect(http.requestsTo(`${D}/assignResourcesManually`, 'PUT')[0].body).toEqual({ resourceList: [{ id: 1, tableName: 'resource' }], userId: 31 });
    await waitFor(() => expect(http.requestsTo(RESOURCE)).toHaveLength(2));
  });

  it('mode 1: offers every staff member for the chosen leads, those who cannot take them disabled with the reason', async () => {
    http.on(`PUT ${D}/assignResourcesManually`, code({ count: 1 }, '分配成功'));
    await openRowAssign(1);
    const dialog = await findDialog('手动分配');
    fireEvent.mouseDown(dialog.querySelector('input[role="combobox"]') as HTMLInputElement);
    await waitFor(() =>
      expect(options()).toEqual([
        '王五（销售一部）',
        '王小明',
        '赵六（销售二部）',
        '钱七（销售二部）（已达今日上限（20条））',
        '孙八（今日不接收线索（每日上限0条））',
      ]),
    );
    // The server is asked about these leads: it answers each candidate's eligibility for them.
    expect(http.requestsTo('/es/crmuser/like')[0].query).toEqual({ userName: '', leadIds: '1' });
    const capped = await findOption('钱七（销售二部）（已达今日上限（20条））');
    expect(capped).toHaveAttribute('aria-disabled', 'true');
    expect(await findOption('王五（销售一部）')).toHaveAttribute('aria-disabled', 'false');
    // A disabled one cannot be chosen: the field still asks for someone.
    fireEvent.click(capped);
    fireEvent.click(button('确定', dialog));
    expect(await within(dialog).findByText('请选择分配人员')).toBeInTheDocument();
    expect(http.requestsTo(`${D}/assignResourcesManually`, 'PUT')).toHaveLength(0);
  });

  it('mode 2: searches channel sources and assigns to the chosen channelSourceCode', async () => {
    http.on(`PUT ${D}/assignResourcesManuallyByChannelSource`, code({ count: 1 }, '分配成功'));
    await openRowAssign(2);
    const dialog = await findElement('.ant-modal');
    expect(dialog).toHaveTextContent('渠道来源');
    await search(dialog, '/es/crmchannelsource/like', '抖音', '抖音信息流');
    fireEvent.click(button('确定', dialog));
    expect(await screen.findByText('分配成功')).toBeInTheDocument();
    expect(http.requestsTo(`${D}/assignResourcesManuallyByChannelSource`, 'PUT')[0].body).toEqual({
      resourceList: [{ id: 1, tableName: 'resource' }],
      channelSourceCode: 'douyin',
    });
    expect(http.requestsTo('/es/crmuser/like')).toHaveLength(0);
  });

  it("mode 3: asks 确定操作？ with no dialog, queues the push with {resourceList} and shows the server's answer, then reloads", async () => {
    http.on(`PUT ${D}/AssignResourcesManuallyByThridPush`, code({ count: 1 }, '操作成功：已提交推送1条'));
    await openRowAssign(3);
    expect(await findElement('.ant-modal-confirm-title')).toHaveTextContent('确定操作？');
    expect(document.querySelector('input[role="combobox"].ant-select-selection-search-input')).toBeNull();
    expect(screen.queryByText('分配人员')).not.toBeInTheDocument();
    expect(http.requestsTo(`${D}/AssignResourcesManuallyByThridPush`)).toHaveLength(0);

    http.on(`GET ${RESOURCE}`, {
      body: [leadRow({ id: 1, name: '甲', crmPushState: 'pending' }), leadRow({ id: 2, name: '乙', mobile: '13700000002', crmFollower: '李经理' })],
      headers: paginationHeader(2),
    });
    fireEvent.click(button('确定'));
    // The server's message carries the prefix already: shown once, as it is.
    expect(await screen.findByText('操作成功：已提交推送1条')).toBeInTheDocument();
    expect(http.requestsTo(`${D}/AssignResourcesManuallyByThridPush`, 'PUT').map((request) => request.body)).toEqual([
      { resourceList: [{ id: 1, tableName: 'resource' }] },
    ]);
    // The list reloads: the lead shows its push under way and no longer offers manual assignment.
    expect(await within(rowOf('甲')).findByText('推送中')).toBeInTheDocument();
    expect(within(rowOf('甲')).queryByText('手动分配')).not.toBeInTheDocument();
  });

  it("mode 3: a bare result gets the '操作成功：' prefix", async () => {
    http.on(`PUT ${D}/AssignResourcesManuallyByThridPush`, code({ count: 2 }, '已提交推送2条'));
    await openRowAssign(3);
    fireEvent.click(await waitFor(() => button('确定')));
    expect(await screen.findByText('操作成功：已提交推送2条')).toBeInTheDocument();
  });

  it('mode 3 cancelled says 已取消操作 and pushes nothing', async () => {
    await openRowAssign(3);
    await findElement('.ant-modal-confirm-title');
    fireEvent.click(button('取消'));
    expect(await screen.findByText('已取消操作')).toBeInTheDocument();
    expect(http.requestsTo(`${D}/AssignResourcesManuallyByThridPush`)).toHaveLength(0);
    expect(http.requestsTo(RESOURCE)).toHaveLength(1);
  });

  it("mode 3 refused: '操作失败：{server error}', or 分配失败 without one; the list is not reloaded", async () => {
    http.on(`PUT ${D}/AssignResourcesManuallyByThridPush`, { status: 400, body: { code: '400', message: '请先完成CRM推送设置' } });
    await openRowAssign(3);
    fireEvent.click(await waitFor(() => button('确定')));
    expect(await screen.findByText('操作失败：请先完成CRM推送设置')).toBeInTheDocument();

    http.on(`PUT ${D}/AssignResourcesManuallyByThridPush`, { status: 500, body: {} });
    fireEvent.click(within(rowOf('甲')).getByText('手动分配'));
    fireEvent.click(await waitFor(() => button('确定')));
    expect(await screen.findByText('分配失败')).toBeInTheDocument();
    expect(http.requestsTo(`${D}/AssignResourcesManuallyByThridPush`, 'PUT')).toHaveLength(2);
    expect(http.requestsTo(RESOURCE)).toHaveLength(1);
  });

  it('mode 3 in batch: nothing selected says so; leads assigned or with a push under way are left out of the push', async () => {
    http.on(`GET ${D}/getCrmAssignResourceType`, code(3));
    http.on(`PUT ${D}/AssignResourcesManuallyByThridPush`, code({ count: 2 }, '操作成功：已提交推送2条'));
    http.on(`GET ${RESOURCE}`, {
      body: [
        leadRow({ id: 1, name: '甲' }),
        leadRow({ id: 2, name: '乙', mobile: '13700000002', crmPushState: 'pending' }),
        leadRow({ id: 3, name: '丙', mobile: '13700000003', crmPushState: 'failed' }),
      ],
      headers: paginationHeader(3),
    });
    renderLeads('/resource');
    await screen.findByText('丙');
    fireEvent.click(button('批量分配'));
    expect(await screen.findByText('请先选择要手动分配的数据')).toBeInTheDocument();
    expect(document.querySelector('.ant-modal-confirm-title')).toBeNull();

    fireEvent.click(document.querySelector('.ant-table-thead input[type="checkbox"]') as HTMLElement);
    fireEvent.click(button('批量分配'));
    expect(await screen.findByText('已跳过 1 条已分配或已推送的线索：乙(13700000002)')).toBeInTheDocument();
    expect(await findElement('.ant-modal-confirm-title')).toHaveTextContent('确定操作？');
    fireEvent.click(button('确定'));
    expect(await screen.findByText('操作成功：已提交推送2条')).toBeInTheDocument();
    expect(http.requestsTo(`${D}/AssignResourcesManuallyByThridPush`, 'PUT')[0].body).toEqual({
      resourceList: [
        { id: 1, tableName: 'resource' },
        { id: 3, tableName: 'resource' },
      ],
    });
    // The choice is cleared once the server took it.
    await waitFor(() => expect(screen.queryByText(/^已选/)).not.toBeInTheDocument());
  });

  it("shows the server's refusal naming the refused leads as 操作失败：{message}", async () => {
    const refusal = '以下线索已分配或已推送，不能手动分配：甲(13800138000)';
    http.on(`PUT ${D}/assignResourcesManually`, { status: 400, body: { code: '400', message: refusal } });
    await openRowAssign(1);
    const dialog = await findElement('.ant-modal');
    await search(dialog, '/es/crmuser/like', '', '赵六（销售二部）');
    fireEvent.click(button('确定', dialog));
    expect(await screen.findByText(`操作失败：${refusal}`)).toBeInTheDocument();
    // The dialog stays open to try another.
    expect(dialog).toHaveTextContent('已选择 1 条线索');
  });

  it('batch assignment leaves out assigned leads and says which', async () => {
    http.on(`GET ${D}/getCrmAssignResourceType`, code(1));
    http.on(`PUT ${D}/assignResourcesManually`, code({ count: 1 }, '分配成功'));
    renderLeads('/resource');
    await screen.findByText('甲');
    fireEvent.click(document.querySelector('.ant-table-thead input[type="checkbox"]') as HTMLElement);
    fireEvent.click(button('批量分配'));
    expect(await screen.findByText('已跳过 1 条已分配或已推送的线索：乙(13700000002)')).toBeInTheDocument();
    const dialog = await findElement('.ant-modal');
    expect(dialog).toHaveTextContent('已选择 1 条线索');
    await search(dialog, '/es/crmuser/like', '王小', '王小明');
    fireEvent.click(button('确定', dialog));
    expect(await screen.findByText('分配成功')).toBeInTheDocument();
    expect(http.requestsTo(`${D}/assignResourcesManually`, 'PUT')[0].body).toEqual({ resourceList: [{ id: 1, tableName: 'resource' }], userId: 32 });
  });
});
