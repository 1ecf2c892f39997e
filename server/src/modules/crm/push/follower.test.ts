import { CRM_CODES, type CrmCode } from '@portal/contracts';
import { PushStatus } from '@portal/contracts/crm';
import { demoClients, dialects, startApp, type TestApp } from '../../../test/harness';
import { EC_CREDENTIALS, HUOBAN_CREDENTIALS, LIXIAO_CREDENTIALS, startCrmSandbox, XBB_CREDENTIALS, type CrmSandbox } from '../../../test/fake-crm';
import { customerIdOf, itemIdsOf, storedLead } from '../../../test/leads';
import type { CrmAccountParams } from '../connectors/types';
import { clearPushes, freshMobile, ingestLead, jobsOf, saveAccount, TestClock, testWorker } from './testing';

/**
 * The CRM push carries the lead's receiver as the record's follower when that staff member was
 * synced from the CRM pushed to; any other lead gets the account's default follower, as before.
 * The receiver is set on the stored lead directly (as the distribution engine or a manual
 * assignment leaves it), so these tests need no schedule.
 */

interface CrmCase {
  account: CrmAccountParams;
  /** A staff member of the fake CRM (not the default). */
  staffId: string;
  /** The follower the account gives a record without one (undefined: none is sent). */
  defaultId: string | undefined;
  /** The reason the fake refuses an unknown follower with. */
  unknownRefusal: string;
  /** The follower a created record carries, as text. */
  followerIn(body: Record<string, unknown>): string | undefined;
}

const HUOBAN_OWNER_FIELD = '2200000008';
const firstOf = (value: unknown): unknown => (Array.isArray(value) ? value[0] : undefined);
const text = (value: unknown): string | undefined => (value == null ? undefined : String(value));

const CASES: Record<CrmCode, CrmCase> = {
  ec: {
    account: EC_CREDENTIALS,
    staffId: '8003',
    defaultId: EC_CREDENTIALS.param5 ?? undefined,
    unknownRefusal: '跟进人不存在',
    followerIn: (body) => text(body.followUserId),
  },
  lixiao: {
    // param4 is the edition: a record without a receiver gets no owner (the CRM's logged-in user).
    account: LIXIAO_CREDENTIALS,
    staffId: '5002',
    defaultId: undefined,
    unknownRefusal: '负责人不存在',
    followerIn: (body) => text(body.user_id),
  },
  xbb: {
    account: XBB_CREDENTIALS,
    staffId: 'xbb-user-2',
    defaultId: undefined,
    unknownRefusal: '负责人成员不存在',
    followerIn: (body) => text(firstOf(body.ownerId)),
  },
  huoban: {
    account: HUOBAN_CREDENTIALS,
    staffId: '11002',
    defaultId: undefined,
    unknownRefusal: '字段[负责人]的成员不存在',
    // The owner field is an array of member ids (review H8).
    followerIn: (body) => text(firstOf(body[HUOBAN_OWNER_FIELD])),
  },
};

