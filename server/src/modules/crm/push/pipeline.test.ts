import { CommonMessage } from '@portal/contracts';
import { CrmMessage, PushStatus } from '@portal/contracts/crm';
import { ecConnector } from '../connectors/ec';
import { dialects, demoClients, expectError, startApp, type TestApp, type TestClient } from '../../../test/harness';
import { EC_CREDENTIALS, fakeContext, startFakeCrm, type FakeCrm } from '../../../test/fake-crm';
import type { EcFakeRecord } from '../../../test/fake-crm/ec';
import { customerIdOf, itemIdsOf, storedLead } from '../../../test/leads';
import { closeAll, listen, loginCookie, openSubscribed, type Probe } from '../../../realtime/testing';
import { RETRY_SCHEDULE_MS } from './schedule';
import { clearPushes, freshMobile, ingestLead, jobsOf, saveAccount, TestClock, testWorker } from './testing';
import { PushNotice } from './worker';

const LOG = '/rest/es/crmpushlog/list';
const attemptsUrl = (id: number) => `/rest/es/crmpushlog/${id}/attempts`;
const retryUrl = (id: number) => `/rest/es/crmpushlog/${id}/retry`;
const RETRY_FAILED = '/rest/es/crmpushlog/retryFailed';
const CONNECTION = '/rest/es/crmpushconnection/getByUser';
const RESUME = '/rest/es/crmpushconnection/resume';
const BY_PUSH = '/rest/es/eccutomerdistribute/AssignResourcesManuallyByThridPush';

/** Past the wait after `attempts` tries (the schedule's own wait: the test workers have no jitter). */
const pastStep = (attempts: number) => RETRY_SCHEDULE_MS[attempts - 1] + 1000;

