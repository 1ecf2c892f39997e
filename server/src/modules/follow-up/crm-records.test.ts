import { CRM_CODES } from '@portal/contracts';
import { PushStatus } from '@portal/contracts/crm';
import { FOLLOW_UP_RECORD_CRMS, FOLLOW_UP_RECORD_EVERY_MS } from '@portal/contracts/schedule';
import { addDays, chinaToday } from '../../lib/time';
import { demoClients, dialects, startApp, type TestApp, type TestClient } from '../../test/harness';
import { startCrmSandbox, XBB_CREDENTIALS, type CrmSandbox } from '../../test/fake-crm';
import { customerIdOf } from '../../test/leads';
import { xbbConnector } from '../crm/connectors/xbb';
import { freshMobile, ingestLead, jobsOf, saveAccount, TestClock, testWorker } from '../crm/push/testing';
import { newItem, setDay } from '../distribution/testing';
import { runFollowUpSweep } from './service';

/*
 * The CRM's follow-up records of pushed leads (issue 24): while a lead's follow-up deadline runs,
 * the push worker reads the follow-up records on its 销帮帮 customer (communicate/list, checked by
 * the fake as the real call), adds them to the lead's callData (its 跟进详情), and one written since
 * the lead was given to its receiver stops the clock. Customer A is demo2 (no CRM setup in the seed).
 */

const RULES = '/rest/customer/follow-up-rules';
const LEAD_RULES = '/rest/customer/lead-rules';
const RESOURCE = '/rest/customer/feedback/resource';

