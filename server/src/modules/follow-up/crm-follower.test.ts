import { CRM_CODES, type CrmCode } from '@portal/contracts';
import { PushStatus } from '@portal/contracts/crm';
import { scheduleEndpoints } from '@portal/contracts/endpoints';
import { FOLLOWER_CHANGE_CRMS, FollowUpText } from '@portal/contracts/schedule';
import { addDays, chinaToday } from '../../lib/time';
import { demoClients, dialects, startApp, type TestApp, type TestClient } from '../../test/harness';
import { EC_CREDENTIALS, HUOBAN_CREDENTIALS, startCrmSandbox, type CrmSandbox } from '../../test/fake-crm';
import type { CrmAccountParams } from '../crm/connectors/types';
import { ecRecords } from '../../test/fake-crm/ec';
import { customerIdOf } from '../../test/leads';
import { freshMobile, ingestLead, jobsOf, saveAccount, TestClock, testWorker } from '../crm/push/testing';
import { newItem, newStaff, setDay } from '../distribution/testing';
import { runFollowUpSweep } from './service';

/*
 * A recycled lead's CRM record follows it (issue 24): after the follow-up sweep hands a pushed
 * lead to the next person on shift, the push worker changes the record's follower to the new
 * receiver, when that person was synced from the CRM: EC customer/change/user, 伙伴云 PUT item/{id}
 * with the owner field; each fake checks the call as the real one does. Customer A is demo2 (no
 * CRM setup in the seed).
 */

interface CrmCase {
  crmCode: (typeof FOLLOWER_CHANGE_CRMS)[number];
  account: CrmAccountParams;
  /** The CRM user ids of two staff members the fake knows. */
  ids: [string, string];
  /** The follower the record was created with. */
  createdWith(sandbox: CrmSandbox, crmId: string): string | undefined;
  /** The followers it was given after, in order. */
  givenAfter(sandbox: CrmSandbox, crmId: string): string[];
}

const HUOBAN_OWNER_FIELD = '2200000008';
const huobanOwner = (sandbox: CrmSandbox, crmId: string): unknown =>
  (sandbox.fakes.huoban.records.find((record) => record.crmId === crmId)!.body as Record<string, unknown>)[HUOBAN_OWNER_FIELD];

const CASES: CrmCase[] = [
  {
    crmCode: 'ec',
    account: EC_CREDENTIALS,
    ids: ['8002', '8003'],
    createdWith: (sandbox, crmId) => {
      const body = ecRecords(sandbox.fakes.ec).find((record) => record.crmId === crmId)!.body as { followUserId?: number };
      return body.followUserId === undefined ? undefined : String(body.followUserId);
    },
    givenAfter: (sandbox, crmId) =>
      ecRecords(sandbox.fakes.ec)
        .find((record) => record.crmId === crmId)!
        .followers.map(String),
  },
  {
    // The fake's item holds its fields as they are now: the owner field after PUT, else as created.
    crmCode: 'huoban',
    account: HUOBAN_CREDENTIALS,
    ids: ['11001', '11002'],
    createdWith: () => undefined,
    givenAfter: (sandbox, crmId) => {
      const owner = huobanOwner(sandbox, crmId);
      return Array.isArray(owner) ? owner.map(String) : [];
    },
  },
];

const RULES = '/rest/customer/follow-up-rules';
const MINUTE = 60_000;

