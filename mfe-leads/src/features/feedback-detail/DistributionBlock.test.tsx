import { installFakeHttp, type FakeHttp } from '@portal/api-client/testing';
import type { LeadDistribution } from '@portal/contracts/schedule';
import { screen, within } from '@testing-library/react';
import { leadRow } from '../../test/leadRows';
import { button, renderLeads, setupUser } from '../../test/renderLeads';

beforeAll(() => import('./FeedbackDetailPage'), 60_000);

const LEAD = 'GET /customer/feedback/feedbacks/9';
const DISTRIBUTION = 'GET /customer/feedback/feedbacks/9/distribution';

/** Lead 9 given to 王销售 in round 2 of 华南组 under the region rule, after two people were passed over. */
const assigned = (overrides: Partial<LeadDistribution> = {}): LeadDistribution => ({
  leadId: 9,
  status: 'assigned',
  crmCode: 'ec',
  ruleType: 1,
  acceptGroupId: 3,
  acceptGroupName: '华南组',
  userId: 12,
  userName: '王销售',
  round: 2,
  reason: null,
  skipped: [
    { userId: 11, userName: '李销售', reason: 'offShift' },
    { userId: 13, userName: '赵销售', reason: 'dailyCap' },
  ],
  createTime: '2026-03-02 10:00:00',
  assignTime: '2026-03-02 10:00:00',
  recycles: [],
  crmFollowerChanges: [],
  followUpDue: null,
  ...overrides,
});

let http: FakeHttp;
beforeEach(() => {
  http = installFakeHttp();
  http.on(LEAD, { body: leadRow({ id: 9, tableName: 'feedback', listKind: 'feedback', name: '钱女士', crmFollower: '王销售' }) });
});
afterEach(() => http.restore());

