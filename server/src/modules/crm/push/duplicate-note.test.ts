import { CRM_CODES, type CrmCode } from '@portal/contracts';
import { PushStatus } from '@portal/contracts/crm';
import { DUPLICATE_NOTE_CRMS, DuplicateText } from '@portal/contracts/leads';
import { demoClients, dialects, startApp, type TestApp, type TestClient } from '../../../test/harness';
import { EC_CREDENTIALS, HUOBAN_CREDENTIALS, LIXIAO_CREDENTIALS, startCrmSandbox, XBB_CREDENTIALS, type CrmSandbox } from '../../../test/fake-crm';
import { ecRecords } from '../../../test/fake-crm/ec';
import { customerIdOf, itemIdsOf, storedLead } from '../../../test/leads';
import type { CrmAccountParams } from '../connectors/types';
import { clearPushes, freshMobile, ingestLead, jobsOf, pushAtOnce, saveAccount, TestClock, testWorker } from './testing';

/**
 * The duplicate rule 'note' (issue 24): a duplicate is held back from distribution and push, and
 * a follow-up about it is written on the first lead's record in each CRM the first lead was
 * pushed to, through the CRM's follow-up call (ec trajectory/saveUserTrajectory, lixiao
 * revisit_logs, xbb communicate/add); 伙伴云 has none, and the push log says so.
 */

const ACCOUNTS: Record<CrmCode, CrmAccountParams> = {
  ec: EC_CREDENTIALS,
  lixiao: LIXIAO_CREDENTIALS,
  xbb: XBB_CREDENTIALS,
  huoban: HUOBAN_CREDENTIALS,
};
/** The path of each CRM's follow-up call, as the fake counts its calls. */
const FOLLOW_UP_PATH: Record<(typeof DUPLICATE_NOTE_CRMS)[number], string> = {
  ec: 'trajectory/saveUserTrajectory',
  lixiao: 'revisit_logs',
  xbb: 'communicate/add',
};
const RULES = '/rest/customer/lead-rules';
const NOTE_RULE = { duplicateWindowDays: 30, duplicateScope: 'customer', duplicateAction: 'note' };
const HOLD_RULE = { ...NOTE_RULE, duplicateAction: 'hold' };

