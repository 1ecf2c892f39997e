import { PushStatus } from '@portal/contracts/crm';
import { demoClients, dialects, startApp, type TestApp } from '../../../test/harness';
import { LIXIAO_CREDENTIALS, startFakeCrm, type FakeCrm } from '../../../test/fake-crm';
import { customerIdOf, itemIdsOf } from '../../../test/leads';
import { freshMobile, ingestLead, jobsOf, pushAtOnce, saveAccount, TestClock, testWorker } from './testing';

/**
 * The push worker keeps to a CRM's documented call rate (CRM_APIS_REVIEW L14: 励销 takes 10 calls
 * per 10 s per company) by pacing itself, not by meeting 429s: the fake enforces the rate with no
 * slack, and the app paces to the same rate, both run 20 times faster (SCALE: a 500 ms window) so
 * a burst takes two seconds, not a minute. Here the pacer waits for no turn (pacingMaxWaitMs 0): a
 * push whose call has to wait is deferred (released untried) and the worker takes it up when due.
 */
const SCALE = 0.05;
const BURST = 20;

describe.each(dialects())('pacing to a CRM documented rate through the push worker on %s', (dialect) => {
  let t: TestApp;
  let fake: FakeCrm;
  let customerA: number;
  let itemA: number;
  let keyA: string;

  beforeAll(async () => {
    fake = await startFakeCrm('lixiao', { rateScale: SCALE });
    t = await startApp(dialect, { crm: { baseUrls: { lixiao: fake.url }, pacingScale: SCALE, pacingMaxWaitMs: 0 } });
    customerA = await customerIdOf(t.db, 'demo');
    [itemA] = await itemIdsOf(t.db, customerA);
    const { a } = await demoClients(t);
    keyA = (await a.get('/rest/customer/account/ingest-key')).json().data.key;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it(`a burst of ${BURST} leads reaches 励销 at its documented rate: none refused by the CRM, none lost, no try spent waiting`, async () => {
    await pushAtOnce(t.db, [customerA]);
    await saveAccount(t.db, customerA, LIXIAO_CREDENTIALS);
    const mobiles = Array.from({ length: BURST }, () => freshMobile());
    for (const mobile of mobiles) await ingestLead(t, keyA, { listKind: 'resource', itemId: itemA, name: '孙先生', mobile });

    const worker = testWorker(t, new TestClock());
    let deferredRounds = 0;
    for (let round = 0; round < 500; round++) {
      await worker.drain();
      const pending = (await jobsOf(t.db, customerA, 'lixiao')).filter((job) => job.status === PushStatus.Pending);
      if (pending.length === 0) break;
      deferredRounds += 1;
      // Wait for what the worker waits for: the next job's turn, which the pacer set.
      const due = Math.min(...pending.map((job) => Number(job.nextAttemptAt)));
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
    }

    const jobs = await jobsOf(t.db, customerA, 'lixiao');
    expect(jobs).toHaveLength(BURST);
    expect(jobs.filter((job) => job.status !== PushStatus.Delivered)).toEqual([]);
    // A deferred push was never sent, so it spent no try: each job was tried once, and delivered.
    expect(jobs.map((job) => job.attempts)).toEqual(jobs.map(() => 1));
    const attempts = await t.db
      .selectFrom('crmPushAttempts')
      .select('jobId')
      .where(
        'jobId',
        'in',
        jobs.map((job) => job.id),
      )
      .execute();
    expect(attempts).toHaveLength(BURST);
    // The CRM never had to refuse a call, and holds each lead once.
    expect(fake.rateRefusals).toBe(0);
    expect(fake.records.map((record) => record.mobile).sort()).toEqual([...mobiles].sort());
    // The burst could not go at once (2 calls a lead, 10 a window): pushes were deferred, then delivered.
    expect(deferredRounds).toBeGreaterThanOrEqual(1);
  });
});
