import { PushStatus } from '@portal/contracts/crm';
import { demoClients, dialects, startApp, type TestApp } from '../../../test/harness';
import { EC_CREDENTIALS, startFakeCrm, XBB_CREDENTIALS, type FakeCrm } from '../../../test/fake-crm';
import { customerIdOf, itemIdsOf } from '../../../test/leads';
import { until } from '../../../test/server-process';
import type { PushWorker } from './worker';
import { clearPushes, freshMobile, ingestLead, jobsOf, pushAtOnce, saveAccount, TestClock, testWorker } from './testing';

/**
 * One customer's hanging CRM holds only that customer's pushes: the real worker loop keeps
 * claiming and pushing for other customers while a call of A's hangs (issue 20, item 4).
 * A pushes to ec, B to xbb: two connections, each with its own fake CRM.
 */
describe.each(dialects())("a hanging CRM and another customer's pushes on %s", (dialect) => {
  let t: TestApp;
  let fakeA: FakeCrm;
  let fakeB: FakeCrm;
  let customerA: number;
  let customerB: number;
  let keyA: string;
  let keyB: string;
  let itemA: number;
  let itemB: number;
  let worker: PushWorker | null = null;

  beforeAll(async () => {
    fakeA = await startFakeCrm('ec');
    fakeB = await startFakeCrm('xbb');
    // A call's timeout far beyond the test: A's call ends only when its CRM answers.
    t = await startApp(dialect, { crm: { baseUrls: { ec: fakeA.url, xbb: fakeB.url }, timeoutMs: 120_000 } });
    customerA = await customerIdOf(t.db, 'demo');
    customerB = await customerIdOf(t.db, 'demo2');
    [itemA] = await itemIdsOf(t.db, customerA);
    [itemB] = await itemIdsOf(t.db, customerB);
    const { a, b } = await demoClients(t);
    keyA = (await a.get('/rest/customer/account/ingest-key')).json().data.key;
    keyB = (await b.get('/rest/customer/account/ingest-key')).json().data.key;
  });
  afterAll(async () => {
    fakeA.recover();
    await worker?.stop();
    await t.close();
    await Promise.all([fakeA.close(), fakeB.close()]);
  });
  beforeEach(async () => {
    fakeA.reset();
    fakeB.reset();
    await clearPushes(t.db);
    // No schedule, rules or mappings: every lead is pushed at once.
    await pushAtOnce(t.db, [customerA, customerB]);
    await saveAccount(t.db, customerA, EC_CREDENTIALS);
    await saveAccount(t.db, customerB, XBB_CREDENTIALS);
  });
  afterEach(async () => {
    fakeA.recover();
    await worker?.stop();
    worker = null;
  });

  it("pushes B's leads while A's CRM holds a call; A's pushes arrive once after it answers again", async () => {
    worker = testWorker(t, new TestClock(), { pollMs: 20 });
    fakeA.fail({ kind: 'hang' });
    const mobilesA = [freshMobile(), freshMobile()];
    await ingestLead(t, keyA, { listKind: 'resource', itemId: itemA, name: '挂起甲', mobile: mobilesA[0] });
    worker.start();
    await until("A's call held by A's CRM", () => fakeA.held === 1);

    // A second lead of A waits behind its connection's call in flight; B's leads go meanwhile.
    await ingestLead(t, keyA, { listKind: 'resource', itemId: itemA, name: '挂起乙', mobile: mobilesA[1] });
    const mobilesB = [freshMobile(), freshMobile()];
    for (const [i, mobile] of mobilesB.entries()) await ingestLead(t, keyB, { listKind: 'resource', itemId: itemB, name: `邻居${i}`, mobile });
    await until("B's pushes at B's CRM", () => mobilesB.every((mobile) => fakeB.records.some((record) => record.mobile === mobile)));
    // ...delivered while A's call still hangs, and A's CRM met one call at a time.
    expect(fakeA.held).toBe(1);
    expect(fakeA.records).toHaveLength(0);
    expect(Object.values(fakeA.calls).reduce((sum, count) => sum + count, 0)).toBe(1);
    await until("B's jobs recorded", async () => (await jobsOf(t.db, customerB, 'xbb')).every((job) => job.status === PushStatus.Delivered));
    expect((await jobsOf(t.db, customerA)).map((job) => job.status)).toEqual([PushStatus.Pending, PushStatus.Pending]);

    // A's CRM answers again: the held call completes, the waiting lead follows, each once.
    fakeA.recover();
    await until("A's pushes delivered", async () => (await jobsOf(t.db, customerA)).every((job) => job.status === PushStatus.Delivered));
    for (const mobile of mobilesA) expect(fakeA.records.filter((record) => record.mobile === mobile)).toHaveLength(1);
    for (const mobile of mobilesB) expect(fakeB.records.filter((record) => record.mobile === mobile)).toHaveLength(1);
    expect(fakeA.held).toBe(0);
  }, 90_000);
});
