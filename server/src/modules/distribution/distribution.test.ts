import { LEAD_TABLE_NAMES, LeadApiMessage, type Lead } from '@portal/contracts/leads';
import { leadListEndpoints, scheduleEndpoints } from '@portal/contracts/endpoints';
import type { LeadDistribution } from '@portal/contracts/schedule';
import { chinaToday } from '../../lib/time';
import { demoClients, dialects, expectError, startApp, type TestApp, type TestClient } from '../../test/harness';
import { customerIdOf, insertFixtures, leadRow } from '../../test/leads';
import { freshMobile, ingestLead, jobsOf } from '../crm/push/testing';
import { chinaMinute } from './service';
import { newGroups, newItem, newStaff, queueOf, setCrm, setDay, setRuleRows } from './testing';

/*
 * Distribution through the open ingestion call: a lead goes to the person whose turn it is in
 * today's schedule of its project, the lists and the lead's record show it; a lead nobody can
 * take waits, first in first out, until someone can or the customer assigns it by hand.
 * Customer A is demo2 (no CRM setup in the seed: these tests build their own), B is demo.
 */

const KEY = '/rest/customer/account/ingest-key';
const BY_USER = '/rest/es/eccutomerdistribute/assignResourcesManually';
const recordUrl = (id: number) => `/rest${scheduleEndpoints.leadDistribution.path.replace('{id}', String(id))}`;

/** A time range that does not hold the current China minute (the tests take well under an hour). */
const offShiftNow = (): string => (chinaMinute(new Date()) < 12 * 60 ? '18:00-20:00' : '02:00-04:00');

