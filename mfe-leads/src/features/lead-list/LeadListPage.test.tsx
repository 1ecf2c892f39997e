import type { FakeHttp } from '@portal/api-client/testing';
import { chinaToday } from '@portal/contracts';
import { getEventBus, getUnreadCounters, LeadArrivedEvent, LeadPushedEvent, setUnreadCounters } from '@portal/event-bus';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { actionAnswer, leadRow, paginationHeader } from '../../test/leadRows';
import {
  button,
  columnTitles,
  findElement,
  findOption,
  installListHttp,
  preloadListPages,
  renderLeads,
  setupUser,
  rowElements,
} from '../../test/renderLeads';

const RESOURCE = '/customer/feedback/resource';
const FEEDBACKS = '/customer/feedback/feedbacks';
// The lists' days are China days (the server's), whatever the machine's zone.
const today = chinaToday();

beforeAll(preloadListPages, 60_000);

let http: FakeHttp;
beforeEach(() => {
  http = installListHttp();
});
afterEach(() => http.restore());

/** The list answers these rows (every call), with the pagination header. */
const listAnswers = (path: string, rows: ReturnType<typeof leadRow>[], total = rows.length) =>
  http.on(`GET ${path}`, { body: rows, headers: paginationHeader(total) });

const rowOf = (name: string) => {
  const row = rowElements().find((tr) => within(tr).queryByText(name));
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

describe('the smart-investment list /resource', () => {
  it("shows exactly the spec's columns in order, the conditional ones only with their data or switch", async () => {
    listAnswers(RESOURCE, [
      leadRow({ id: 1, name: '张三', mobileStatus: 1, resType: 1 }),
      leadRow({ id: 2, name: '李四', mobileStatus: 0, resType: 2 }),
    ]);
    renderLeads('/resource');
    await screen.findByText('李四');
    expect(columnTitles()).toEqual([
      '项目名称',
      '姓名',
      '电话',
      '号码类型',
      '其他联系方式',
      '关键词',
      '地区',
      '来源类型',
      '其他信息',
      '创建时间',
      '接待人',
      '画像',
      '备注',
      '操作',
    ]);
    expect(within(rowOf('张三')).getByText('正常')).toBeInTheDocument();
    expect(within(rowOf('李四')).getByText('疑似问题')).toBeInTheDocument();
    expect(within(rowOf('张三')).getByText('表单')).toBeInTheDocument();
    expect(within(rowOf('李四')).getByText('智能对话')).toBeInTheDocument();
    // The smart-investment counters sit above the filters.
    expect(screen.getByText('今日新增')).toBeInTheDocument();
  });

  it('adds 推广渠道 and 跟进详情 when a row has them, and 落地页 with its switch, each in its place', async () => {
    listAnswers(RESOURCE, [
      leadRow({
        id: 1,
        channelTitle: '百度信息流',
        showChannelTitle: true,
        callData: [
          { id: 1, callTime: '2026-03-01 11:00:00', message: '未接通' },
          { id: 2, callTime: '2026-03-02 09:00:00', message: '有意向，约到店' },
        ],
        pageUrl: 'https://m.example.com/lp/1',
        showPageUrl: true,
      }),
    ]);
    renderLeads('/resource');
    await screen.findByText('百度信息流');
    const expected = [
      '项目名称',
      '姓名',
      '电话',
      '号码类型',
      '其他联系方式',
      '推广渠道',
      '关键词',
      '地区',
      '来源类型',
      '其他信息',
      '创建时间',
      '接待人',
      '画像',
      '备注',
      '跟进详情',
      '操作',
    ];
    expect(columnTitles()).toEqual(expected);

    fireEvent.click(document.querySelector('[aria-label="显示落地页"]') as HTMLElement);
    expect(columnTitles()).toEqual([...expected, '落地页']);
    expect(screen.getByText('https://m.example.com/lp/1').closest('a')).toHaveAttribute('target', '_blank');

    // Follow-up details on hover, newest first.
    fireEvent.mouseEnter(screen.getByText('查看（2）'));
    const calls = await findElement('ol[aria-label="跟进记录"]');
    expect([...calls.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      '2026-03-02 09:00:00有意向，约到店',
      '2026-03-01 11:00:00未接通',
    ]);
  });

  it('asks for today first, then sends the chosen filters as query parameters from page 1', async () => {
    listAnswers(RESOURCE, [leadRow()], 35);
    renderLeads('/resource');
    await screen.findByText('张三');
    expect(http.requestsTo(RESOURCE)[0].query).toEqual({ startTime: today, endTime: today, page: '1', pageSize: '10' });

    // Page 2, then a search goes back to page 1.
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(http.requestsTo(RESOURCE)).toHaveLength(2));
    expect(http.requestsTo(RESOURCE)[1].query.page).toBe('2');

    const [project, readStatus, assigned] = [...document.querySelectorAll<HTMLElement>('form [role="combobox"]')];
    const choose = async (select: HTMLElement, option: string) => {
      fireEvent.mouseDown(select);
      const found = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
      fireEvent.click(found[found.length - 1]);
    };
    await choose(project, '华东推广项目');
    await choose(readStatus, '未读');
    await choose(assigned, '未分配');
    fireEvent.change(screen.getByPlaceholderText('请输入电话'), { target: { value: '138' } });
    fireEvent.click(button('查询'));

    await waitFor(() => expect(http.requestsTo(RESOURCE)).toHaveLength(3));
    expect(http.requestsTo(RESOURCE)[2].query).toEqual({
      startTime: today,
      endTime: today,
      itemId: '13',
      readStatus: '0',
      crmFollowerState: '0',
      phone: '138',
      page: '1',
      pageSize: '10',
    });
    // Projects of modeType 1 are offered too (issue 27: their leads are in the list).
    fireEvent.mouseDown(project);
    expect(await findOption('独立核算项目')).toBeInTheDocument();
  });

  it('a failed list call empties the table and says why, and 重试 loads it again', async () => {
    let fail = false;
    http.on(`GET ${RESOURCE}`, () =>
      fail ? { status: 500, body: { code: '500', message: '服务器开小差了，请稍后再试' } } : { body: [leadRow()], headers: paginationHeader(1) },
    );
    renderLeads('/resource');
    await screen.findByText('张三');

    fail = true;
    fireEvent.click(button('查询'));
    expect(await screen.findByText('服务器开小差了，请稍后再试')).toBeInTheDocument();
    await waitFor(() => expect(rowElements()).toHaveLength(0));
    expect(screen.getByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();

    fail = false;
    fireEvent.click(button('重试'));
    expect(await screen.findByText('张三')).toBeInTheDocument();
    expect(screen.queryByText('服务器开小差了，请稍后再试')).not.toBeInTheDocument();
  });

  it('an empty day shows 暂无数据', async () => {
    listAnswers(RESOURCE, []);
    renderLeads('/resource');
    expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
  });
});

describe('new leads arriving (LeadArrivedEvent from the shell)', () => {
  const arrive = (list: 'resource' | 'feedback', count = 1) => act(() => getEventBus().publish(new LeadArrivedEvent({ list, count })));

  it("reloads page 1 at once when nothing is selected; other lists' leads change nothing", async () => {
    listAnswers(RESOURCE, [leadRow({ id: 1, name: '甲' })]);
    renderLeads('/resource');
    await screen.findByText('甲');
    expect(http.requestsTo(RESOURCE)).toHaveLength(1);

    arrive('feedback');
    listAnswers(RESOURCE, [leadRow({ id: 2, name: '新来的' }), leadRow({ id: 1, name: '甲' })]);
    arrive('resource');
    expect(await screen.findByText('新来的')).toBeInTheDocument();
    expect(http.requestsTo(RESOURCE)).toHaveLength(2);
    expect(screen.queryByText(/条新线索/)).not.toBeInTheDocument();
    // The counters above the list are asked for again too (once: the bidding lead did not count).
    await waitFor(() => expect(http.requestsTo(`${RESOURCE}/summary`)).toHaveLength(2));
  });

  it('with rows selected it keeps them and offers the reload instead', async () => {
    listAnswers(RESOURCE, [leadRow({ id: 1, name: '甲' }), leadRow({ id: 3, name: '丙' })]);
    renderLeads('/resource');
    await screen.findByText('丙');
    fireEvent.click(rowOf('甲').querySelector('input[type="checkbox"]') as HTMLElement);

    arrive('resource');
    arrive('resource', 2);
    expect(await screen.findByText('有 3 条新线索')).toBeInTheDocument();
    expect(http.requestsTo(RESOURCE)).toHaveLength(1);
    expect(screen.getByText('已选 1 条')).toBeInTheDocument();

    listAnswers(RESOURCE, [leadRow({ id: 2, name: '新来的' }), leadRow({ id: 1, name: '甲' }), leadRow({ id: 3, name: '丙' })]);
    fireEvent.click(button('刷新'));
    expect(await screen.findByText('新来的')).toBeInTheDocument();
    expect(screen.queryByText('有 3 条新线索')).not.toBeInTheDocument();
    expect(screen.queryByText('已选 1 条')).not.toBeInTheDocument();
  });
});

describe('the CRM push state beside the receiver', () => {
  it('tags each row with its push state: 推送中, 已推送, 推送失败, 被拒绝, nothing without a push', async () => {
    listAnswers(RESOURCE, [
      leadRow({ id: 1, name: '未推', crmPushState: null }),
      leadRow({ id: 2, name: '在推', crmPushState: 'pending' }),
      leadRow({ id: 3, name: '推完', crmFollower: '王五', crmPushed: true, crmPushState: 'delivered' }),
      leadRow({ id: 4, name: '推败', crmPushState: 'failed' }),
      leadRow({ id: 5, name: '被拒', crmPushState: 'refused' }),
      // Pushed before the push log existed: no job, still pushed.
      leadRow({ id: 6, name: '旧推', crmFollower: '赵六', crmPushed: true }),
    ]);
    renderLeads('/resource');
    await screen.findByText('旧推');
    const receiverCell = (name: string) => rowOf(name).querySelectorAll('td')[columnTitles().indexOf('接待人') + 1];
    expect(receiverCell('未推')).toHaveTextContent(/^未分配$/);
    expect(receiverCell('在推')).toHaveTextContent(/^未分配推送中$/);
    expect(receiverCell('推完')).toHaveTextContent(/^王五已推送$/);
    expect(receiverCell('推败')).toHaveTextContent(/^未分配推送失败$/);
    expect(receiverCell('被拒')).toHaveTextContent(/^未分配被拒绝$/);
    expect(receiverCell('旧推')).toHaveTextContent(/^赵六已推送$/);
    // A push under way or done leaves no manual assignment; a failed or refused one does.
    expect(within(rowOf('在推')).queryByText('手动分配')).not.toBeInTheDocument();
    expect(within(rowOf('推完')).queryByText('手动分配')).not.toBeInTheDocument();
    expect(within(rowOf('推败')).getByText('手动分配')).toBeInTheDocument();
    expect(within(rowOf('未推')).getByText('手动分配')).toBeInTheDocument();
  });

  it('reloads when the push of a lead on the page ends (LeadPushedEvent), not for leads it does not show', async () => {
    const pushed = (list: 'resource' | 'feedback', id: number) => act(() => getEventBus().publish(new LeadPushedEvent({ list, id })));
    listAnswers(RESOURCE, [leadRow({ id: 1, name: '甲', crmPushState: 'pending' }), leadRow({ id: 2, name: '乙' })]);
    renderLeads('/resource');
    await screen.findByText('推送中');
    // Rows selected stay selected: the rows do not move.
    fireEvent.click(rowOf('乙').querySelector('input[type="checkbox"]') as HTMLElement);

    pushed('resource', 99);
    pushed('feedback', 1);
    expect(http.requestsTo(RESOURCE)).toHaveLength(1);

    listAnswers(RESOURCE, [
      leadRow({ id: 1, name: '甲', crmFollower: '王五', crmPushed: true, crmPushState: 'delivered' }),
      leadRow({ id: 2, name: '乙' }),
    ]);
    pushed('resource', 1);
    expect(await within(rowOf('甲')).findByText('已推送')).toBeInTheDocument();
    expect(within(rowOf('甲')).getByText('王五')).toBeInTheDocument();
    expect(http.requestsTo(RESOURCE)).toHaveLength(2);
    expect(screen.getByText('已选 1 条')).toBeInTheDocument();
  });

  it('a burst of pushes while the page loads ends in one more load after it, never a stale page', async () => {
    const pushed = (id: number) => act(() => getEventBus().publish(new LeadPushedEvent({ list: 'resource', id })));
    listAnswers(RESOURCE, [leadRow({ id: 1, name: '甲', crmPushState: 'pending' }), leadRow({ id: 2, name: '乙', crmPushState: 'pending' })]);
    renderLeads('/resource');
    await screen.findByText('乙');
    await waitFor(() => expect(screen.getAllByText('推送中')).toHaveLength(2));

    // The first push's reload is held until the second push is in; the second asks for one more.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let answer = [leadRow({ id: 1, name: '甲', crmPushState: 'delivered' }), leadRow({ id: 2, name: '乙', crmPushState: 'pending' })];
    http.on(`GET ${RESOURCE}`, async () => {
      const rows = answer;
      await held;
      return { body: rows, headers: paginationHeader(2) };
    });
    pushed(1);
    pushed(2);
    answer = [leadRow({ id: 1, name: '甲', crmPushState: 'delivered' }), leadRow({ id: 2, name: '乙', crmPushState: 'delivered' })];
    await act(async () => release());
    await waitFor(() => expect(screen.getAllByText('已推送')).toHaveLength(2));
    expect(http.requestsTo(RESOURCE)).toHaveLength(3);
  });

  it('a push heard while another load is under way (begun before it) loads once more after that one', async () => {
    listAnswers(RESOURCE, [leadRow({ id: 1, name: '甲', crmPushState: 'pending' })]);
    renderLeads('/resource');
    await screen.findByText('推送中');

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let answer = [leadRow({ id: 1, name: '甲', crmPushState: 'pending' })];
    http.on(`GET ${RESOURCE}`, async () => {
      const rows = answer;
      await held;
      return { body: rows, headers: paginationHeader(1) };
    });
    // A new lead reloads page 1; the push ends while that load is out.
    act(() => getEventBus().publish(new LeadArrivedEvent({ list: 'resource', count: 1 })));
    answer = [leadRow({ id: 1, name: '甲', crmPushState: 'delivered' })];
    act(() => getEventBus().publish(new LeadPushedEvent({ list: 'resource', id: 1 })));
    expect(http.requestsTo(RESOURCE)).toHaveLength(2);
    await act(async () => release());
    expect(await screen.findByText('已推送')).toBeInTheDocument();
    expect(http.requestsTo(RESOURCE)).toHaveLength(3);
  });
});

describe('read toggle', () => {
  it("marks a lead read and sets the shared counter from the server's counts", async () => {
    setUnreadCounters({ leads: { resource: 5, feedback: 2 } });
    listAnswers(RESOURCE, [leadRow({ id: 7, readStatus: 0 })]);
    http.on(`PUT ${RESOURCE}/7/read`, actionAnswer('操作成功', 1, { feedback: 2, infoList: 0, resource: 4, baiList: 1, cpc: 9 }));
    renderLeads('/resource');
    await screen.findByText('张三');

    fireEvent.click(within(rowOf('张三')).getByText('标为已读'));
    expect(await screen.findByText('操作成功')).toBeInTheDocument();
    // Each list's counter sums the kinds it shows: 竞价资源 shows the CPC resources too.
    expect(getUnreadCounters().leads).toEqual({ feedback: 11, infoList: 0, resource: 4, baiList: 1 });
    // The list reloads with the server's state.
    await waitFor(() => expect(http.requestsTo(RESOURCE)).toHaveLength(2));
  });

  it('says 读取失败！ on failure and on an answer without the counts, leaving the counter', async () => {
    setUnreadCounters({ leads: { resource: 5 } });
    listAnswers(RESOURCE, [leadRow({ id: 7, name: '已读者', readStatus: 1 }), leadRow({ id: 8, name: '未读者', readStatus: 0 })]);
    http.on(`PUT ${RESOURCE}/7/unread`, actionAnswer('操作成功', 1, { resource: 6 }));
    http.on(`PUT ${RESOURCE}/8/read`, { status: 500, body: { code: '500' } });
    renderLeads('/resource');
    await screen.findByText('未读者');

    fireEvent.click(within(rowOf('已读者')).getByText('标为未读'));
    expect(await screen.findByText('操作成功')).toBeInTheDocument();
    expect(getUnreadCounters().leads.resource).toBe(6);

    fireEvent.click(within(rowOf('未读者')).getByText('标为已读'));
    expect(await screen.findByText('读取失败！')).toBeInTheDocument();
    expect(getUnreadCounters().leads.resource).toBe(6);

    // An answer the catalogue's schema refuses (no counts) is a failure, not a success with a guess.
    http.on(`PUT ${RESOURCE}/8/read`, { body: { code: '200', message: '操作成功', data: { count: 1 } } });
    fireEvent.click(within(rowOf('未读者')).getByText('标为已读'));
    await waitFor(() => expect(screen.getAllByText('读取失败！')).toHaveLength(2));
    expect(getUnreadCounters().leads.resource).toBe(6);
  });
});

describe('remark', () => {
  it('edits the remark inline: 修改成功 with the server, 修改失败 when refused', async () => {
    listAnswers(RESOURCE, [leadRow({ id: 3, remark: '已电话沟通' })]);
    let refuse = false;
    http.on(`PUT ${RESOURCE}/3`, () => (refuse ? { status: 500, body: { code: '500' } } : actionAnswer('修改成功', 1)));
    renderLeads('/resource');
    await screen.findByText('已电话沟通');

    const edit = async (text: string) => {
      fireEvent.click(document.querySelector('button[aria-label="编辑备注"]') as HTMLElement);
      const box = await findElement<HTMLTextAreaElement>('textarea[aria-label="编辑备注"]');
      expect(box).toHaveValue('已电话沟通');
      fireEvent.change(box, { target: { value: text } });
      fireEvent.keyDown(box, { key: 'Enter' });
    };
    await edit('意向强，周五回访');
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(http.requestsTo(`${RESOURCE}/3`, 'PUT').map((request) => request.body)).toEqual([{ remark: '意向强，周五回访' }]);

    refuse = true;
    await waitFor(() => expect(http.requestsTo(RESOURCE)).toHaveLength(2));
    await screen.findByText('已电话沟通');
    await edit('不会成功');
    expect(await screen.findByText('修改失败')).toBeInTheDocument();
    // The old remark comes back.
    expect(await screen.findByText('已电话沟通')).toBeInTheDocument();
  });
});

describe('batch actions', () => {
  it('each says what to select first when nothing is selected, without asking or calling', async () => {
    listAnswers(RESOURCE, [leadRow()]);
    renderLeads('/resource');
    await screen.findByText('张三');

    fireEvent.click(button('批量删除'));
    expect(await screen.findByText('请先选择要删除的数据')).toBeInTheDocument();
    expect(screen.queryByText('确定删除?')).not.toBeInTheDocument();
    fireEvent.click(button('批量已读'));
    expect(await screen.findByText('请先选择列表数据！')).toBeInTheDocument();
    fireEvent.click(button('批量未读'));
    expect(await screen.findByText('请先选择要选择的信息！')).toBeInTheDocument();
    fireEvent.click(button('批量分配'));
    expect(await screen.findByText('请先选择要手动分配的数据')).toBeInTheDocument();
    expect(http.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it("batch delete asks 确定删除?, deletes the selected ids, takes the server's counts and reloads 500 ms later", async () => {
    setUnreadCounters({ leads: { resource: 5 } });
    listAnswers(RESOURCE, [
      leadRow({ id: 1, name: '甲', readStatus: 0 }),
      leadRow({ id: 2, name: '乙', readStatus: 1 }),
      leadRow({ id: 3, name: '丙', readStatus: 0 }),
    ]);
    http.on(`PUT ${RESOURCE}/deleteList`, actionAnswer('删除成功！', 2, { resource: 4 }));
    renderLeads('/resource');
    await screen.findByText('丙');

    fireEvent.click(rowOf('甲').querySelector('input[type="checkbox"]') as HTMLElement);
    fireEvent.click(rowOf('乙').querySelector('input[type="checkbox"]') as HTMLElement);
    expect(screen.getByText('已选 2 条')).toBeInTheDocument();
    fireEvent.click(button('批量删除'));
    fireEvent.click(await waitFor(() => button('确定')));

    expect(await screen.findByText('删除成功！')).toBeInTheDocument();
    const [deletion] = http.requestsTo(`${RESOURCE}/deleteList`, 'PUT');
    expect(deletion.body).toEqual([1, 2]);
    expect(getUnreadCounters().leads.resource).toBe(4);

    // The reload waits 500 ms; how long the notice took to render doesn't matter here.
    await waitFor(() => expect(http.requestsTo(RESOURCE)).toHaveLength(2), { timeout: 3000 });
    expect(http.requestsTo(RESOURCE)[1].at - deletion.at).toBeGreaterThanOrEqual(490);
  });

  it('batch read sends {ids} on the bidding list and clears the selection', async () => {
    listAnswers(FEEDBACKS, [
      leadRow({ id: 21, name: '甲', tableName: 'feedback', listKind: 'feedback' }),
      leadRow({ id: 22, name: '乙', tableName: 'feedback', listKind: 'feedback' }),
    ]);
    http.on(`PUT ${FEEDBACKS}/read`, actionAnswer('操作成功', 2, { feedback: 0, infoList: 0, resource: 0, baiList: 0 }));
    renderLeads('/feedback');
    await screen.findByText('乙');

    // Select all, from the header checkbox.
    fireEvent.click(document.querySelector('.ant-table-thead input[type="checkbox"]') as HTMLElement);
    expect(screen.getByText('已选 2 条')).toBeInTheDocument();
    fireEvent.click(button('批量已读'));
    expect(await screen.findByText('操作成功')).toBeInTheDocument();
    expect(http.requestsTo(`${FEEDBACKS}/read`, 'PUT')[0].body).toEqual({ ids: [21, 22] });
    await waitFor(() => expect(screen.queryByText('已选 2 条')).not.toBeInTheDocument());
  });

  it('keeps rows chosen across pages: a batch acts on all of them; a new search clears the choice', async () => {
    const page1 = [leadRow({ id: 1, name: '甲' }), leadRow({ id: 2, name: '乙' })];
    const page2 = [leadRow({ id: 11, name: '子', readStatus: 1 })];
    http.on(`GET ${RESOURCE}`, (request) => ({
      body: request.query.page === '2' ? page2 : page1,
      headers: paginationHeader(12, Number(request.query.page)),
    }));
    http.on(`PUT ${RESOURCE}/ids/unread/many`, actionAnswer('操作成功', 2));
    renderLeads('/resource');
    await screen.findByText('乙');

    fireEvent.click(rowOf('甲').querySelector('input[type="checkbox"]') as HTMLElement);
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('子');
    expect(screen.getByText('已选 1 条')).toBeInTheDocument();
    fireEvent.click(rowOf('子').querySelector('input[type="checkbox"]') as HTMLElement);
    expect(screen.getByText('已选 2 条')).toBeInTheDocument();
    fireEvent.click(button('批量未读'));
    expect(await screen.findByText('操作成功')).toBeInTheDocument();
    expect(http.requestsTo(`${RESOURCE}/ids/unread/many`, 'PUT')[0].body).toEqual([1, 11]);
    await waitFor(() => expect(screen.queryByText('已选 2 条')).not.toBeInTheDocument());

    fireEvent.click(rowOf('子').querySelector('input[type="checkbox"]') as HTMLElement);
    expect(screen.getByText('已选 1 条')).toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText('请输入电话'), { target: { value: '138' } });
    fireEvent.click(button('查询'));
    await waitFor(() => expect(http.requestsTo(RESOURCE).at(-1)?.query).toMatchObject({ phone: '138', page: '1' }));
    expect(screen.queryByText('已选 1 条')).not.toBeInTheDocument();
  });

  it('per-row delete asks 确定删除? and says 删除失败！ when the server refuses without a reason', async () => {
    listAnswers(RESOURCE, [leadRow({ id: 5 })]);
    http.on(`PUT ${RESOURCE}/5/delete`, { status: 500, body: { code: '500' } });
    renderLeads('/resource');
    await screen.findByText('张三');
    fireEvent.click(button('删除', rowOf('张三')));
    expect(await screen.findByText('确定删除?')).toBeInTheDocument();
    fireEvent.click(button('确定'));
    expect(await screen.findByText('删除失败！')).toBeInTheDocument();
  });
});

describe("a list showing several kinds: each row acts through its own kind's calls", () => {
  const CPC = '/customer/feedback/resourceCpchandler';
  const bidding = (id: number, name: string) => leadRow({ id, name, tableName: 'feedback', listKind: 'feedback' });
  const cpcLead = (id: number, name: string) => leadRow({ id, name, tableName: 'resource_cpc', listKind: 'cpc', remark: '旧备注' });

  it('a CPC resource on 竞价资源 is read through resourceCpchandler, its remark shown without an editor; the counter sums both kinds', async () => {
    listAnswers(FEEDBACKS, [bidding(21, '甲'), cpcLead(31, '丙')]);
    http.on(`POST ${CPC}/updateReadStatus`, actionAnswer('操作成功', 1, { feedback: 3, cpc: 4 }));
    renderLeads('/feedback');
    await screen.findByText('丙');

    expect(within(rowOf('甲')).getByRole('button', { name: '编辑备注' })).toBeInTheDocument();
    expect(within(rowOf('丙')).getByText('旧备注')).toBeInTheDocument();
    expect(within(rowOf('丙')).queryByRole('button', { name: '编辑备注' })).not.toBeInTheDocument();

    fireEvent.click(within(rowOf('丙')).getByText('标为已读'));
    expect(await screen.findByText('操作成功')).toBeInTheDocument();
    expect(http.requestsTo(`${CPC}/updateReadStatus`, 'POST').map((request) => request.body)).toEqual([{ id: 31, readStatus: 1 }]);
    expect(http.requests.filter((request) => request.path.startsWith(`${FEEDBACKS}/`))).toEqual([]);
    expect(getUnreadCounters().leads.feedback).toBe(7);
  });

  it('a batch over both kinds makes one call per kind: {ids} on /feedbacks, {ids, readStatus} on resourceCpchandler', async () => {
    listAnswers(FEEDBACKS, [bidding(21, '甲'), bidding(22, '乙'), cpcLead(31, '丙')]);
    http.on(`PUT ${FEEDBACKS}/read`, actionAnswer('操作成功', 2, { feedback: 0, cpc: 1 }));
    http.on(`POST ${CPC}/updateReadStatusBatch`, actionAnswer('操作成功', 1, { feedback: 0, cpc: 0 }));
    renderLeads('/feedback');
    await screen.findByText('丙');

    for (const name of ['甲', '乙', '丙']) fireEvent.click(within(rowOf(name)).getByRole('checkbox'));
    fireEvent.click(button('批量已读'));
    expect(await screen.findByText('操作成功')).toBeInTheDocument();
    await waitFor(() => expect(http.requestsTo(`${CPC}/updateReadStatusBatch`, 'POST')).toHaveLength(1));
    expect(http.requestsTo(`${FEEDBACKS}/read`, 'PUT')[0].body).toEqual({ ids: [21, 22] });
    expect(http.requestsTo(`${CPC}/updateReadStatusBatch`, 'POST')[0].body).toEqual({ ids: [31], readStatus: 1 });
    // The last answer's counts: nothing unread is left on 竞价资源.
    expect(getUnreadCounters().leads.feedback).toBe(0);
  });

  it('a distributed resource on 资源列表 is deleted through resource-distribution (it has batch calls only)', async () => {
    listAnswers(RESOURCE, [leadRow({ id: 41, name: '丁', tableName: 'resource_distribution', listKind: 'distribution' })]);
    http.on(`PUT /customer/feedback/resource-distribution/ids/del-status`, actionAnswer('删除成功！', 1));
    renderLeads('/resource');
    await screen.findByText('丁');

    fireEvent.click(within(rowOf('丁')).getByText('删除'));
    fireEvent.click(await waitFor(() => button('确定')));
    expect(await screen.findByText('删除成功！')).toBeInTheDocument();
    expect(http.requestsTo('/customer/feedback/resource-distribution/ids/del-status', 'PUT')[0].body).toEqual([41]);
    expect(http.requests.filter((request) => request.method !== 'GET' && request.path.startsWith(`${RESOURCE}/`))).toEqual([]);
  });
});

describe('the bidding list /feedback', () => {
  it('shows genres, template styles and engines with their labels, structured content labelled, and the questionnaire', async () => {
    listAnswers(FEEDBACKS, [
      leadRow({
        id: 9,
        tableName: 'feedback',
        listKind: 'feedback',
        genreId: 3,
        templateStyle: 2,
        searchDomain: 'm.baidu.com',
        content: '{"wechart":"wx_zhang","feedback":"想了解加盟费","budget":"10-20万"}',
        datas: [{ question: '开店城市', answer: '杭州' }],
      }),
    ]);
    renderLeads('/feedback');
    await screen.findByText('张三');
    const row = rowOf('张三');
    expect(within(row).getByText('手机官网')).toBeInTheDocument();
    expect(within(row).getByText('PC底部悬浮')).toBeInTheDocument();
    expect(within(row).getByText('百度')).toBeInTheDocument();
    expect(within(row).getByText('微信：')).toBeInTheDocument();
    expect(within(row).getByText('wx_zhang')).toBeInTheDocument();
    expect(within(row).getByText('预算：')).toBeInTheDocument();
    expect(within(row).queryByText(/"wechart"/)).not.toBeInTheDocument();

    fireEvent.click(button('问卷', row));
    const dialog = await findElement('.ant-modal');
    expect(within(dialog).getByText('开店城市')).toBeInTheDocument();
    expect(within(dialog).getByText('杭州')).toBeInTheDocument();
    await act(async () => undefined);
  });

  it('links a row to its message detail page', async () => {
    listAnswers(FEEDBACKS, [leadRow({ id: 9, tableName: 'feedback', listKind: 'feedback', content: '请尽快联系我' })]);
    http.on(`GET ${FEEDBACKS}/9`, { body: leadRow({ id: 9, tableName: 'feedback', listKind: 'feedback', content: '请尽快联系我' }) });
    renderLeads('/feedback');
    await screen.findByText('张三');
    await setupUser().click(within(rowOf('张三')).getByText('详情'));
    expect(await screen.findByText('留言详情')).toBeInTheDocument();
    expect(window.location.search).toBe('?id=9');
    expect(screen.getByText('请尽快联系我')).toBeInTheDocument();
  });
});
