import { PARAM_KEYS } from '@portal/contracts/crm';
import { FORM_URLENCODED } from '@portal/contracts/endpoints';
import type { CrmAccountParams } from '../connectors/types';
import { dialects, demoClients, expectError, startApp, type TestApp, type TestClient } from '../../../test/harness';
import { EC_CREDENTIALS, startFakeCrm, startRecordingServer, type FakeCrm, type RecordingServer } from '../../../test/fake-crm';
import { customerIdOf, itemIdsOf } from '../../../test/leads';
import { CRM_BODY_MAX_BYTES, CRM_DISCOVERY_MAX, CrmAnswerMessage, type DiscoveryKind, REASON_MAX_CHARS, tooManyDiscovered } from '../limits';
import { clearPushes, freshMobile, ingestLead, jobsOf, saveAccount, TestClock, testWorker } from '../push/testing';

/**
 * A customer's EC turned hostile, through the HTTP layer: a redirect is refused with its reason
 * and reaches nothing; an endless answer is refused with the cap named; a discovery list over its
 * cap is refused and stores nothing; more sources than SQLite binds in one statement sync; a
 * huge refusal text is stored cut, and a push-log page stays small.
 */

const SAVE_ACCOUNT = '/rest/es/crmaccountsetting/post';
const EC_UPDATE = '/rest/es/crmfieldmapping/updateFieldMapping';
const UPDATE_LABELS = '/rest/es/crmlabelmapping/updateCrmLabelInfo';
const SYNC_SOURCES = '/rest/es/crmchannelsource/syncEcV2ChannelSource';
const SYNC_STAFF = '/rest/es/crmuser/synchro';
const TEMPLATES = '/rest/es/crmtemplatemapping/listTemplate';
const LOG = '/rest/es/crmpushlog/list';
const attemptsUrl = (id: number) => `/rest/es/crmpushlog/${id}/attempts`;

/** The 'update data' call of each discovery kind (ec). */
const DISCOVERY_CALLS: Record<DiscoveryKind, { url: string; query?: Record<string, string> }> = {
  fields: { url: EC_UPDATE },
  labels: { url: UPDATE_LABELS, query: { crmCode: 'ec' } },
  staff: { url: SYNC_STAFF, query: { crmCode: 'ec' } },
  sources: { url: SYNC_SOURCES },
  templates: { url: TEMPLATES },
};

function accountForm(params: CrmAccountParams, extra: Record<string, string> = {}): string {
  const form: Record<string, string> = { crmCode: params.crmCode, edition: params.edition ?? '1', sync: '1' };
  for (const key of PARAM_KEYS) form[key] = params[key] ?? '';
  return new URLSearchParams({ ...form, ...extra }).toString();
}