describe.each(dialects())('the CRM push pipeline on %s', (dialect) => {
  let t: TestApp;
  let a: TestClient;
  let b: TestClient;
  let fake: FakeCrm;
  let customerA: number;
  let customerB: number;
  let keyA: string;
  let itemsA: number[];
  let channelsA: Array<{ id: number; channelType: number }>;
  let clock: TestClock;

  const lead = (overrides: Record<string, unknown> = {}) => ({
    listKind: 'resource',
    itemId: itemsA[0],
    name: '赵先生',
    mobile: freshMobile(),
    ...overrides,
  });
  const recordsOf = (mobile: string) => fake.records.filter((record) => record.mobile === mobile);
  const noticesOf = (customerId: number, title: string) =>
    t.db.selectFrom('notices').select(['title', 'contents']).where('customerId', '=', customerId).where('title', '=', title).execute();

  beforeAll(async () => {
    fake = await startFakeCrm('ec');
    t = await startApp(dialect, { crm: { baseUrls: { ec: fake.url } } });
    ({ a, b } = await demoClients(t));
    customerA = await customerIdOf(t.db, 'demo');
    customerB = await customerIdOf(t.db, 'demo2');
    itemsA = await itemIdsOf(t.db, customerA);
    channelsA = await t.db.selectFrom('channels').select(['id', 'channelType']).where('customerId', '=', customerA).orderBy('id').execute();
    keyA = (await a.get('/rest/customer/account/ingest-key')).json().data.key;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    fake.reset();
    clock = new TestClock();
    await clearPushes(t.db);
    await t.db.deleteFrom('distributeRules').execute();
    await t.db.deleteFrom('distributeRuleRows').execute();
    await t.db.deleteFrom('crmFieldMappings').execute();
    await t.db.deleteFrom('crmLabelMappings').execute();
    await saveAccount(t.db, customerA, EC_CREDENTIALS);
    await t.db.deleteFrom('crmAccounts').where('customerId', '=', customerB).execute();
  });

  it('pushes an ingested lead once, records the CRM id, marks the lead pushed with its follower and tells the lists', async () => {
    await t.db.deleteFrom('crmUsers').where('customerId', '=', customerA).where('crmCode', '=', 'ec').execute();
    await t.db.insertInto('crmUsers').values({ customerId: customerA, userName: '李销售', crmCode: 'ec', crmUserId: '8002' }).execute();
    const url = await listen(t);
    const probes: Probe[] = [];
    try {
      const probe = await openSubscribed(url, await loginCookie(url, 'demo'));
      probes.push(probe);
      const id = await ingestLead(t, keyA, lead({ name: '钱女士', province: '广东', city: '深圳' }));
      const [job] = await jobsOf(t.db, customerA);
      expect(job).toMatchObject({ leadId: id, status: PushStatus.Pending, origin: 'auto', attempts: 0 });

      const worker = testWorker(t, clock);
      expect(await worker.drain()).toBe(1);
      const mobile = (await storedLead(t.db, id)).mobile;
      expect(recordsOf(mobile)).toHaveLength(1);
      expect(recordsOf(mobile)[0].body).toMatchObject({
        name: '钱女士',
        mobile,
        followUserId: 8002,
        channelId: 3001,
        prefecture: '中国|广东|深圳|',
      });
      const [done] = await jobsOf(t.db, customerA);
      expect(done).toMatchObject({ status: PushStatus.Delivered, crmId: recordsOf(mobile)[0].crmId, attempts: 1, leaseUntil: null });
      expect(await storedLead(t.db, id)).toMatchObject({ crmPushed: 1, crmFollower: '李销售' });
      expect(await probe.next('pushed')).toEqual({ kind: 'pushed', topic: 'user', listKind: 'resource', id });

      // Nothing is pushed twice: a second drain finds nothing, the job's key refuses a second job.
      expect(await worker.drain()).toBe(0);
      expect(recordsOf(mobile)).toHaveLength(1);

      const log = await a.get(LOG, { query: { crmCode: 'ec' } });
      expect(JSON.parse(log.headers['x-pagination-info'] as string)).toMatchObject({ count: 1, page: 1 });
      expect(log.json()).toEqual([
        expect.objectContaining({
          id: job.id,
          leadId: id,
          leadName: '钱女士',
          mobile,
          status: 'delivered',
          attempts: 1,
          crmId: done.crmId,
          nextAttemptAt: null,
          origin: 'auto',
        }),
      ]);
      const attempts = (await a.get(attemptsUrl(job.id))).json();
      expect(attempts).toEqual({
        code: '200',
        message: '成功',
        data: [
          expect.objectContaining({
            attemptNo: 1,
            outcome: 'delivered',
            reason: null,
            crmId: done.crmId,
            nextRetryAt: null,
            fields: expect.arrayContaining([{ code: 'mobile', name: '电话', value: mobile }]),
          }),
        ],
      });
    } finally {
      await closeAll(probes);
    }
  });

  it('writes no job while sync is off, nor for a customer without an account', async () => {
    await saveAccount(t.db, customerA, EC_CREDENTIALS, 0);
    await ingestLead(t, keyA, lead());
    expect(await jobsOf(t.db, customerA)).toEqual([]);
    expect(await testWorker(t, clock).drain()).toBe(0);
    expect(fake.records).toHaveLength(0);
  });

  it('maps the lead through the saved field mapping (project rows, options by text, defaults)', async () => {
    const fields = await ecConnector.fields(EC_CREDENTIALS, fakeContext(fake));
    await t.db
      .insertInto('crmDiscovery')
      .values({ customerId: customerA, crmCode: 'ec', kind: 'fields', data: JSON.stringify(fields), updatedAt: '2026-01-01 00:00:00' })
      .onConflict((oc) => oc.columns(['customerId', 'crmCode', 'kind']).doUpdateSet({ data: JSON.stringify(fields) }))
      .execute();
    const row = (crmFCode: string, wyFCode: string | null, more: { itemId?: number; wyDefaultValue?: string; children?: unknown[] } = {}) => ({
      customerId: customerA,
      crmCode: 'ec',
      resType: 1,
      crmFCode,
      wyFCode,
      itemId: more.itemId ?? null,
      wyDefaultValue: more.wyDefaultValue ?? null,
      children: JSON.stringify(more.children ?? []),
    });
    await t.db
      .insertInto('crmFieldMappings')
      .values([
        // ec's fake: 10001 公司名称, 10005 行业, 10006 意向产品, 10002 预算, 10009 详细地址.
        row('10001', 'itemTitle', { itemId: itemsA[1] }),
        row('10005', 'noSelect', { wyDefaultValue: '医疗' }),
        row('10006', 'searchWord', { wyDefaultValue: '产品B' }),
        row('10002', 'qq'),
        row('10009', 'address'),
      ])
      .execute();
    const other = await ingestLead(t, keyA, lead({ itemId: itemsA[0], searchWord: '产品A', qq: '12345', province: '浙江', address: '西湖区1号' }));
    const project = await ingestLead(t, keyA, lead({ itemId: itemsA[1], searchWord: '奶茶', qq: '67890' }));
    await testWorker(t, clock).drain();
    const fieldsOf = async (id: number) => (recordsOf((await storedLead(t.db, id)).mobile)[0].body as { fields: Record<string, unknown> }).fields;
    const first = await fieldsOf(other);
    expect(first).toMatchObject({ '10005': '102', '10006': '201', '10002': '12345', '10009': '西湖区1号' });
    // The project row is the other project's: left out.
    expect(first['10001']).toBeUndefined();
    const second = await fieldsOf(project);
    const title = (await storedLead(t.db, project)).itemTitle;
    // An unknown option text falls back to the row's default.
    expect(second).toMatchObject({ '10001': title, '10005': '102', '10006': '202', '10002': '67890' });
  });

  it("sends the labels of the label mapping rows matching the lead's project, channel and resType", async () => {
    const channel = channelsA[0].id;
    const row = (classId: string, itemId: number, channelId: number | null, resType: number) => ({
      customerId: customerA,
      crmCode: 'ec',
      classId,
      className: classId,
      itemId,
      channelId,
      resType,
    });
    await t.db
      .insertInto('crmLabelMappings')
      .values([
        row('4101', itemsA[0], null, 0),
        row('4102', itemsA[1], null, 0),
        row('4201', itemsA[0], channel, 2),
        row('4101', itemsA[0], channel, 1),
      ])
      .execute();
    // Another customer's row and another CRM's row of the same project are not read.
    await t.db
      .insertInto('crmLabelMappings')
      .values([{ ...row('4201', itemsA[0], null, 0), crmCode: 'lixiao' }])
      .execute();
    await t.db
      .insertInto('crmLabelMappings')
      .values([{ ...row('4102', itemsA[0], null, 0), customerId: customerB }])
      .execute();

    const form = await ingestLead(t, keyA, lead({ channelId: channel, resType: 1 }));
    const chat = await ingestLead(t, keyA, lead({ channelId: channel, resType: 2 }));
    const noChannel = await ingestLead(t, keyA, lead({ resType: 2 }));
    const otherProject = await ingestLead(t, keyA, lead({ itemId: itemsA[1] }));
    const unlabelled = await ingestLead(t, keyA, lead({ itemId: itemsA[2], channelId: channel, resType: 2 }));
    expect(await testWorker(t, clock).drain()).toBe(5);
    // ec sets them after the create (label/update): the fake keeps them on the record.
    const labelsOf = async (id: number) => (recordsOf((await storedLead(t.db, id)).mobile)[0] as EcFakeRecord).labels;
    expect(await labelsOf(form)).toEqual([4101]);
    expect(await labelsOf(chat)).toEqual([4101, 4201]);
    expect(await labelsOf(noChannel)).toEqual([4101]);
    expect(await labelsOf(otherProject)).toEqual([4102]);
    expect(await labelsOf(unlabelled)).toEqual([]);

    // The delivery log keeps the labels sent.
    const [job] = (await jobsOf(t.db, customerA)).filter((candidate) => candidate.leadId === chat);
    const [attempt] = (await a.get(attemptsUrl(job.id))).json().data;
    expect(attempt.fields).toContainEqual({ code: 'labels', name: '标签', value: ['4101', '4201'] });
  });

  it('pushes what the distribution rules select: by region, by channel type', async () => {
    await t.db.insertInto('distributeRules').values({ customerId: customerA, crmCode: 'ec', type: 1 }).execute();
    await t.db
      .insertInto('distributeRuleRows')
      .values({ customerId: customerA, crmCode: 'ec', kind: 'area', provinceList: JSON.stringify(['广东', '广西']) })
      .execute();
    const south = await ingestLead(t, keyA, lead({ province: '广东省' }));
    const byRegion = await ingestLead(t, keyA, lead({ region: '广西壮族自治区 南宁' }));
    await ingestLead(t, keyA, lead({ province: '北京' }));
    await ingestLead(t, keyA, lead());
    expect((await jobsOf(t.db, customerA)).map((job) => job.leadId)).toEqual([south, byRegion]);

    await clearPushes(t.db);
    await t.db.updateTable('distributeRules').set({ type: 2 }).where('customerId', '=', customerA).execute();
    await t.db.insertInto('distributeRuleRows').values({ customerId: customerA, crmCode: 'ec', kind: 'channelType', channelType: 1 }).execute();
    const bidding = channelsA.find((channel) => channel.channelType === 1)!;
    const feed = channelsA.find((channel) => channel.channelType === 2)!;
    const selected = await ingestLead(t, keyA, lead({ channelId: bidding.id }));
    await ingestLead(t, keyA, lead({ channelId: feed.id }));
    await ingestLead(t, keyA, lead());
    expect((await jobsOf(t.db, customerA)).map((job) => job.leadId)).toEqual([selected]);
    await testWorker(t, clock).drain();
    expect(fake.records.map((record) => record.mobile)).toEqual([(await storedLead(t.db, selected)).mobile]);
  });

  it('retries a push the CRM could not take (5xx) on the schedule, and it arrives once after the CRM recovers', async () => {
    const id = await ingestLead(t, keyA, lead());
    const mobile = (await storedLead(t.db, id)).mobile;
    fake.fail({ kind: '5xx' });
    const worker = testWorker(t, clock);
    await worker.drain();
    let [job] = await jobsOf(t.db, customerA);
    expect(job).toMatchObject({ status: PushStatus.Pending, attempts: 1 });
    expect(Number(job.nextAttemptAt) - clock.now()).toBeGreaterThan(RETRY_SCHEDULE_MS[0] - 2000);
    // Not due yet: nothing is tried.
    expect(await worker.drain()).toBe(0);
    clock.advance(pastStep(1));
    await worker.drain();
    [job] = await jobsOf(t.db, customerA);
    expect(job).toMatchObject({ status: PushStatus.Pending, attempts: 2 });
    expect(job.lastReason).toContain('HTTP 502');
    fake.recover();
    clock.advance(pastStep(2));
    await worker.drain();
    expect(recordsOf(mobile)).toHaveLength(1);
    [job] = await jobsOf(t.db, customerA);
    expect(job).toMatchObject({ status: PushStatus.Delivered, attempts: 3 });
    const attempts = (await a.get(attemptsUrl(job.id))).json().data;
    expect(attempts.map((attempt: { outcome: string }) => attempt.outcome)).toEqual(['retry', 'retry', 'delivered']);
    expect(attempts[0].nextRetryAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Two failed calls, then a delivery: the run of failures is over.
    expect((await a.get(CONNECTION, { query: { crmCode: 'ec' } })).json().data).toMatchObject({ paused: false, consecutiveFailures: 0, pending: 0 });
  });

  it("waits out a rate limit's Retry-After, without counting it as a failure of the connection", async () => {
    await ingestLead(t, keyA, lead());
    fake.fail({ kind: 'rateLimit', retryAfterSeconds: 600, times: 1 });
    await testWorker(t, clock).drain();
    const [job] = await jobsOf(t.db, customerA);
    expect(job.status).toBe(PushStatus.Pending);
    expect(Number(job.nextAttemptAt) - clock.now()).toBeGreaterThan(590_000);
    expect((await a.get(CONNECTION, { query: { crmCode: 'ec' } })).json().data.consecutiveFailures).toBe(0);
  });

  it("keeps a refusal with the CRM's reason, never retries it, and pushes it again on request", async () => {
    const id = await ingestLead(t, keyA, lead());
    fake.fail({ kind: 'refuse' });
    const worker = testWorker(t, clock);
    await worker.drain();
    const [job] = await jobsOf(t.db, customerA);
    expect(job).toMatchObject({ status: PushStatus.Refused, lastReason: '客户信息不合规（模拟拒绝）', attempts: 1 });
    const calls = fake.calls['/customer/addCustomer'];
    clock.advance(3 * 24 * 3600_000);
    expect(await worker.drain()).toBe(0);
    expect(fake.calls['/customer/addCustomer']).toBe(calls);
    const log = (await a.get(LOG, { query: { crmCode: 'ec', status: 'refused' } })).json();
    expect(log).toEqual([expect.objectContaining({ id: job.id, status: 'refused', lastReason: '客户信息不合规（模拟拒绝）' })]);
    expect((await a.get(LOG, { query: { crmCode: 'ec', status: 'delivered' } })).json()).toEqual([]);
    expect(await storedLead(t.db, id)).toMatchObject({ crmPushed: 0, crmFollower: null });

    // Only refused and failed pushes go again.
    fake.recover();
    expect((await a.post(retryUrl(job.id))).json()).toEqual({ code: '200', message: CrmMessage.RetryQueued, data: { count: 1 } });
    expectError(await a.post(retryUrl(job.id)), 409, CrmMessage.PushNotRetryable);
    await worker.drain();
    expect(recordsOf((await storedLead(t.db, id)).mobile)).toHaveLength(1);
    expectError(await a.post(retryUrl(job.id)), 409, CrmMessage.PushNotRetryable);
    const attempts = (await a.get(attemptsUrl(job.id))).json().data;
    expect(attempts.map((attempt: { attemptNo: number; outcome: string }) => [attempt.attemptNo, attempt.outcome])).toEqual([
      [1, 'refused'],
      [2, 'delivered'],
    ]);
  });

  it('gives a push up after the last step with a notice, and retry-all pushes the failed ones of the filter', async () => {
    const before = (await noticesOf(customerA, PushNotice.FailedTitle)).length;
    const ids = [await ingestLead(t, keyA, lead()), await ingestLead(t, keyA, lead())];
    fake.fail({ kind: '5xx' });
    const worker = testWorker(t, clock, { schedule: [1000, 1000], pauseAfter: 100 });
    for (let round = 0; round < 3; round += 1) {
      await worker.drain();
      clock.advance(2000);
    }
    expect((await jobsOf(t.db, customerA)).map((job) => [job.status, job.attempts])).toEqual([
      ['failed', 3],
      ['failed', 3],
    ]);
    const notices = await noticesOf(customerA, PushNotice.FailedTitle);
    expect(notices).toHaveLength(before + 1);
    expect(notices[notices.length - 1].contents).toContain('2条线索推送到EC');
    expect((await a.get(CONNECTION, { query: { crmCode: 'ec' } })).json().data).toMatchObject({ failed: 2, pending: 0 });

    fake.recover();
    const mobile = (await storedLead(t.db, ids[0])).mobile;
    // A filter that matches one of them requeues that one only.
    expect((await a.post(RETRY_FAILED, { crmCode: 'ec', phone: mobile })).json()).toEqual({
      code: '200',
      message: CrmMessage.RetryQueued,
      data: { count: 1 },
    });
    expect((await a.post(RETRY_FAILED, { crmCode: 'ec' })).json().data).toEqual({ count: 1 });
    expect((await a.post(RETRY_FAILED, { crmCode: 'ec' })).json().data).toEqual({ count: 0 });
    await worker.drain();
    expect(fake.records).toHaveLength(2);
    expect((await jobsOf(t.db, customerA)).map((job) => job.status)).toEqual(['delivered', 'delivered']);
  });

  it('pauses the connection after a run of failures with one notice; jobs wait; a probe or the customer resumes it', async () => {
    const before = (await noticesOf(customerA, PushNotice.PausedTitle)).length;
    await ingestLead(t, keyA, lead());
    fake.fail({ kind: '5xx' });
    const worker = testWorker(t, clock);
    await worker.drain();
    for (let attempt = 1; attempt < 5; attempt += 1) {
      clock.advance(pastStep(attempt));
      await worker.drain();
    }
    const connection = (await a.get(CONNECTION, { query: { crmCode: 'ec' } })).json().data;
    expect(connection).toMatchObject({ paused: true, consecutiveFailures: 5, pending: 1, pausedAt: expect.stringMatching(/^\d{4}-/) });
    expect(await noticesOf(customerA, PushNotice.PausedTitle)).toHaveLength(before + 1);

    // Paused: a new lead's job waits, due or not (no probe yet).
    fake.recover();
    const waiting = await ingestLead(t, keyA, lead());
    const calls = fake.calls['/customer/addCustomer'] ?? 0;
    expect(await worker.drain()).toBe(0);
    expect(fake.calls['/customer/addCustomer'] ?? 0).toBe(calls);
    expect((await jobsOf(t.db, customerA)).map((job) => job.status)).toEqual(['pending', 'pending']);

    // A probe a little later (the one due job): it succeeds, the connection resumes, and the push
    // that was backing off is due at once: the backlog drains without waiting out its backoff.
    clock.advance(60_000 + 1000);
    await worker.drain();
    expect(recordsOf((await storedLead(t.db, waiting)).mobile)).toHaveLength(1);
    expect((await jobsOf(t.db, customerA)).map((job) => job.status)).toEqual(['delivered', 'delivered']);
    expect((await a.get(CONNECTION, { query: { crmCode: 'ec' } })).json().data).toMatchObject({ paused: false, consecutiveFailures: 0, pending: 0 });
    expect(await noticesOf(customerA, PushNotice.PausedTitle)).toHaveLength(before + 1);

    // The customer resumes a paused connection.
    await t.db
      .updateTable('crmAccounts')
      .set({ pausedAt: '2026-01-01 00:00:00', consecutiveFailures: 5 })
      .where('customerId', '=', customerA)
      .execute();
    expect((await a.get(CONNECTION, { query: { crmCode: 'ec' } })).json().data.paused).toBe(true);
    expect((await a.post(RESUME, { crmCode: 'ec' })).json()).toEqual({ code: '200', message: CrmMessage.ConnectionResumed, data: {} });
    expect((await a.get(CONNECTION, { query: { crmCode: 'ec' } })).json().data).toMatchObject({ paused: false, consecutiveFailures: 0 });
  });

  it('pushes the leads of manual assignment mode 3 (rules do not apply), once', async () => {
    await t.db.insertInto('distributeRules').values({ customerId: customerA, crmCode: 'ec', type: 1 }).execute();
    const id = await ingestLead(t, keyA, lead({ province: '西藏' }));
    expect(await jobsOf(t.db, customerA)).toEqual([]);
    const response = await a.put(BY_PUSH, { resourceList: [{ id, tableName: 'resource' }] });
    expect(response.json()).toEqual({ code: '200', message: '操作成功：已提交推送1条', data: { count: 1 } });
    expect(await jobsOf(t.db, customerA)).toEqual([expect.objectContaining({ leadId: id, origin: 'manual', status: 'pending' })]);
    expectError(await a.put(BY_PUSH, { resourceList: [{ id, tableName: 'resource' }] }), 400);
    await testWorker(t, clock).drain();
    expect(recordsOf((await storedLead(t.db, id)).mobile)).toHaveLength(1);
    expect(await storedLead(t.db, id)).toMatchObject({ crmPushed: 1, crmFollower: expect.any(String) });
    // Pushed: no assignment of any mode.
    expectError(await a.put(BY_PUSH, { resourceList: [{ id, tableName: 'resource' }] }), 400);
  });

  it("keeps customer B out of A's push log, attempts, retries and connection", async () => {
    const id = await ingestLead(t, keyA, lead());
    fake.fail({ kind: 'refuse' });
    await testWorker(t, clock).drain();
    const [job] = await jobsOf(t.db, customerA);
    expect((await b.get(LOG, { query: { crmCode: 'ec' } })).json()).toEqual([]);
    expectError(await b.get(attemptsUrl(job.id)), 404, CrmMessage.PushNotFound);
    expectError(await b.post(retryUrl(job.id)), 404, CrmMessage.PushNotFound);
    expect((await b.post(RETRY_FAILED, { crmCode: 'ec' })).json().data).toEqual({ count: 0 });
    expectError(await b.post(RESUME, { crmCode: 'ec' }), 404);
    expect((await b.get(CONNECTION, { query: { crmCode: 'ec' } })).json().data).toMatchObject({ failed: 0, pending: 0 });
    expect((await jobsOf(t.db, customerA))[0]).toMatchObject({ status: 'refused', attempts: 1 });
    expectError(await a.get(attemptsUrl(2_147_483_647)), 404, CrmMessage.PushNotFound);
    expectError(await a.get('/rest/es/crmpushlog/abc/attempts'), 400);
    expectError(await a.get(LOG, { query: { crmCode: 'nope' } }), 400, CrmMessage.CrmCodeInvalid);
    expectError(await a.get(LOG, { query: { crmCode: 'ec', phone: "1' or 1=1" } }), 400);
    expectError(await t.client().get(LOG, { query: { crmCode: 'ec' } }), 401, CommonMessage.NotLoggedIn);
    expect(await storedLead(t.db, id)).toMatchObject({ crmPushed: 0 });
  });

  it('pages the log with the pagination headers, newest first', async () => {
    for (let i = 0; i < 3; i += 1) await ingestLead(t, keyA, lead({ name: `客户${i}` }));
    const page = await a.get(LOG, { query: { crmCode: 'ec', page: '2', pageSize: '2' } });
    expect(JSON.parse(page.headers['x-pagination-info'] as string)).toMatchObject({ rows: 1, count: 3, page: 2, pageSize: 2, totalPage: 2 });
    expect(page.headers.link).toContain('rel="first"');
    expect(page.json().map((row: { leadName: string }) => row.leadName)).toEqual(['客户0']);
    expect(page.json()[0]).toMatchObject({ status: 'pending', nextAttemptAt: expect.stringMatching(/^\d{4}-/) });
  });

  it('deletes log rows older than 90 days in bounded sweeps, never a waiting push', async () => {
    await ingestLead(t, keyA, lead());
    await ingestLead(t, keyA, lead());
    await testWorker(t, clock).drain();
    const old = clock.now() - 91 * 24 * 3600_000;
    const [first, second] = await jobsOf(t.db, customerA);
    await t.db.updateTable('crmPushJobs').set({ createdAt: old }).execute();
    await t.db.updateTable('crmPushJobs').set({ status: 'pending' }).where('id', '=', second.id).execute();
    await t.db.updateTable('crmPushAttempts').set({ startedMs: old }).execute();
    const swept = await testWorker(t, clock, { sweepLimit: 1 }).sweep();
    expect(swept).toEqual({ attempts: 1, jobs: 1 });
    expect((await jobsOf(t.db, customerA)).map((job) => job.id)).toEqual([second.id]);
    expect(first.id).not.toBe(second.id);
    await testWorker(t, clock).sweep();
    expect(await t.db.selectFrom('crmPushAttempts').select('id').execute()).toEqual([]);
  });
});
