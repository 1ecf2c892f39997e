import { PushStatus } from '@portal/contracts/crm';
import { demoClients, dialects, startApp, type TestApp } from '../../../test/harness';
import { EC_CREDENTIALS, fakeContext, startFakeCrm, type FakeCrm } from '../../../test/fake-crm';
import { customerIdOf, itemIdsOf } from '../../../test/leads';
import { ecConnector } from '../connectors/ec';
import { claimDue } from './repo';
import { clearPushes, freshMobile, ingestLead, jobsOf, saveAccount, TestClock, testWorker } from './testing';

/** Several workers on one database, and a worker that dies holding its claims. */
describe.each(dialects())('push workers sharing one database on %s', (dialect) => {
  let first: TestApp;
  let second: TestApp;
  let fake: FakeCrm;
  let customerId: number;
  let key: string;
  let itemId: number;

  beforeAll(async () => {
    fake = await startFakeCrm('ec', { latencyMs: 5 });
    first = await startApp(dialect, { crm: { baseUrls: { ec: fake.url } } });
    // A second instance on the same data (it neither creates nor seeds it).
    second = await startApp(dialect, { database: first.database, seed: false, crm: { baseUrls: { ec: fake.url } } });
    customerId = await customerIdOf(first.db, 'demo');
    [itemId] = await itemIdsOf(first.db, customerId);
    const { a } = await demoClients(first);
    key = (await a.get('/rest/customer/account/ingest-key')).json().data.key;
  });
  afterAll(async () => {
    await second.close();
    await first.close();
    await fake.close();
  });
  beforeEach(async () => {
    fake.reset();
    await clearPushes(first.db);
    await saveAccount(first.db, customerId, EC_CREDENTIALS);
  });

  it('push each lead once when two instances drain at the same time', async () => {
    const count = 40;
    for (let i = 0; i < count; i += 1) await ingestLead(first, key, { listKind: 'resource', itemId, name: `并发${i}`, mobile: freshMobile() });
    const clock = new TestClock();
    const workers = [testWorker(first, clock, { batchSize: 4 }), testWorker(second, clock, { batchSize: 4 })];
    const claimed = await Promise.all(workers.map((worker) => worker.drain()));
    // Every job claimed exactly once across both, and delivered once at the CRM.
    expect(claimed[0] + claimed[1]).toBe(count);
    expect(Math.min(...claimed)).toBeGreaterThan(0);
    expect(fake.records).toHaveLength(count);
    expect(new Set(fake.records.map((record) => record.mobile)).size).toBe(count);
    expect((await jobsOf(first.db, customerId)).every((job) => job.status === PushStatus.Delivered)).toBe(true);
  });

  it("claims a dead worker's jobs once its lease runs out; a push that had reached the CRM stays single", async () => {
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push(await ingestLead(first, key, { listKind: 'resource', itemId, name: `租约${i}`, mobile: freshMobile() }));
    const clock = new TestClock();
    // A worker claims the three and dies; it had pushed the first one already.
    const claimed = await claimDue(first.db, { now: clock.now(), leaseMs: 60_000, workerId: 'dead', limit: 10 });
    expect(claimed.map((job) => job.leadId)).toEqual(ids);
    const lead = await first.db.selectFrom('leads').select(['name', 'mobile']).where('id', '=', ids[0]).executeTakeFirstOrThrow();
    const [reached] = await ecConnector.push(
      EC_CREDENTIALS,
      [{ leadId: ids[0], name: lead.name, mobile: lead.mobile, remark: '', province: null, city: null, fields: [], labels: [] }],
      fakeContext(fake),
    );
    expect(reached.kind).toBe('delivered');

    const worker = testWorker(second, clock);
    expect(await worker.drain()).toBe(0);
    clock.advance(60_001);
    expect(await worker.drain()).toBe(3);
    expect(fake.records).toHaveLength(3);
    expect(new Set(fake.records.map((record) => record.mobile)).size).toBe(3);
    const jobs = await jobsOf(first.db, customerId);
    expect(jobs.map((job) => [job.status, job.claimedBy])).toEqual([
      ['delivered', null],
      ['delivered', null],
      ['delivered', null],
    ]);
    // The one found by the CRM's duplicate check carries the CRM's id of the first push.
    expect(jobs[0].crmId).toBe(fake.records[0].crmId);
  });
});