describe.each(dialects())('a duplicate noted on its first lead’s CRM record on %s', (dialect) => {
  let t: TestApp;
  let sandbox: CrmSandbox;
  let a: TestClient;
  let customerA: number;
  let itemA: number;
  let keyA: string;
  let clock: TestClock;

  const followUpCalls = (crmCode: (typeof DUPLICATE_NOTE_CRMS)[number]): number =>
    Object.entries(sandbox.fakes[crmCode].calls)
      .filter(([path]) => path.endsWith(FOLLOW_UP_PATH[crmCode]))
      .reduce((sum, [, count]) => sum + count, 0);
  const ingest = (mobile: string, resType = 1) => ingestLead(t, keyA, { listKind: 'resource', itemId: itemA, name: '钱女士', mobile, resType });
  const jobOf = async (crmCode: CrmCode, leadId: number) => (await jobsOf(t.db, customerA, crmCode)).find((job) => job.leadId === leadId);

  beforeAll(async () => {
    sandbox = await startCrmSandbox();
    t = await startApp(dialect, { crm: { baseUrls: sandbox.urls } });
    customerA = await customerIdOf(t.db, 'demo');
    [itemA] = await itemIdsOf(t.db, customerA);
    ({ a } = await demoClients(t));
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
    await pushAtOnce(t.db, [customerA]);
    expect((await a.put(RULES, NOTE_RULE)).statusCode).toBe(200);
  });
  afterEach(async () => {
    await a.put(RULES, HOLD_RULE);
  });

  it('the connectors with a follow-up call are the ones the rule names', () => {
    expect(CRM_CODES.filter((code) => t.app.crm.connector(code).followUp !== undefined)).toEqual([...DUPLICATE_NOTE_CRMS]);
  });

  it.each(DUPLICATE_NOTE_CRMS)(
    '%s: the chat lead repeating a pushed form lead becomes a follow-up on its record, not a record of its own',
    async (crmCode) => {
      await saveAccount(t.db, customerA, ACCOUNTS[crmCode]);
      const mobile = freshMobile();
      const first = await ingest(mobile);
      expect(await testWorker(t, clock).drain()).toBe(1);
      expect(sandbox.fakes[crmCode].records).toHaveLength(1);

      const duplicate = await ingest(mobile, 2);
      expect(await jobOf(crmCode, duplicate)).toMatchObject({ origin: 'note', status: PushStatus.Pending });
      expect(await testWorker(t, clock).drain()).toBe(1);

      const firstJob = await jobOf(crmCode, first);
      expect(await jobOf(crmCode, duplicate)).toMatchObject({ status: PushStatus.Delivered, lastReason: DuplicateText.NoteWritten, attempts: 1 });
      expect(followUpCalls(crmCode)).toBe(1);
      // No second record: the CRM still holds the first lead's only.
      expect(sandbox.fakes[crmCode].records).toHaveLength(1);
      if (crmCode === 'ec') {
        const [record] = ecRecords(sandbox.fakes.ec);
        expect(String(record!.crmId)).toBe(firstJob!.crmId);
        expect(record!.trajectories).toEqual([
          expect.objectContaining({ content: expect.stringMatching(new RegExp(`^重复留资：钱女士（${mobile}）于.+与今天的表单线索重复$`)) }),
        ]);
      }
      // The duplicate itself stays held back: no receiver, not pushed.
      expect(await storedLead(t.db, duplicate)).toMatchObject({ duplicateOf: first, crmPushed: 0, crmFollower: null });
    },
  );

  it('伙伴云 has no follow-up call: the note is refused with that reason and never retried', async () => {
    await saveAccount(t.db, customerA, ACCOUNTS.huoban);
    const mobile = freshMobile();
    await ingest(mobile);
    await testWorker(t, clock).drain();
    const duplicate = await ingest(mobile);
    const worker = testWorker(t, clock);
    expect(await worker.drain()).toBe(1);
    expect(await jobOf('huoban', duplicate)).toMatchObject({ origin: 'note', status: PushStatus.Refused, lastReason: DuplicateText.NoteUnsupported });
    clock.advance(3 * 86_400_000);
    expect(await worker.drain()).toBe(0);
    expect(sandbox.fakes.huoban.records).toHaveLength(1);
  });

  it('waits, uncounted, while the first lead’s push is on its way, and is written once it is delivered', async () => {
    await saveAccount(t.db, customerA, ACCOUNTS.ec);
    const mobile = freshMobile();
    const first = await ingest(mobile);
    const duplicate = await ingest(mobile);
    sandbox.fakes.ec.fail({ kind: '5xx' });
    const worker = testWorker(t, clock);
    await worker.runOnce();
    expect(await jobOf('ec', first)).toMatchObject({ status: PushStatus.Pending, attempts: 1 });
    expect(await jobOf('ec', duplicate)).toMatchObject({ status: PushStatus.Pending, attempts: 0 });
    expect(followUpCalls('ec')).toBe(0);

    sandbox.fakes.ec.recover();
    clock.advance(60 * 60_000);
    await worker.drain();
    expect(await jobOf('ec', first)).toMatchObject({ status: PushStatus.Delivered });
    expect(await jobOf('ec', duplicate)).toMatchObject({ status: PushStatus.Delivered, attempts: 1, lastReason: DuplicateText.NoteWritten });
    expect(ecRecords(sandbox.fakes.ec)[0]!.trajectories).toHaveLength(1);
  });

  it('a first lead the CRM refused has no record to note on: refused with that reason', async () => {
    await saveAccount(t.db, customerA, ACCOUNTS.ec);
    const mobile = freshMobile();
    const first = await ingest(mobile);
    sandbox.fakes.ec.fail({ kind: 'refuse' });
    await testWorker(t, clock).drain();
    expect(await jobOf('ec', first)).toMatchObject({ status: PushStatus.Refused });
    sandbox.fakes.ec.recover();

    const duplicate = await ingest(mobile);
    await testWorker(t, clock).drain();
    expect(await jobOf('ec', duplicate)).toMatchObject({ status: PushStatus.Refused, lastReason: DuplicateText.NoteFirstNotPushed });
    expect(followUpCalls('ec')).toBe(0);
  });

  it('under the rule 不分配、不推送 no note is queued; a first lead pushed nowhere queues none', async () => {
    await saveAccount(t.db, customerA, ACCOUNTS.ec);
    const mobile = freshMobile();
    await ingest(mobile);
    await a.put(RULES, HOLD_RULE);
    const held = await ingest(mobile);
    expect(await jobOf('ec', held)).toBeUndefined();

    await a.put(RULES, NOTE_RULE);
    await t.db.deleteFrom('crmAccounts').where('customerId', '=', customerA).execute();
    const unpushed = freshMobile();
    await ingest(unpushed);
    await saveAccount(t.db, customerA, ACCOUNTS.ec);
    const noted = await ingest(unpushed);
    expect(await jobOf('ec', noted)).toBeUndefined();
  });
});