describe.each(dialects())('follow-up records read from 销帮帮 on %s', (dialect) => {
  let t: TestApp;
  let sandbox: CrmSandbox;
  let a: TestClient;
  let customerA: number;
  let keyA: string;
  let itemId: number;
  let clock: TestClock;

  const leadOf = (id: number) =>
    t.db.selectFrom('leads').select(['callData', 'followUpDue', 'followedAt', 'crmFollower']).where('id', '=', id).executeTakeFirstOrThrow();
  /** Writes a follow-up on the customer in 销帮帮 as a salesperson would (communicate/add). */
  const writeInCrm = async (crmId: string, content: string, userId = 'xbb-user-2') => {
    const outcome = await xbbConnector.followUp!(
      XBB_CREDENTIALS,
      { crmId, content, at: Date.now(), userId },
      t.app.crm.contextFor(t.db, customerA, XBB_CREDENTIALS),
    );
    expect(outcome).toMatchObject({ kind: 'delivered' });
  };
  const ingestPushed = async (mobile = freshMobile()): Promise<{ id: number; crmId: string; due: number }> => {
    const id = await ingestLead(t, keyA, { listKind: 'resource', itemId, name: '钱女士', mobile });
    await testWorker(t, clock).drain();
    const job = (await jobsOf(t.db, customerA, 'xbb')).find((candidate) => candidate.leadId === id);
    expect(job).toMatchObject({ status: PushStatus.Delivered });
    const lead = await leadOf(id);
    expect(lead.followUpDue).not.toBeNull();
    return { id, crmId: job!.crmId!, due: Date.parse(lead.followUpDue!) };
  };
  /** The 跟进详情 of the lead as the resource list answers it. */
  const shownCalls = async (id: number) => {
    const response = await a.get(RESOURCE, { query: { page: '1', pageSize: '50' } });
    expect(response.statusCode).toBe(200);
    const rows = response.json() as Array<{ id: number; callData: Array<{ callTime: string; message: string }> }>;
    return rows.find((row) => row.id === id)?.callData.map((call) => call.message);
  };
  const listCalls = () => sandbox.fakes.xbb.calls['/pro/v2/api/communicate/list'] ?? 0;

  beforeAll(async () => {
    sandbox = await startCrmSandbox();
    t = await startApp(dialect, { crm: { baseUrls: sandbox.urls } });
    ({ b: a } = await demoClients(t));
    customerA = await customerIdOf(t.db, 'demo2');
    keyA = (await a.get('/rest/customer/account/ingest-key')).json().data.key;
    await saveAccount(t.db, customerA, XBB_CREDENTIALS);
    itemId = await newItem(t.db, customerA, '跟进记录项目');
    const ids: number[] = [];
    for (const [userName, crmUserId] of [
      ['销帮甲', 'xbb-user-1'],
      ['销帮乙', 'xbb-user-2'],
    ]) {
      const row = await t.db
        .insertInto('crmUsers')
        .values({ customerId: customerA, userName: userName!, phone: '', deptName: '销售部', crmCode: 'xbb', crmUserId: crmUserId! })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    // On shift today and tomorrow: a deadline past China midnight still finds them.
    for (const date of [chinaToday(), addDays(chinaToday(), 1)]) {
      await setDay(
        t.db,
        { customerId: customerA, crmCode: 'xbb', itemId, date },
        ids.map((userId) => ({ userId, dataNum: 1, dataNumLimit: null })),
      );
    }
    const saved = await a.put(RULES, { itemId, deadlineMinutes: 60, workingHoursOnly: false, recycle: true, recycleLimit: 1 });
    expect(saved.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });
  beforeEach(() => {
    clock = new TestClock();
    sandbox.fakes.xbb.recover();
  });

  it('the connectors that read follow-up records are the ones the contracts name', () => {
    expect(CRM_CODES.filter((code) => t.app.crm.connector(code).followUpRecords !== undefined)).toEqual([...FOLLOW_UP_RECORD_CRMS]);
  });

  it('a follow-up the salesperson writes in 销帮帮 is read into the lead (跟进详情) and stops its clock: no notice, no recycle', async () => {
    const { id, crmId, due } = await ingestPushed();
    // Read at once after the push: nothing written yet, nothing changes.
    expect(await leadOf(id)).toMatchObject({ callData: null, followedAt: null });
    await writeInCrm(crmId, '已电话沟通，约周六到店');
    // Not read again before a period has passed.
    const before = listCalls();
    clock.advance(FOLLOW_UP_RECORD_EVERY_MS / 2);
    await testWorker(t, clock).runOnce();
    expect(listCalls()).toBe(before);
    clock.advance(FOLLOW_UP_RECORD_EVERY_MS);
    await testWorker(t, clock).runOnce();
    const lead = await leadOf(id);
    expect(lead).toMatchObject({ followUpDue: null, crmFollower: expect.any(String) });
    expect(lead.followedAt).not.toBeNull();
    expect(await shownCalls(id)).toEqual(['已电话沟通，约周六到店']);
    // Past the deadline the sweep finds nothing to do.
    expect(await runFollowUpSweep(t.db, t.app.events, new Date(due + 1000))).toEqual({ overdue: 0, recycled: 0 });
    // The clock stopped: its records are not read again.
    const after = listCalls();
    clock.advance(3 * FOLLOW_UP_RECORD_EVERY_MS);
    await testWorker(t, clock).runOnce();
    expect(listCalls()).toBe(after);
  });

  it('no record in the CRM: the lead is recycled at its deadline; 销帮帮 down: the read fails quietly and is tried a period later', async () => {
    const { id, crmId, due } = await ingestPushed();
    const receiver = (await leadOf(id)).crmFollower;
    sandbox.fakes.xbb.fail({ kind: '5xx' });
    clock.advance(FOLLOW_UP_RECORD_EVERY_MS + 1);
    await testWorker(t, clock).runOnce();
    expect(await leadOf(id)).toMatchObject({ callData: null, followedAt: null });
    sandbox.fakes.xbb.recover();
    // The earlier receiver writes only after the deadline: the sweep recycles first.
    expect(await runFollowUpSweep(t.db, t.app.events, new Date(due + 1000))).toEqual({ overdue: 1, recycled: 1 });
    const recycled = await leadOf(id);
    expect(recycled.crmFollower).not.toBe(receiver);
    await writeInCrm(crmId, '前一位接收人的跟进');
    // Read after the recycle: shown on the lead, yet older than the hand-over, so the new
    // receiver's clock runs on. (The fake stores records at real time; the recycle was at due.)
    clock.advance(due + 2000 - clock.now() + FOLLOW_UP_RECORD_EVERY_MS);
    await testWorker(t, clock).runOnce();
    const lead = await leadOf(id);
    expect(await shownCalls(id)).toEqual(['前一位接收人的跟进']);
    expect(lead.followUpDue).not.toBeNull();
    expect(lead.followedAt).toBeNull();
  });

  it("the note the portal itself wrote on the first lead's record (a duplicate) is not a follow-up", async () => {
    const mobile = freshMobile();
    expect((await a.put(LEAD_RULES, { duplicateWindowDays: 30, duplicateScope: 'customer', duplicateAction: 'note' })).statusCode).toBe(200);
    try {
      const { id } = await ingestPushed(mobile);
      await ingestLead(t, keyA, { listKind: 'resource', itemId, name: '钱女士', mobile });
      await testWorker(t, clock).drain();
      const notes = (await jobsOf(t.db, customerA, 'xbb')).filter((job) => job.origin === 'note');
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({ status: PushStatus.Delivered });
      clock.advance(FOLLOW_UP_RECORD_EVERY_MS + 1);
      const read = listCalls();
      await testWorker(t, clock).runOnce();
      expect(listCalls()).toBe(read + 1);
      expect(await leadOf(id)).toMatchObject({ callData: null, followedAt: null });
    } finally {
      await a.put(LEAD_RULES, { duplicateWindowDays: 30, duplicateScope: 'customer', duplicateAction: 'hold' });
    }
  });
});