describe("the lead detail's distribution record", () => {
  it('shows who took the lead, in which group, rule and round, and who was passed over and why', async () => {
    http.on(DISTRIBUTION, { body: assigned() });
    renderLeads('/feedback-detail?id=9');
    expect(await screen.findByText('第2轮')).toBeInTheDocument();
    expect(screen.getByText('分配记录')).toBeInTheDocument();
    expect(screen.getByText('已分配')).toBeInTheDocument();
    expect(screen.getByText('华南组')).toBeInTheDocument();
    expect(screen.getByText('按资源地域')).toBeInTheDocument();
    expect(screen.getByText('2026-03-02 10:00:00')).toBeInTheDocument();
    expect(screen.getByText('李销售：不在班时间')).toBeInTheDocument();
    expect(screen.getByText('赵销售：已达每日上限')).toBeInTheDocument();
    // The receiver: in the lead's fields and in the record.
    expect(screen.getAllByText('王销售')).toHaveLength(2);
  });

  it('shows the follow-up deadline and each recycle: when, from whom, to whom and why', async () => {
    http.on(DISTRIBUTION, {
      body: assigned({
        followUpDue: '2026-03-02 12:00:00',
        recycles: [
          { time: '2026-03-02 11:00:00', fromName: '李销售', toName: '王销售', reason: '超时未跟进' },
          { time: '2026-03-02 11:30:00', fromName: '王销售', toName: null, reason: '超时未跟进，无可接收人员' },
        ],
      }),
    });
    renderLeads('/feedback-detail?id=9');
    const recycles = await screen.findByRole('list', { name: '回收记录' });
    expect(
      within(recycles)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '2026-03-02 11:00:00 从李销售回收，分配给王销售（超时未跟进）',
      '2026-03-02 11:30:00 从王销售回收失败：无可接收人员（超时未跟进，无可接收人员）',
    ]);
    expect(screen.getByText('跟进截止')).toBeInTheDocument();
    expect(screen.getByText('2026-03-02 12:00:00')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'CRM跟进人变更' })).not.toBeInTheDocument();
  });

  it('shows the CRM follower change after a recycle: done, waiting, or refused with the reason', async () => {
    http.on(DISTRIBUTION, {
      body: assigned({
        recycles: [{ time: '2026-03-02 11:00:00', fromName: '李销售', toName: '王销售', reason: '超时未跟进' }],
        crmFollowerChanges: [
          { crmCode: 'ec', status: 'delivered', reason: 'CRM跟进人已变更为新接收人', time: '2026-03-02 11:00:05' },
          { crmCode: 'lixiao', status: 'pending', reason: null, time: '2026-03-02 11:00:00' },
          { crmCode: 'xbb', status: 'refused', reason: '新接收人不是从该CRM同步的员工，CRM跟进人未变更', time: '2026-03-02 11:00:06' },
        ],
      }),
    });
    renderLeads('/feedback-detail?id=9');
    const changes = await screen.findByRole('list', { name: 'CRM跟进人变更' });
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'EC：CRM跟进人已变更为新接收人（2026-03-02 11:00:05）',
      '励销：等待变更（2026-03-02 11:00:00）',
      '销帮帮：新接收人不是从该CRM同步的员工，CRM跟进人未变更（2026-03-02 11:00:06）',
    ]);
  });

  it('says 不限 for the group of an unlimited rule, and no passed-over list when nobody was', async () => {
    http.on(DISTRIBUTION, { body: assigned({ ruleType: 0, acceptGroupId: null, acceptGroupName: null, round: 1, skipped: [] }) });
    renderLeads('/feedback-detail?id=9');
    expect(await screen.findByText('第1轮')).toBeInTheDocument();
    // The rule (不限) and the group (不限).
    expect(screen.getAllByText('不限')).toHaveLength(2);
    expect(screen.queryByText('跳过人员')).toBeNull();
  });

  it('says why a waiting lead waits, with the people on the list and why none took it', async () => {
    http.on(DISTRIBUTION, {
      body: assigned({
        status: 'waiting',
        ruleType: 0,
        acceptGroupId: null,
        acceptGroupName: null,
        userId: null,
        userName: null,
        round: null,
        reason: 'nobodyQualifies',
        skipped: [{ userId: 11, userName: '李销售', reason: 'noQuota' }],
        assignTime: null,
      }),
    });
    renderLeads('/feedback-detail?id=9');
    expect(await screen.findByText('当前没有符合条件的排班人员，等待分配')).toBeInTheDocument();
    expect(screen.getByText('等待分配')).toBeInTheDocument();
    expect(screen.getByText('李销售：每轮数量为0，不参与轮分')).toBeInTheDocument();
    expect(screen.queryByText('接收人')).toBeNull();
  });

  it('says why a lead was not distributed (project not scheduled today)', async () => {
    http.on(DISTRIBUTION, {
      body: assigned({ status: 'skipped', userId: null, userName: null, round: null, reason: 'notScheduled', skipped: [], assignTime: null }),
    });
    renderLeads('/feedback-detail?id=9');
    expect(await screen.findByText('该项目今日尚未排班')).toBeInTheDocument();
    expect(screen.getByText('未自动分配')).toBeInTheDocument();
  });

  it('says 暂无分配记录 for a lead the engine never saw', async () => {
    http.on(DISTRIBUTION, { body: null });
    renderLeads('/feedback-detail?id=9');
    expect(await screen.findByText('暂无分配记录')).toBeInTheDocument();
    expect(screen.getByText('钱女士')).toBeInTheDocument();
  });

  it('shows a failed call in its own block with 重试, which asks again; the lead stays shown', async () => {
    http.on(DISTRIBUTION, { status: 500, body: {} });
    renderLeads('/feedback-detail?id=9');
    expect(await screen.findByText('数据获取失败')).toBeInTheDocument();
    expect(screen.getByText('钱女士')).toBeInTheDocument();

    http.on(DISTRIBUTION, { body: assigned() });
    await setupUser().click(button('重试'));
    expect(await screen.findByText('第2轮')).toBeInTheDocument();
    expect(screen.queryByText('数据获取失败')).toBeNull();
    expect(http.requestsTo('/customer/feedback/feedbacks/9/distribution')).toHaveLength(2);
  });
});