describe.each(dialects())('lead distribution on %s', (dialect) => {
  let t: TestApp;
  let a: TestClient;
  let b: TestClient;
  let customerId: number;
  let key: string;
  const today = chinaToday();

  beforeAll(async () => {
    t = await startApp(dialect);
    // The customer under test (a) is demo2; b is demo.
    ({ b: a, a: b } = await demoClients(t));
    customerId = await customerIdOf(t.db, 'demo2');
    key = (await a.get(KEY)).json().data.key;
    await setCrm(t.db, customerId, 'ec', true, 0);
  });
  afterAll(() => t.close());

  const ingest = (itemId: number, extra: Record<string, unknown> = {}) =>
    ingestLead(t, key, { listKind: 'resource', itemId, name: '赵先生', mobile: freshMobile(), ...extra });
  const recordOf = async (client: TestClient, id: number): Promise<LeadDistribution | null> => {
    const response = await client.get(recordUrl(id));
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('gives a scheduled project’s leads in rounds, 2-1-2-1 for quantities 2 and 1; the list and the record show it', async () => {
    await setCrm(t.db, customerId, 'ec', true, 0);
    const itemId = await newItem(t.db, customerId, '轮流项目');
    const [first, second] = await newStaff(t.db, customerId, ['甲员工', '乙员工']);
    await setDay(t.db, { customerId, crmCode: 'ec', itemId, date: today }, [
      { userId: first, dataNum: 2, dataNumLimit: null },
      { userId: second, dataNum: 1, dataNumLimit: null },
    ]);

    const ids: number[] = [];
    for (let i = 0; i < 6; i += 1) ids.push(await ingest(itemId));

    const listed = (await a.get(`/rest${leadListEndpoints.resource.path}`, { query: { itemId: String(itemId) } })).json() as Lead[];
    expect(listed.sort((x, y) => x.id - y.id).map((lead) => lead.crmFollower)).toEqual(['甲员工', '甲员工', '乙员工', '甲员工', '甲员工', '乙员工']);
    expect(await recordOf(a, ids[3])).toEqual({
      leadId: ids[3],
      status: 'assigned',
      crmCode: 'ec',
      ruleType: 0,
      acceptGroupId: null,
      acceptGroupName: null,
      userId: first,
      userName: '甲员工',
      round: 2,
      reason: null,
      skipped: [],
      createTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      assignTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      // No follow-up rule: no deadline runs, nothing recycled.
      recycles: [],
      crmFollowerChanges: [],
      followUpDue: null,
    });
    expect((await recordOf(a, ids[5]))?.round).toBe(2);
    // Each lead's push is on its way, with the receiver on the lead.
    expect((await jobsOf(t.db, customerId)).filter((job) => ids.includes(job.leadId))).toHaveLength(6);
  });

  it('names the rule, the group and the people passed over and why', async () => {
    const itemId = await newItem(t.db, customerId, '按地域项目');
    const [group, other] = await newGroups(t.db, customerId, ['华南组', '华北组']);
    const [asleep, noQuota, capped, awake, elsewhere] = await newStaff(t.db, customerId, [
      '下班员工',
      '零数量员工',
      '满额员工',
      '值班员工',
      '北方员工',
    ]);
    await setCrm(t.db, customerId, 'ec', true, 1);
    await setRuleRows(t.db, customerId, 'ec', [
      { acceptGroupId: other, provinces: ['北京'] },
      { acceptGroupId: group, provinces: ['广东', '广西'] },
    ]);
    await setDay(t.db, { customerId, crmCode: 'ec', itemId, date: today }, [
      { userId: elsewhere, acceptGroupId: other, dataNum: 1, dataNumLimit: null },
      { userId: asleep, acceptGroupId: group, dataNum: 1, dataNumLimit: null, timeStr: offShiftNow() },
      { userId: noQuota, acceptGroupId: group, dataNum: 0, dataNumLimit: null },
      { userId: capped, acceptGroupId: group, dataNum: 1, dataNumLimit: 0 },
      { userId: awake, acceptGroupId: group, dataNum: 1, dataNumLimit: null },
    ]);

    const id = await ingest(itemId, { province: '广东省', city: '深圳' });
    expect(await recordOf(a, id)).toMatchObject({
      status: 'assigned',
      ruleType: 1,
      acceptGroupId: group,
      acceptGroupName: '华南组',
      userId: awake,
      userName: '值班员工',
      round: 1,
      reason: null,
      skipped: [
        { userId: asleep, userName: '下班员工', reason: 'offShift' },
        { userId: noQuota, userName: '零数量员工', reason: 'noQuota' },
        { userId: capped, userName: '满额员工', reason: 'dailyCap' },
      ],
    });
    // The north's group takes a Beijing lead; a province no row holds goes to nobody and is pushed as before.
    expect(await recordOf(a, await ingest(itemId, { province: '北京' }))).toMatchObject({ status: 'assigned', userId: elsewhere });
    const unmatched = await ingest(itemId, { province: '西藏' });
    expect(await recordOf(a, unmatched)).toMatchObject({ status: 'skipped', reason: 'noGroup', ruleType: 1, userId: null });
    // A project without today's schedule: not distributed, pushed at once.
    const unscheduled = await ingest(await newItem(t.db, customerId, '未排班项目'), { province: '广东' });
    expect(await recordOf(a, unscheduled)).toMatchObject({ status: 'skipped', reason: 'notScheduled', acceptGroupId: group });
    expect((await jobsOf(t.db, customerId)).some((job) => job.leadId === unscheduled)).toBe(true);
    await setCrm(t.db, customerId, 'ec', true, 0);
  });

  it('keeps a lead nobody can take waiting, and hands the queue over in arrival order once someone can', async () => {
    const itemId = await newItem(t.db, customerId, '等待项目');
    const [early, late] = await newStaff(t.db, customerId, ['早班员工', '晚班员工']);
    const day = { customerId, crmCode: 'ec' as const, itemId, date: today };
    await setDay(t.db, day, [{ userId: early, dataNum: 1, dataNumLimit: null, timeStr: offShiftNow() }]);

    const waiting = [await ingest(itemId), await ingest(itemId), await ingest(itemId)];
    expect(await recordOf(a, waiting[0])).toMatchObject({
      status: 'waiting',
      reason: 'nobodyQualifies',
      userId: null,
      assignTime: null,
      skipped: [{ userId: early, userName: '早班员工', reason: 'offShift' }],
    });
    expect(await queueOf(t.db, itemId)).toEqual(waiting);
    // Held back from the CRM while it waits.
    expect((await jobsOf(t.db, customerId)).filter((job) => waiting.includes(job.leadId))).toEqual([]);
    const unassigned = (await a.get(`/rest${leadListEndpoints.resource.path}`, { query: { itemId: String(itemId), crmFollowerState: '0' } })).json();
    expect(unassigned).toHaveLength(3);

    // The customer saves the day with both on shift, one lead each per round: the oldest lead goes first.
    const heard: number[] = [];
    const stop = t.app.events.on('lead.pushed', (event) => heard.push(event.id));
    const saved = await a.post(`/rest${scheduleEndpoints.save.path}`, {
      crmCode: 'ec',
      itemId,
      date: today,
      list: [
        { userId: early, acceptGroupId: null, dataNum: 1, dataNumLimit: null, timeStr: '' },
        { userId: late, acceptGroupId: null, dataNum: 1, dataNumLimit: 2, timeStr: '' },
      ],
    });
    stop();
    expect(saved.json()).toMatchObject({ code: '200' });
    expect(heard).toEqual(waiting);
    const records = await Promise.all(waiting.map((id) => recordOf(a, id)));
    expect(records.map((record) => [record?.status, record?.userName, record?.round])).toEqual([
      ['assigned', '早班员工', 1],
      ['assigned', '晚班员工', 1],
      ['assigned', '早班员工', 2],
    ]);
    expect(records[0]?.assignTime).toEqual(expect.any(String));
    expect(await queueOf(t.db, itemId)).toEqual([]);
    expect((await jobsOf(t.db, customerId)).filter((job) => waiting.includes(job.leadId)).map((job) => job.origin)).toEqual(['auto', 'auto', 'auto']);
    // A new lead continues the rounds: the late one's turn.
    expect((await recordOf(a, await ingest(itemId)))?.userName).toBe('晚班员工');
  });

  it('takes a waiting lead out of the queue when the customer assigns it by hand, and pushes it then', async () => {
    const itemId = await newItem(t.db, customerId, '手动项目');
    const [asleep, chosen] = await newStaff(t.db, customerId, ['休息员工', '手动员工']);
    await setDay(t.db, { customerId, crmCode: 'ec', itemId, date: today }, [
      { userId: asleep, dataNum: 1, dataNumLimit: null, timeStr: offShiftNow() },
    ]);
    const [first, second] = [await ingest(itemId), await ingest(itemId)];
    expect(await queueOf(t.db, itemId)).toEqual([first, second]);

    const response = await a.put(BY_USER, { resourceList: [{ id: first, tableName: LEAD_TABLE_NAMES.resource }], userId: chosen });
    expect(response.json().code).toBe('200');
    expect(await queueOf(t.db, itemId)).toEqual([second]);
    expect(await recordOf(a, first)).toMatchObject({ status: 'manual', userId: null, reason: null, assignTime: expect.any(String) });
    expect((await jobsOf(t.db, customerId)).filter((job) => job.leadId === first).map((job) => job.origin)).toEqual(['auto']);
    // The other still waits, and nothing else changed.
    expect(await recordOf(a, second)).toMatchObject({ status: 'waiting' });
    expect((await jobsOf(t.db, customerId)).some((job) => job.leadId === second)).toBe(false);
  });

  it("answers null for a lead the engine never saw, and 404 for another customer's lead", async () => {
    const [old] = await insertFixtures(t.db, [leadRow(customerId, 'resource')]);
    expect(await recordOf(a, old)).toBeNull();
    const itemId = await newItem(t.db, customerId, '隔离项目');
    const id = await ingest(itemId);
    expect(await recordOf(a, id)).toMatchObject({ leadId: id });
    expectError(await b.get(recordUrl(id)), 404, LeadApiMessage.NotFound);
    expectError(await a.get(recordUrl(2_000_000_000)), 404, LeadApiMessage.NotFound);
    expectError(await t.client().get(recordUrl(id)), 401);
    const demoLead = await t.db
      .selectFrom('leads')
      .select('id')
      .where('customerId', '=', await customerIdOf(t.db, 'demo'))
      .executeTakeFirstOrThrow();
    expectError(await a.get(recordUrl(demoLead.id)), 404, LeadApiMessage.NotFound);
  });
});
