import { PHONE_RECHECK_MAX, PhoneCheckText, type Lead } from '@portal/contracts/leads';
import { leadListEndpoints } from '@portal/contracts/endpoints';
import { addDays, chinaToday } from '../../lib/time';
import { FAKE_CHECKER_KEY, startFakePhoneChecker, type FakePhoneChecker } from '../../test/fake-phone-checker';
import { demoClients, dialects, expectError, startApp, type TestApp, type TestClient } from '../../test/harness';
import { customerIdOf } from '../../test/leads';
import { freshMobile, ingestLead, jobsOf } from '../crm/push/testing';
import { newItem, newStaff, setCrm, setDay } from '../distribution/testing';
import { RETRY_SCHEDULE_MS, runPhoneChecks } from './service';

/*
 * Phone-number classes through the open ingestion call and the fake checker (its rule: the last
 * digit 0 empty, 7 silent, 8 suspended, 9 risky, any other real). Passes of the checker run with
 * the test's clock. Customer A is demo2 (no CRM setup in the seed: built here), B is demo.
 */

const KEY = '/rest/customer/account/ingest-key';
const RULES = '/rest/customer/lead-rules';
const RECHECK = '/rest/customer/leads/phone-check';
const RESOURCE = `/rest${leadListEndpoints.resource.path}`;
const DUPLICATE_OFF = { duplicateWindowDays: 0, duplicateScope: 'customer', duplicateAction: 'hold' };

/** A fresh number ending in `digit`. */
const numberEnding = (digit: number): string => `${freshMobile().slice(0, 10)}${digit}`;