describe.each(dialects())("the lead's receiver as the CRM follower on %s", (dialect) => {
  let t: TestApp;
  let sandbox: CrmSandbox;
  let customerA: number;
  let itemA: number;
  let keyA: string;
  let clock: TestClock;
  let staffSeq = 0;

  /** A staff member of customer A: synced from `crmCode` with `crmUserId`, or entered by hand (null). */
  const staff = async (crmCode: CrmCode | null, crmUserId: string | null): Promise<{ id: number; userName: string }> => {
    const userName = `员工${(staffSeq += 1)}`;
    const row = await t.db
      .insertInto('crmUsers')
      .values({ customerId: customerA, userName, crmCode, crmUserId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, userName };
  };

  /** Ingests a lead and gives it to `receiver` (when given), as the engine or a manual assignment does. */
  const leadFor = async (receiver?: { id: number; userName: string }): Promise<number> => {
    const id = await ingestLead(t, keyA, { listKind: 'resource', itemId: itemA, name: '孙先生', mobile: freshMobile() });
    await t.db
      .updateTable('leads')
      .set({ crmFollower: receiver?.userName ?? null, crmFollowerId: receiver?.id ?? null })
      .where('id', '=', id)
      .execute();
    return id;
  };

  const bodyOf = async (crmCode: CrmCode, leadId: number): Promise<Record<string, unknown>> => {
    const { mobile } = await storedLead(t.db, leadId);
    const found = sandbox.fakes[crmCode].records.filter((record) => record.mobile === mobile);
    expect(found).toHaveLength(1);
    return found[0].body as Record<string, unknown>;
  };

  beforeAll(async () => {
    sandbox = await startCrmSandbox();
    t = await startApp(dialect, { crm: { baseUrls: sandbox.urls } });
    customerA = await customerIdOf(t.db, 'demo');
    [itemA] = await itemIdsOf(t.db, customerA);
    const { a } = await demoClients(t);
    keyA = (await a.get('/rest/customer/account/ingest-key')).json().data.key;
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });
  beforeEach(async () => {
    clock = new TestClock();
    for (const code of CRM_CODES) sandbox.fakes[code].reset();
    await clearPushes(t.db);
    // No schedule: every lead is pushed at once, whatever the distribution engine does.
    await t.db.deleteFrom('dailyArrangements').where('customerId', '=', customerA).execute();
    for (const table of ['distributeRules', 'crmFieldMappings', 'crmLabelMappings'] as const) {
      await t.db.deleteFrom(table).where('customerId', '=', customerA).execute();
    }
    await t.db.deleteFrom('crmAccounts').where('customerId', '=', customerA).execute();
  });

  it.each(CRM_CODES)(
    '%s: a receiver synced from this CRM is the follower; one from another CRM, one entered by hand, or none gets the default',
    async (crmCode) => {
      const crm = CASES[crmCode];
      await saveAccount(t.db, customerA, crm.account);
      const synced = await staff(crmCode, crm.staffId);
      const otherCrm = await staff(CRM_CODES.find((code) => code !== crmCode) as CrmCode, crm.staffId);
      const byHand = await staff(null, null);
      const ids = {
        synced: await leadFor(synced),
        otherCrm: await leadFor(otherCrm),
        byHand: await leadFor(byHand),
        none: await leadFor(),
      };
      expect(await testWorker(t, clock).drain()).toBe(4);
      expect((await jobsOf(t.db, customerA, crmCode)).map((job) => job.status)).toEqual(Array(4).fill(PushStatus.Delivered));

      expect(crm.followerIn(await bodyOf(crmCode, ids.synced))).toBe(crm.staffId);
      for (const id of [ids.otherCrm, ids.byHand, ids.none]) expect(crm.followerIn(await bodyOf(crmCode, id))).toBe(crm.defaultId);

      // Delivered: each lead keeps its receiver; the one without gets the account's follower.
      expect(await storedLead(t.db, ids.synced)).toMatchObject({ crmPushed: 1, crmFollower: synced.userName, crmFollowerId: synced.id });
      expect(await storedLead(t.db, ids.otherCrm)).toMatchObject({ crmPushed: 1, crmFollower: otherCrm.userName, crmFollowerId: otherCrm.id });
      expect(await storedLead(t.db, ids.byHand)).toMatchObject({ crmPushed: 1, crmFollower: byHand.userName, crmFollowerId: byHand.id });
      expect(await storedLead(t.db, ids.none)).toMatchObject({ crmPushed: 1, crmFollower: expect.any(String), crmFollowerId: null });

      // The delivery log keeps the follower sent.
      const [job] = (await jobsOf(t.db, customerA, crmCode)).filter((candidate) => candidate.leadId === ids.synced);
      const attempt = await t.db.selectFrom('crmPushAttempts').select('fields').where('jobId', '=', job.id).executeTakeFirstOrThrow();
      expect(JSON.parse(attempt.fields)).toContainEqual({ code: 'followerId', name: '跟进人', value: crm.staffId });
    },
  );

  it.each(CRM_CODES)('%s: a follower the CRM does not know is refused, never retried, and the lead keeps its receiver', async (crmCode) => {
    const crm = CASES[crmCode];
    await saveAccount(t.db, customerA, crm.account);
    const gone = await staff(crmCode, '9999999');
    const id = await leadFor(gone);
    const worker = testWorker(t, clock);
    await worker.drain();
    expect(await jobsOf(t.db, customerA, crmCode)).toEqual([
      expect.objectContaining({ leadId: id, status: PushStatus.Refused, lastReason: crm.unknownRefusal, attempts: 1 }),
    ]);
    clock.advance(3 * 24 * 3600_000);
    expect(await worker.drain()).toBe(0);
    expect(sandbox.fakes[crmCode].records).toHaveLength(0);
    expect(await storedLead(t.db, id)).toMatchObject({ crmPushed: 0, crmFollower: gone.userName, crmFollowerId: gone.id });
  });
});
