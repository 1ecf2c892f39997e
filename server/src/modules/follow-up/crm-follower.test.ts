import { CRM_CODES } from '@portal/contracts';
import { PushStatus } from '@portal/contracts/crm';
import { scheduleEndpoints } from '@portal/contracts/endpoints';
import { FOLLOWER_CHANGE_CRMS, FollowUpText } from '@portal/contracts/schedule';
import { addDays, chinaToday } from '../../lib/time';
import { demoClients, dialects, startApp, type TestApp, type TestClient } from '../../test/harness';
import { EC_CREDENTIALS, startCrmSandbox, type CrmSandbox } from '../../test/fake-crm';
import { ecRecords } from '../../test/fake-crm/ec';
import { customerIdOf } from '../../test/leads';
import { freshMobile, ingestLead, jobsOf, saveAccount, TestClock, testWorker } from '../crm/push/testing';
import { newItem, newStaff, setDay } from '../distribution/testing';
import { runFollowUpSweep } from './service';

/*
 * A recycled lead's CRM record follows it (issue 24): after the follow-up sweep hands a pushed
 * lead to the next person on shift, the push worker changes the record's follower in EC
 * (customer/change/user) to the new receiver, when that person was synced from EC; the fake EC
 * checks the call as the real one does. Customer A is demo2 (no CRM setup in the seed).
 */

const RULES = '/rest/customer/follow-up-rules';
const MINUTE = 60_000;