describe.each(dialects())('phone-number classes on %s', (dialect) => {
  let fake: FakePhoneChecker;
  let t: TestApp;
  let a: TestClient;
  let b: TestClient;
  let customerA: number;
  let keyA: string;
  let keyB: string;
  let itemA: number;
  let itemB: number;
  let clock: number;

  beforeAll(async () => {
    fake = await startFakePhoneChecker({ batchLimit: 50 });
    t = await startApp(dialect, {
      phoneCheck: { url: fake.url, key: FAKE_CHECKER_KEY, batchLimit: 50, callsPerSecond: 10, timeoutMs: 5000, worker: false, pollMs: 1000 },
    });
    ({ b: a, a: b } = await demoClients(t));
    customerA = await customerIdOf(t.db, 'demo2');
    keyA = (await a.get(KEY)).json().data.key;
    keyB = (await b.get(KEY)).json().data.key;
    itemA = await newItem(t.db, customerA, '号码检测项目');
    itemB = await newItem(t.db, await customerIdOf(t.db, 'demo'), '号码检测项目B');
    // The duplicate check is not under test: every number here is new anyway, but a re-sent one must not be held as a repeat.
    expect((await a.put(RULES, DUPLICATE_OFF)).statusCode).toBe(200);
    expect((await b.put(RULES, DUPLICATE_OFF)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    fake.up();
    fake.calls.length = 0;
    // Nothing left due from an earlier test, so each pass sees this test's leads only.
    await t.db.updateTable('leads').set({ phoneCheckDue: null }).where('phoneCheckDue', 'is not', null).execute();
    clock = Date.now();
  });

  /** Ingests a lead now; the test's clock is then at least its arrival (its check is due). */
  const ingest = async (mobile: string, key = keyA, itemId = itemA) => {
    const id = await ingestLead(t, key, { listKind: 'resource', itemId, name: '钱先生', mobile });
    clock = Math.max(clock, Date.now());
    return id;
  };
  const pass = (atMs = clock) => runPhoneChecks(t.db, t.app.events, t.app.phoneChecker!, { now: new Date(atMs), random: () => 0 });
  const stored = (id: number) =>
    t.db
      .selectFrom('leads')
      .select(['phoneClass', 'phoneCheckDue', 'phoneCheckAttempts', 'phoneHeld', 'mobileStatus', 'crmFollower'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const listed = async (mobile: string, client = a): Promise<Lead> => {
    const rows = (await client.get(RESOURCE, { query: { phone: mobile } })).json() as Lead[];
    expect(rows).toHaveLength(1);
    return rows[0]!;
  };

  it('classes each number after the lead is stored, as the checker answers: the list shows the class, 实号 alone normal', async () => {
    const numbers = [0, 1, 7, 8, 9].map(numberEnding);
    const ids: number[] = [];
    for (const mobile of numbers) ids.push(await ingest(mobile));
    // Stored at once, unchecked: the pattern class until the checker answers.
    expect(await listed(numbers[0]!)).toMatchObject({ phoneClass: null, mobileStatus: 1, phoneHeld: null });
    expect(fake.calls).toEqual([]);

    expect(await pass()).toMatchObject({ claimed: 5, classed: 5, calls: 1, failed: 0 });
    expect(fake.calls).toEqual([numbers]);
    const classes = await Promise.all(numbers.map(async (mobile) => [(await listed(mobile)).phoneClass, (await listed(mobile)).mobileStatus]));
    expect(classes).toEqual([
      ['empty', 0],
      ['real', 1],
      ['silent', 0],
      ['suspended', 0],
      ['risky', 0],
    ]);
    expect((await stored(ids[0]!)).phoneCheckDue).toBeNull();
    // Nothing left to do.
    expect(await pass()).toMatchObject({ claimed: 0, calls: 0 });
  });

  it('reuses a class for the cache period: the same number again is classed at arrival, without a call; past the period it is asked again', async () => {
    const mobile = numberEnding(7);
    await ingest(mobile);
    await pass();
    expect(fake.calls).toHaveLength(1);

    const again = await ingest(mobile);
    expect(await stored(again)).toMatchObject({ phoneClass: 'silent', phoneCheckDue: null });
    expect(await pass()).toMatchObject({ claimed: 0, calls: 0 });

    // 31 days later the kept class is too old.
    await t.db
      .updateTable('phoneChecks')
      .set({ checkedAt: new Date(Date.now() - 31 * 86_400_000).toISOString() })
      .where('phoneKey', '=', mobile)
      .execute();
    const later = await ingest(mobile);
    expect(await stored(later)).toMatchObject({ phoneClass: null, phoneCheckDue: expect.any(String) });
    expect(await pass()).toMatchObject({ claimed: 1, calls: 1, classed: 1 });
    expect(fake.calls).toHaveLength(2);
    expect((await stored(later)).phoneClass).toBe('silent');
  });

  it('retries a checker that is down with backoff, classes the number once it is back, and never held the lead in the meantime', async () => {
    const mobile = numberEnding(9);
    const id = await ingest(mobile);
    fake.down(2);
    expect(await pass()).toMatchObject({ claimed: 1, failed: 1 });
    let lead = await stored(id);
    expect(lead).toMatchObject({ phoneClass: null, phoneCheckAttempts: 1, phoneHeld: null });
    expect(Date.parse(lead.phoneCheckDue!)).toBe(clock + RETRY_SCHEDULE_MS[0]!);
    // Not due before its wait.
    expect(await pass(clock + RETRY_SCHEDULE_MS[0]! - 1000)).toMatchObject({ claimed: 0 });
    clock += RETRY_SCHEDULE_MS[0]!;
    expect(await pass()).toMatchObject({ claimed: 1, failed: 1 });
    lead = await stored(id);
    expect(Date.parse(lead.phoneCheckDue!)).toBe(clock + RETRY_SCHEDULE_MS[1]!);
    clock += RETRY_SCHEDULE_MS[1]!;
    expect(await pass()).toMatchObject({ claimed: 1, classed: 1 });
    expect(await stored(id)).toMatchObject({ phoneClass: 'risky', phoneCheckDue: null, phoneCheckAttempts: 0 });
  });

  it('waits out a 429 for its Retry-After, and gives the check up after the last try of the schedule (the pattern class stays)', async () => {
    const id = await ingest(numberEnding(1));
    fake.overRate(3600);
    await pass();
    expect(Date.parse((await stored(id)).phoneCheckDue!)).toBe(clock + 3_600_000);

    fake.down();
    clock += 3_600_000;
    for (let attempt = 2; attempt <= RETRY_SCHEDULE_MS.length + 1; attempt += 1) {
      expect(await pass()).toMatchObject({ claimed: 1, failed: 1 });
      const due = (await stored(id)).phoneCheckDue;
      if (due) clock = Date.parse(due);
    }
    expect(await stored(id)).toMatchObject({
      phoneClass: null,
      phoneCheckDue: null,
      phoneCheckAttempts: RETRY_SCHEDULE_MS.length + 1,
      mobileStatus: 1,
    });
    expect(await pass(clock + 365 * 86_400_000)).toMatchObject({ claimed: 0 });
  });

  it('holds back empty and risky numbers under the setting: a lead waits for its class, then is held or distributed and pushed', async () => {
    await setCrm(t.db, customerA, 'ec', true, 0);
    const itemId = await newItem(t.db, customerA, '拦截项目');
    const [staff] = await newStaff(t.db, customerA, ['号码员工']);
    // The staff works every China day the test's clock reaches: its retries move the clock on by
    // hours, past China midnight when the test runs late in the day.
    const lastDay = chinaToday(new Date(clock + 2 * 86_400_000));
    for (let day = chinaToday(); day <= lastDay; day = addDays(day, 1)) {
      await setDay(t.db, { customerId: customerA, crmCode: 'ec', itemId, date: day }, [{ userId: staff!, dataNum: 100, dataNumLimit: null }]);
    }
    const saved = await a.put(RULES, { ...DUPLICATE_OFF, phoneHoldBack: true });
    expect(saved.json()).toMatchObject({ phoneHoldBack: true, phoneChecker: true });
    try {
      const empty = await ingest(numberEnding(0), keyA, itemId);
      const real = await ingest(numberEnding(2), keyA, itemId);
      const pushedBefore = (await jobsOf(t.db, customerA)).map((job) => job.leadId);
      for (const id of [empty, real]) {
        expect(await stored(id)).toMatchObject({ phoneHeld: 'waiting', crmFollower: null });
        expect(pushedBefore).not.toContain(id);
      }
      // B's leads are not A's setting's.
      const other = await ingest(numberEnding(0), keyB, itemB);
      expect((await stored(other)).phoneHeld).toBeNull();

      await pass();
      expect(await stored(empty)).toMatchObject({ phoneClass: 'empty', phoneHeld: 'held', crmFollower: null });
      expect(await stored(real)).toMatchObject({ phoneClass: 'real', phoneHeld: null, crmFollower: '号码员工' });
      const pushed = (await jobsOf(t.db, customerA)).map((job) => job.leadId);
      expect(pushed).toContain(real);
      expect(pushed).not.toContain(empty);

      // A number known empty is held at arrival.
      const knownEmpty = await ingest(
        (await t.db.selectFrom('leads').select('mobile').where('id', '=', empty).executeTakeFirstOrThrow()).mobile,
        keyA,
        itemId,
      );
      expect(await stored(knownEmpty)).toMatchObject({ phoneClass: 'empty', phoneHeld: 'held', crmFollower: null });

      // A check given up lets the lead go on (never held for a service that cannot answer).
      fake.down();
      const unknown = await ingest(numberEnding(3), keyA, itemId);
      for (let attempt = 1; attempt <= RETRY_SCHEDULE_MS.length + 1; attempt += 1) {
        await pass();
        const due = (await stored(unknown)).phoneCheckDue;
        if (due) clock = Date.parse(due);
      }
      expect(await stored(unknown)).toMatchObject({ phoneClass: null, phoneHeld: null, crmFollower: '号码员工' });
    } finally {
      await a.put(RULES, { ...DUPLICATE_OFF, phoneHoldBack: false });
      await setCrm(t.db, customerA, 'ec', false, 0);
    }
  });

  it('re-checks the customer’s leads from the list, at most 500 at a time, bypassing the kept class; another customer’s leads are not found', async () => {
    const mobile = numberEnding(5);
    const id = await ingest(mobile);
    await pass();
    expect(fake.calls).toHaveLength(1);

    const answer = await a.post(RECHECK, { ids: [id] });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ queued: 1 });
    clock = Date.now();
    expect(await pass()).toMatchObject({ claimed: 1, calls: 1 });
    expect(fake.calls).toEqual([[mobile], [mobile]]);

    expectError(await b.post(RECHECK, { ids: [id] }), 404, PhoneCheckText.RecheckNotFound);
    expectError(await a.post(RECHECK, { ids: [] }), 400, PhoneCheckText.RecheckNone);
    expectError(await a.post(RECHECK, { ids: Array.from({ length: PHONE_RECHECK_MAX + 1 }, (_, i) => i + 1) }), 400, PhoneCheckText.RecheckTooMany);
    // B's attempt queued nothing of A's.
    expect((await stored(id)).phoneCheckDue).toBeNull();
  });
});

describe.each(dialects())('a server without a phone checker on %s', (dialect) => {
  let t: TestApp;
  let a: TestClient;
  beforeAll(async () => {
    t = await startApp(dialect);
    ({ a } = await demoClients(t));
  });
  afterAll(() => t.close());

  it('says so, refuses the hold-back and a re-check, and leaves numbers to the pattern class', async () => {
    expect((await a.get(RULES)).json()).toMatchObject({ phoneChecker: false, phoneHoldBack: false });
    expectError(await a.put(RULES, { ...DUPLICATE_OFF, phoneHoldBack: true }), 400, PhoneCheckText.NoChecker);
    expectError(await a.post(RECHECK, { ids: [1] }), 400, PhoneCheckText.NoChecker);
    expect(t.app.phoneChecker).toBeNull();
  });
});
