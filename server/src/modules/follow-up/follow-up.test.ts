import { FollowUpText, type LeadDistribution } from '@portal/contracts/schedule';
import { scheduleEndpoints } from '@portal/contracts/endpoints';
import { addDays, chinaToday } from '../../lib/time';
import { demoClients, dialects, expectError, startApp, type TestApp, type TestClient } from '../../test/harness';
import { customerIdOf } from '../../test/leads';
import { freshMobile, ingestLead } from '../crm/push/testing';
import { newItem, newStaff, setCrm, setDay } from '../distribution/testing';
import { runFollowUpSweep } from './service';

/*
 * Follow-up deadlines through the HTTP layer, with the sweep run at the test's clock: a lead
 * given by the distribution engine and not followed up within its project's deadline notifies
 * the customer and is recycled to the next person on shift, at most the rule's number of times.
 * Customer A is demo2 (no CRM setup in the seed: built here), B is demo.
 */

const KEY = '/rest/customer/account/ingest-key';
const RULES = `/rest${scheduleEndpoints.followUpRules.path}`;
const recordUrl = (id: number) => `/rest${scheduleEndpoints.leadDistribution.path.replace('{id}', String(id))}`;
const MINUTE = 60_000;

describe.each(dialects())('follow-up deadlines on %s', (dialect) => {
  let t: TestApp;
  let a: TestClient;
  let b: TestClient;
  let customerA: number;
  let keyA: string;
  let itemId: number;
  let soloItem: number;

  beforeAll(async () => {
    t = await startApp(dialect);
    ({ b: a, a: b } = await demoClients(t));
    customerA = await customerIdOf(t.db, 'demo2');
    keyA = (await a.get(KEY)).json().data.key;
    await setCrm(t.db, customerA, 'ec', true, 0);
    itemId = await newItem(t.db, customerA, '跟进项目');
    soloItem = await newItem(t.db, customerA, '单人项目');
    const staff = await newStaff(t.db, customerA, ['跟进甲', '跟进乙', '跟进丙']);
    // Today and tomorrow: the sweeps run at deadlines an hour or two ahead, past China midnight
    // when the test runs late in the day, and a recycle takes the staff on shift then.
    for (const date of [chinaToday(), addDays(chinaToday(), 1)]) {
      await setDay(
        t.db,
        { customerId: customerA, crmCode: 'ec', itemId, date },
        staff.map((userId) => ({ userId, dataNum: 1, dataNumLimit: null })),
      );
      await setDay(t.db, { customerId: customerA, crmCode: 'ec', itemId: soloItem, date }, [{ userId: staff[0]!, dataNum: 1, dataNumLimit: null }]);
    }
  });
  afterAll(() => t.close());

  const ingest = (item = itemId) => ingestLead(t, keyA, { listKind: 'resource', itemId: item, name: '孙女士', mobile: freshMobile() });
  const sweep = (at: number) => runFollowUpSweep(t.db, t.app.events, new Date(at));
  const recordOf = async (id: number, client = a): Promise<LeadDistribution> => {
    const response = await client.get(recordUrl(id));
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const lead = (id: number) =>
    t.db.selectFrom('leads').select(['crmFollower', 'followUpDue', 'recycleCount', 'readStatus']).where('id', '=', id).executeTakeFirstOrThrow();
  const notices = async () =>
    (
      await t.db
        .selectFrom('notices')
        .select(['title', 'contents'])
        .where('customerId', '=', customerA)
        .where('title', '=', FollowUpText.NoticeTitle)
        .execute()
    ).map((row) => row.contents);
  const rule = (body: Record<string, unknown>, client = a) =>
    client.put(RULES, { itemId, deadlineMinutes: 60, workingHoursOnly: false, recycle: true, recycleLimit: 1, ...body });

  it('recycles a lead left unfollowed past its deadline to the next person on shift, notifies, records it, and counts it under its new receiver; once, as the limit says', async () => {
    expect((await rule({})).statusCode).toBe(200);
    const started = Date.now();
    const id = await ingest();
    const first = await lead(id);
    const receiver = first.crmFollower!;
    expect(receiver).toMatch(/^跟进/);
    expect(Date.parse(first.followUpDue!)).toBeGreaterThanOrEqual(started + 60 * MINUTE);
    expect((await recordOf(id)).followUpDue).not.toBeNull();
    const due = Date.parse(first.followUpDue!);

    // Not yet due: nothing happens.
    expect(await sweep(due - MINUTE)).toEqual({ overdue: 0, recycled: 0 });
    expect(await sweep(due + 1000)).toEqual({ overdue: 1, recycled: 1 });
    const moved = await lead(id);
    expect(moved.crmFollower).not.toBe(receiver);
    expect(moved).toMatchObject({ recycleCount: 1, readStatus: 0 });
    expect(Date.parse(moved.followUpDue!)).toBe(due + 1000 + 60 * MINUTE);
    const record = await recordOf(id);
    expect(record).toMatchObject({ status: 'assigned', userName: moved.crmFollower });
    expect(record.recycles).toEqual([
      { time: expect.any(String), fromName: receiver, toName: moved.crmFollower, reason: FollowUpText.RecycleReason },
    ]);
    expect((await notices()).some((text) => text.includes(receiver) && text.includes(FollowUpText.noticeRecycled(moved.crmFollower!)))).toBe(true);
    // The receive report's day counts: under the new receiver, no longer under the first.
    const counts = await t.db
      .selectFrom('leadDayCounts')
      .select(['receiver', 'count'])
      .where('customerId', '=', customerA)
      .where('itemId', '=', itemId)
      .execute();
    const byReceiver = Object.fromEntries(counts.map((row) => [row.receiver, Number(row.count)]));
    expect(byReceiver[moved.crmFollower!]).toBeGreaterThanOrEqual(1);
    expect(byReceiver[receiver] ?? 0).toBe(0);

    // Past the second deadline: the limit (1) is spent: a notice, no recycle, the clock stops.
    expect(await sweep(due + 1000 + 61 * MINUTE)).toEqual({ overdue: 1, recycled: 0 });
    expect(await lead(id)).toMatchObject({ crmFollower: moved.crmFollower, recycleCount: 1, followUpDue: null });
    expect((await recordOf(id)).recycles).toHaveLength(1);
  });

  it('never recycles a lead followed up in time: read, given a remark, or showing a call record from the CRM', async () => {
    await rule({});
    const read = await ingest();
    const remarked = await ingest();
    const called = await ingest();
    // The CRM's call record on the lead (callData, as the follow-up details popover shows it).
    await t.db
      .updateTable('leads')
      .set({ callData: JSON.stringify([{ id: 1, callTime: '2026-12-02 10:00:00', message: '已接通，意向明确' }]) })
      .where('id', '=', called)
      .execute();
    const receivers = [(await lead(read)).crmFollower, (await lead(remarked)).crmFollower, (await lead(called)).crmFollower];
    expect((await a.put(`/rest/customer/feedback/resource/${read}/read`)).statusCode).toBe(200);
    expect((await a.put(`/rest/customer/feedback/resource/${remarked}`, { remark: '已电话沟通，明天回访' })).statusCode).toBe(200);
    expect(await lead(read)).toMatchObject({ followUpDue: null });
    expect(await sweep(Date.now() + 24 * 60 * MINUTE)).toEqual({ overdue: 0, recycled: 0 });
    expect([(await lead(read)).crmFollower, (await lead(remarked)).crmFollower, (await lead(called)).crmFollower]).toEqual(receivers);
    expect(await lead(called)).toMatchObject({ followUpDue: null, recycleCount: 0 });
  });

  it('keeps the lead with its receiver when nobody else is on shift, and says so in the record and the notice', async () => {
    await rule({ itemId: soloItem });
    const id = await ingest(soloItem);
    const due = Date.parse((await lead(id)).followUpDue!);
    expect(await sweep(due + 1000)).toEqual({ overdue: 1, recycled: 0 });
    expect(await lead(id)).toMatchObject({ crmFollower: '跟进甲', followUpDue: null, recycleCount: 0 });
    expect((await recordOf(id)).recycles).toEqual([
      { time: expect.any(String), fromName: '跟进甲', toName: null, reason: FollowUpText.RecycleNobody },
    ]);
    expect((await notices()).some((text) => text.endsWith(FollowUpText.noticeNobody))).toBe(true);
  });

  it('only notifies when the rule does not recycle, and runs no clock for a project without a rule', async () => {
    await rule({ recycle: false });
    const id = await ingest();
    const receiver = (await lead(id)).crmFollower;
    const due = Date.parse((await lead(id)).followUpDue!);
    expect(await sweep(due + 1000)).toEqual({ overdue: 1, recycled: 0 });
    expect(await lead(id)).toMatchObject({ crmFollower: receiver, followUpDue: null });

    expect((await a.delete(`${RULES}/${itemId}`)).json()).toEqual([expect.objectContaining({ itemId: soloItem })]);
    expect((await lead(await ingest())).followUpDue).toBeNull();
    // The rule of all projects applies to a project without its own.
    await a.put(RULES, { itemId: 0, deadlineMinutes: 30, workingHoursOnly: true, recycle: false, recycleLimit: 0 });
    expect((await lead(await ingest())).followUpDue).not.toBeNull();
    expect((await a.get(RULES)).json()).toEqual([
      { itemId: 0, itemTitle: FollowUpText.AllProjects, deadlineMinutes: 30, workingHoursOnly: true, recycle: false, recycleLimit: 0 },
      expect.objectContaining({ itemId: soloItem, itemTitle: '单人项目' }),
    ]);
    await a.delete(`${RULES}/0`);
  });

  it('bounds the rule and keeps each customer’s rules and leads their own', async () => {
    expectError(await rule({ deadlineMinutes: 0 }), 400, FollowUpText.DeadlineInvalid);
    expectError(await rule({ deadlineMinutes: 7 * 24 * 60 + 1 }), 400, FollowUpText.DeadlineInvalid);
    expectError(await rule({ recycleLimit: 6 }), 400, FollowUpText.RecycleLimitInvalid);
    // B cannot set a deadline on A's project, and sees none of A's rules.
    expectError(await rule({}, b), 404, FollowUpText.ItemInvalid);
    expect((await b.get(RULES)).json()).toEqual([]);
    expect((await b.delete(`${RULES}/${soloItem}`)).json()).toEqual([]);
    expect((await a.get(RULES)).json()).toEqual([expect.objectContaining({ itemId: soloItem })]);
  });
});