describe.each(dialects())('the CRM follower of a recycled lead on %s', (dialect) => {
  let t: TestApp;
  let sandbox: CrmSandbox;
  let a: TestClient;
  let customerA: number;
  let keyA: string;
  let clock: TestClock;
  /** Two staff synced from EC: the first receiver and the next on shift. */
  let syncedItem: number;
  /** One synced from EC, then one entered by hand. */
  let byHandItem: number;

  /** A staff member of A synced from EC with its EC user id. */
  const ecStaff = async (userName: string, crmUserId: string): Promise<number> =>
    (
      await t.db
        .insertInto('crmUsers')
        .values({ customerId: customerA, userName, phone: '', deptName: '销售部', crmCode: 'ec', crmUserId })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const changeOf = (leadId: number) => t.db.selectFrom('crmFollowerChanges').selectAll().where('leadId', '=', leadId).executeTakeFirst();
  const ingestPushed = async (itemId: number): Promise<{ id: number; crmId: string; due: number }> => {
    const id = await ingestLead(t, keyA, { listKind: 'resource', itemId, name: '郑先生', mobile: freshMobile() });
    await testWorker(t, clock).drain();
    const job = (await jobsOf(t.db, customerA)).find((candidate) => candidate.leadId === id);
    expect(job).toMatchObject({ status: PushStatus.Delivered });
    const lead = await t.db.selectFrom('leads').select('followUpDue').where('id', '=', id).executeTakeFirstOrThrow();
    return { id, crmId: job!.crmId!, due: Date.parse(lead.followUpDue!) };
  };
  /** The worker's clock past the sweep's moment (the change is due when the lead was recycled). */
  const pastSweep = (due: number) => clock.advance(due + 2000 - clock.now());
  /** The EC user id of the lead's receiver now (the synced staff's). */
  const EC_ID: Record<string, number> = { 同步甲: 8002, 同步乙: 8003 };
  const receiverEcId = async (id: number) =>
    EC_ID[(await t.db.selectFrom('leads').select('crmFollower').where('id', '=', id).executeTakeFirstOrThrow()).crmFollower!];
  const recordOf = (crmId: string) => ecRecords(sandbox.fakes.ec).find((record) => record.crmId === crmId)!;

  beforeAll(async () => {
    sandbox = await startCrmSandbox();
    t = await startApp(dialect, { crm: { baseUrls: sandbox.urls } });
    ({ b: a } = await demoClients(t));
    customerA = await customerIdOf(t.db, 'demo2');
    keyA = (await a.get('/rest/customer/account/ingest-key')).json().data.key;
    await saveAccount(t.db, customerA, EC_CREDENTIALS);
    syncedItem = await newItem(t.db, customerA, '回收同步项目');
    byHandItem = await newItem(t.db, customerA, '回收手填项目');
    const [first, next] = [await ecStaff('同步甲', '8002'), await ecStaff('同步乙', '8003')];
    const [byHand] = await newStaff(t.db, customerA, ['手填丙']);
    // Scheduled today and tomorrow: a deadline past China midnight still finds them on shift.
    for (const date of [chinaToday(), addDays(chinaToday(), 1)]) {
      await setDay(t.db, { customerId: customerA, crmCode: 'ec', itemId: syncedItem, date }, [
        { userId: first, dataNum: 1, dataNumLimit: null },
        { userId: next, dataNum: 1, dataNumLimit: null },
      ]);
      await setDay(t.db, { customerId: customerA, crmCode: 'ec', itemId: byHandItem, date }, [
        { userId: first, dataNum: 1, dataNumLimit: null },
        { userId: byHand!, dataNum: 1, dataNumLimit: null },
      ]);
    }
    for (const itemId of [syncedItem, byHandItem]) {
      const saved = await a.put(RULES, { itemId, deadlineMinutes: 60, workingHoursOnly: false, recycle: true, recycleLimit: 1 });
      expect(saved.statusCode).toBe(200);
    }
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });
  beforeEach(() => {
    clock = new TestClock();
  });

  it('the connectors that change a follower are the ones the contracts name', () => {
    expect(CRM_CODES.filter((code) => t.app.crm.connector(code).reassign !== undefined)).toEqual([...FOLLOWER_CHANGE_CRMS]);
  });

  it('a pushed lead recycled to someone synced from EC has its EC record given to them', async () => {
    const { id, crmId, due } = await ingestPushed(syncedItem);
    expect(recordOf(crmId).body).toMatchObject({ followUserId: 8002 });
    expect(await changeOf(id)).toBeUndefined();

    expect(await runFollowUpSweep(t.db, t.app.events, new Date(due + 1000))).toEqual({ overdue: 1, recycled: 1 });
    expect(await changeOf(id)).toMatchObject({ crmCode: 'ec', status: PushStatus.Pending, attempts: 0 });
    pastSweep(due);
    expect(await testWorker(t, clock).drain()).toBe(1);

    expect(await changeOf(id)).toMatchObject({
      status: PushStatus.Delivered,
      attempts: 1,
      followerCrmId: '8003',
      lastReason: FollowUpText.CrmFollowerChanged,
    });
    expect(recordOf(crmId).followers).toEqual([8003]);
    // The lead's distribution record says so.
    const shown = await a.get(`/rest${scheduleEndpoints.leadDistribution.path.replace('{id}', String(id))}`);
    expect(shown.json().crmFollowerChanges).toEqual([
      {
        crmCode: 'ec',
        status: PushStatus.Delivered,
        reason: FollowUpText.CrmFollowerChanged,
        time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      },
    ]);
    // Done: nothing is sent again.
    clock.advance(24 * 60 * MINUTE);
    expect(await testWorker(t, clock).drain()).toBe(0);
    expect(recordOf(crmId).followers).toEqual([8003]);
  });

  it('a new receiver entered by hand has no EC user: the change is refused with that reason, the record keeps its follower', async () => {
    const { id, crmId, due } = await ingestPushed(byHandItem);
    await runFollowUpSweep(t.db, t.app.events, new Date(due + 1000));
    expect((await t.db.selectFrom('leads').select('crmFollower').where('id', '=', id).executeTakeFirstOrThrow()).crmFollower).toBe('手填丙');
    pastSweep(due);
    await testWorker(t, clock).drain();
    expect(await changeOf(id)).toMatchObject({ status: PushStatus.Refused, lastReason: FollowUpText.CrmFollowerNotSynced });
    expect(recordOf(crmId).followers).toEqual([]);
  });

  it('EC down: the change is retried on the schedule and made once EC answers', async () => {
    const { id, crmId, due } = await ingestPushed(syncedItem);
    await runFollowUpSweep(t.db, t.app.events, new Date(due + 1000));
    sandbox.fakes.ec.fail({ kind: '5xx' });
    pastSweep(due);
    await testWorker(t, clock).runOnce();
    expect(await changeOf(id)).toMatchObject({ status: PushStatus.Pending, attempts: 1 });
    sandbox.fakes.ec.recover();
    clock.advance(60 * MINUTE);
    await testWorker(t, clock).drain();
    expect(await changeOf(id)).toMatchObject({ status: PushStatus.Delivered, attempts: 2 });
    const now = await receiverEcId(id);
    expect(now).toBeDefined();
    expect((recordOf(crmId).body as { followUserId?: number }).followUserId).not.toBe(now);
    expect(recordOf(crmId).followers).toEqual([now]);
  });

  it('a lead whose push EC refused has no record to change: no change is queued', async () => {
    const id = await ingestLead(t, keyA, { listKind: 'resource', itemId: syncedItem, name: '郑先生', mobile: freshMobile() });
    sandbox.fakes.ec.fail({ kind: 'refuse' });
    await testWorker(t, clock).drain();
    sandbox.fakes.ec.recover();
    expect((await jobsOf(t.db, customerA)).find((job) => job.leadId === id)).toMatchObject({ status: PushStatus.Refused });
    const lead = await t.db.selectFrom('leads').select('followUpDue').where('id', '=', id).executeTakeFirstOrThrow();
    expect(await runFollowUpSweep(t.db, t.app.events, new Date(Date.parse(lead.followUpDue!) + 1000))).toMatchObject({ recycled: 1 });
    expect(await changeOf(id)).toBeUndefined();
  });
});