describe.each(dialects())('a hostile CRM through the HTTP layer on %s', (dialect) => {
  let fake: FakeCrm;
  let elsewhere: RecordingServer;
  let t: TestApp;
  let a: TestClient;
  let b: TestClient;
  let customerA: number;
  let customerB: number;
  let keyA: string;
  let itemsA: number[];

  beforeAll(async () => {
    [fake, elsewhere] = await Promise.all([startFakeCrm('ec'), startRecordingServer()]);
    t = await startApp(dialect, { crm: { baseUrls: { ec: fake.url } } });
    ({ a, b } = await demoClients(t));
    customerA = await customerIdOf(t.db, 'demo');
    customerB = await customerIdOf(t.db, 'demo2');
    itemsA = await itemIdsOf(t.db, customerA);
    keyA = (await a.get('/rest/customer/account/ingest-key')).json().data.key;
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([fake?.close(), elsewhere?.close()]);
  });
  beforeEach(async () => {
    fake.reset();
    elsewhere.received.length = 0;
    await clearPushes(t.db);
    await saveAccount(t.db, customerA, EC_CREDENTIALS);
  });

  /** What the customer's discovery, sources and staff of ec hold. */
  const storedOf = async (customerId: number) => ({
    discovery: await t.db
      .selectFrom('crmDiscovery')
      .select(['kind', 'data', 'updatedAt'])
      .where('customerId', '=', customerId)
      .orderBy('kind')
      .execute(),
    sources: await t.db
      .selectFrom('channelSources')
      .select(['sourceCode', 'sourceName', 'crmCode'])
      .where('customerId', '=', customerId)
      .orderBy('id')
      .execute(),
    staff: await t.db.selectFrom('crmUsers').select(['crmUserId', 'userName']).where('customerId', '=', customerId).orderBy('id').execute(),
  });

  it.each([301, 302, 307])(
    'refuses a %s redirect on the account check and on update data with its reason; the other host gets nothing',
    async (status) => {
      const reason = CrmAnswerMessage.redirect(status);
      fake.fail({ kind: 'redirect', status, location: `${elsewhere.url}steal` });
      const before = await storedOf(customerA);

      const saved = await b.post(SAVE_ACCOUNT, accountForm(EC_CREDENTIALS), { headers: { 'content-type': FORM_URLENCODED } });
      expectError(saved, 400, reason);
      expect(await t.db.selectFrom('crmAccounts').select('id').where('customerId', '=', customerB).execute()).toEqual([]);
      expectError(await a.get(EC_UPDATE), 400, reason);
      expectError(await a.get(SYNC_STAFF, { query: { crmCode: 'ec' } }), 400, reason);

      expect(await storedOf(customerA)).toEqual(before);
      expect(fake.calls).not.toEqual({});
      expect(elsewhere.received).toEqual([]);
    },
  );

  it.each([301, 302, 307])('refuses a push the CRM redirects (%s): the log shows the reason, the other host gets nothing', async (status) => {
    fake.fail({ kind: 'redirect', status, location: `${elsewhere.url}steal` });
    const id = await ingestLead(t, keyA, { listKind: 'resource', itemId: itemsA[0], name: '赵先生', mobile: freshMobile() });
    await testWorker(t, new TestClock()).drain();
    const [job] = await jobsOf(t.db, customerA);
    expect(job).toMatchObject({ leadId: id, status: 'refused', lastReason: CrmAnswerMessage.redirect(status) });
    const log = (await a.get(LOG, { query: { crmCode: 'ec' } })).json();
    expect(log).toEqual([expect.objectContaining({ id: job.id, status: 'refused', lastReason: CrmAnswerMessage.redirect(status) })]);
    expect(elsewhere.received).toEqual([]);
  });

  it('refuses update data whose answer is endless, with the cap named, and stores nothing', async () => {
    const before = await storedOf(customerA);
    fake.fail({ kind: 'hugeBody', bytes: 200 * 1024 * 1024 });
    expectError(await a.get(EC_UPDATE), 400, CrmAnswerMessage.tooLarge);
    expect(await fake.streamedBytes()).toBeLessThan(200 * 1024 * 1024);
    expect(await storedOf(customerA)).toEqual(before);
  });

  it.each(Object.keys(DISCOVERY_CALLS) as DiscoveryKind[])('refuses %s over the cap with the cap named, and stores nothing of it', async (kind) => {
    const before = await storedOf(customerA);
    fake.fail({ kind: 'flood', count: CRM_DISCOVERY_MAX[kind] + 1 });
    const { url, query } = DISCOVERY_CALLS[kind];
    const response = await a.get(url, query ? { query } : {});
    expectError(response, 400, tooManyDiscovered(kind));
    expect(response.json().message).toContain(String(CRM_DISCOVERY_MAX[kind]));
    expect(await storedOf(customerA)).toEqual(before);
  });

  it('syncs more sources than SQLite binds in one statement, and a later shorter list deletes the rest', async () => {
    const many = 32_800;
    expect(many).toBeLessThanOrEqual(CRM_DISCOVERY_MAX.sources);
    fake.fail({ kind: 'flood', count: many });
    const synced = await a.get(SYNC_SOURCES);
    expect(synced.statusCode).toBe(200);
    expect(synced.json().data).toHaveLength(many);
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('channelSources')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('customerId', '=', customerA)
            .where('crmCode', '=', 'ec')
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBe(many);

    fake.fail({ kind: 'flood', count: 3 });
    const shorter = await a.get(SYNC_SOURCES);
    expect(shorter.json().data.map((row: { sourceCode: string }) => row.sourceCode)).toEqual(['100001', '100002', '100003']);
    expect(await count()).toBe(3);
  });

  it('stores a 3 MB refusal text cut to the cap, saying its length; a push-log page stays small', async () => {
    const length = 1_000_000; // '拒' is 3 bytes: 3 MB of UTF-8, under the body cap
    expect(length * 3).toBeLessThan(CRM_BODY_MAX_BYTES);
    fake.fail({ kind: 'longRefusal', count: length });
    // One lead a call (the fake repeats the text per customer of a call, and the answer must stay under the body cap).
    const worker = testWorker(t, new TestClock());
    for (let i = 0; i < 3; i += 1) {
      await ingestLead(t, keyA, { listKind: 'resource', itemId: itemsA[0], name: `钱女士${i}`, mobile: freshMobile() });
      await worker.drain();
    }
    const jobs = await jobsOf(t.db, customerA);
    expect(jobs.map((job) => job.status)).toEqual(['refused', 'refused', 'refused']);
    const note = `…（原文共${length}字，已截断）`;
    for (const job of jobs) {
      expect(job.lastReason?.length).toBeLessThanOrEqual(REASON_MAX_CHARS);
      expect(job.lastReason?.endsWith(note)).toBe(true);
      expect(job.lastReason?.startsWith('拒拒拒')).toBe(true);
    }
    const page = await a.get(LOG, { query: { crmCode: 'ec', pageSize: '100' } });
    expect(page.json()).toHaveLength(3);
    expect(page.body.length).toBeLessThan(10_000);
    const attempts = (await a.get(attemptsUrl(jobs[0].id))).json().data;
    expect(attempts).toEqual([expect.objectContaining({ outcome: 'refused', reason: jobs[0].lastReason })]);
  });
});