describe.each(dialects().flatMap((dialect) => CASES.map((crm) => [dialect, crm.crmCode, crm] as const)))(
  'the CRM follower of a recycled lead on %s, %s',
  (dialect, crmCode, crm) => {
    let t: TestApp;
    let sandbox: CrmSandbox;
    let a: TestClient;
    let customerA: number;
    let keyA: string;
    let clock: TestClock;
    /** Two staff synced from the CRM: the first receiver and the next on shift. */
    let syncedItem: number;
    /** One synced from the CRM, then one entered by hand. */
    let byHandItem: number;

    /** A staff member of A synced from the CRM with its CRM user id. */
    const syncedStaff = async (userName: string, crmUserId: string): Promise<number> =>
      (
        await t.db
          .insertInto('crmUsers')
          .values({ customerId: customerA, userName, phone: '', deptName: '销售部', crmCode, crmUserId })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const changeOf = (leadId: number) => t.db.selectFrom('crmFollowerChanges').selectAll().where('leadId', '=', leadId).executeTakeFirst();
    const jobOf = async (leadId: number) => (await jobsOf(t.db, customerA, crmCode as CrmCode)).find((candidate) => candidate.leadId === leadId);
    const ingestPushed = async (itemId: number): Promise<{ id: number; crmId: string; due: number }> => {
      const id = await ingestLead(t, keyA, { listKind: 'resource', itemId, name: '郑先生', mobile: freshMobile() });
      await testWorker(t, clock).drain();
      const job = await jobOf(id);
      expect(job).toMatchObject({ status: PushStatus.Delivered });
      const lead = await t.db.selectFrom('leads').select('followUpDue').where('id', '=', id).executeTakeFirstOrThrow();
      return { id, crmId: job!.crmId!, due: Date.parse(lead.followUpDue!) };
    };
    /** The worker's clock past the sweep's moment (the change is due when the lead was recycled). */
    const pastSweep = (due: number) => clock.advance(due + 2000 - clock.now());
    /** The CRM user id of the lead's receiver now (a synced staff member's). */
    const receiverCrmId = async (id: number) =>
      ({ 同步甲: crm.ids[0], 同步乙: crm.ids[1] })[
        (await t.db.selectFrom('leads').select('crmFollower').where('id', '=', id).executeTakeFirstOrThrow()).crmFollower!
      ];

    beforeAll(async () => {
      sandbox = await startCrmSandbox();
      t = await startApp(dialect, { crm: { baseUrls: sandbox.urls } });
      ({ b: a } = await demoClients(t));
      customerA = await customerIdOf(t.db, 'demo2');
      keyA = (await a.get('/rest/customer/account/ingest-key')).json().data.key;
      await saveAccount(t.db, customerA, crm.account);
      syncedItem = await newItem(t.db, customerA, '回收同步项目');
      byHandItem = await newItem(t.db, customerA, '回收手填项目');
      const [first, next] = [await syncedStaff('同步甲', crm.ids[0]), await syncedStaff('同步乙', crm.ids[1])];
      const [byHand] = await newStaff(t.db, customerA, ['手填丙']);
      // Scheduled today and tomorrow: a deadline past China midnight still finds them on shift.
      for (const date of [chinaToday(), addDays(chinaToday(), 1)]) {
        await setDay(t.db, { customerId: customerA, crmCode, itemId: syncedItem, date }, [
          { userId: first, dataNum: 1, dataNumLimit: null },
          { userId: next, dataNum: 1, dataNumLimit: null },
        ]);
        await setDay(t.db, { customerId: customerA, crmCode, itemId: byHandItem, date }, [
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

    it('a pushed lead recycled to someone synced from the CRM has its record given to them', async () => {
      const { id, crmId, due } = await ingestPushed(syncedItem);
      const before = await receiverCrmId(id);
      if (crm.createdWith(sandbox, crmId) !== undefined) expect(crm.createdWith(sandbox, crmId)).toBe(before);
      expect(await changeOf(id)).toBeUndefined();

      expect(await runFollowUpSweep(t.db, t.app.events, new Date(due + 1000))).toEqual({ overdue: 1, recycled: 1 });
      expect(await changeOf(id)).toMatchObject({ crmCode, status: PushStatus.Pending, attempts: 0 });
      pastSweep(due);
      expect(await testWorker(t, clock).drain()).toBe(1);

      const after = await receiverCrmId(id);
      expect(after).toBeDefined();
      expect(after).not.toBe(before);
      expect(await changeOf(id)).toMatchObject({
        status: PushStatus.Delivered,
        attempts: 1,
        followerCrmId: after,
        lastReason: FollowUpText.CrmFollowerChanged,
      });
      expect(crm.givenAfter(sandbox, crmId)).toEqual([after]);
      // The lead's distribution record says so.
      const shown = await a.get(`/rest${scheduleEndpoints.leadDistribution.path.replace('{id}', String(id))}`);
      expect(shown.json().crmFollowerChanges).toEqual([
        {
          crmCode,
          status: PushStatus.Delivered,
          reason: FollowUpText.CrmFollowerChanged,
          time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        },
      ]);
      // Done: nothing is sent again.
      clock.advance(24 * 60 * MINUTE);
      expect(await testWorker(t, clock).drain()).toBe(0);
      expect(crm.givenAfter(sandbox, crmId)).toEqual([after]);
    });

    it('a new receiver entered by hand has no CRM user: the change is refused with that reason, the record keeps its follower', async () => {
      const { id, crmId, due } = await ingestPushed(byHandItem);
      const given = crm.givenAfter(sandbox, crmId);
      await runFollowUpSweep(t.db, t.app.events, new Date(due + 1000));
      expect((await t.db.selectFrom('leads').select('crmFollower').where('id', '=', id).executeTakeFirstOrThrow()).crmFollower).toBe('手填丙');
      pastSweep(due);
      await testWorker(t, clock).drain();
      expect(await changeOf(id)).toMatchObject({ status: PushStatus.Refused, lastReason: FollowUpText.CrmFollowerNotSynced });
      expect(crm.givenAfter(sandbox, crmId)).toEqual(given);
    });

    it('the CRM down: the change is retried on the schedule and made once the CRM answers', async () => {
      const { id, crmId, due } = await ingestPushed(syncedItem);
      await runFollowUpSweep(t.db, t.app.events, new Date(due + 1000));
      sandbox.fakes[crmCode].fail({ kind: '5xx' });
      pastSweep(due);
      await testWorker(t, clock).runOnce();
      expect(await changeOf(id)).toMatchObject({ status: PushStatus.Pending, attempts: 1 });
      sandbox.fakes[crmCode].recover();
      clock.advance(60 * MINUTE);
      await testWorker(t, clock).drain();
      expect(await changeOf(id)).toMatchObject({ status: PushStatus.Delivered, attempts: 2 });
      expect(crm.givenAfter(sandbox, crmId)).toEqual([await receiverCrmId(id)]);
    });

    it('a lead whose push the CRM refused has no record to change: no change is queued', async () => {
      const id = await ingestLead(t, keyA, { listKind: 'resource', itemId: syncedItem, name: '郑先生', mobile: freshMobile() });
      sandbox.fakes[crmCode].fail({ kind: 'refuse' });
      await testWorker(t, clock).drain();
      sandbox.fakes[crmCode].recover();
      expect(await jobOf(id)).toMatchObject({ status: PushStatus.Refused });
      const lead = await t.db.selectFrom('leads').select('followUpDue').where('id', '=', id).executeTakeFirstOrThrow();
      expect(await runFollowUpSweep(t.db, t.app.events, new Date(Date.parse(lead.followUpDue!) + 1000))).toMatchObject({ recycled: 1 });
      expect(await changeOf(id)).toBeUndefined();
    });
  },
);
