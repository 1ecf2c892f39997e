import { DuplicateText, type Lead } from '@portal/contracts/leads';
import { leadListEndpoints } from '@portal/contracts/endpoints';
import type { LightMyRequestResponse } from 'fastify';
import { addDays, chinaToday } from '../../lib/time';
import { dialects, expectError, useDemoApp } from '../../test/harness';
import { customerIdOf, insertFixtures, itemIdsOf, leadRow } from '../../test/leads';

const OPEN = '/rest/open/leads';
const RULES = '/rest/customer/lead-rules';
const KEY = '/rest/customer/account/ingest-key';
const list = (kind: keyof typeof leadListEndpoints) => `/rest${leadListEndpoints[kind].path}`;

// Numbers of a range the demo seed never draws (its mobiles start 13, 15, 17, 18 or 19).
let next = 0;
const newPhone = () => `166${String(Date.now() % 1e4).padStart(4, '0')}${String(next++).padStart(4, '0')}`;

describe.each(dialects())('duplicate leads on %s', (dialect) => {
  const s = useDemoApp(dialect);
  let keyA: string;
  let keyB: string;
  let customerA: number;
  let itemsA: number[];
  let itemsB: number[];

  const post = (lead: Record<string, unknown>, key = keyA): Promise<LightMyRequestResponse> =>
    s.t.app.inject({ method: 'POST', url: OPEN, payload: lead, headers: { 'x-ingest-key': key } });
  const ingest = async (lead: Record<string, unknown>, key = keyA): Promise<number> => {
    const response = await post(lead, key);
    expect({ status: response.statusCode, body: response.statusCode === 201 ? null : response.body }).toEqual({ status: 201, body: null });
    return (response.json() as { data: { id: number } }).data.id;
  };
  const form = (mobile: string, extra: Record<string, unknown> = {}) => ({
    listKind: 'resource',
    itemId: itemsA[0],
    name: '周女士',
    mobile,
    resType: 1,
    ...extra,
  });
  const stored = (id: number) =>
    s.t.db
      .selectFrom('leads')
      .select(['id', 'duplicateOf', 'duplicateReason', 'crmFollower', 'phoneKey'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const jobsOf = async (id: number) => (await s.t.db.selectFrom('crmPushJobs').select('id').where('leadId', '=', id).execute()).length;
  const distributionOf = (id: number) => s.t.db.selectFrom('leadDistributions').selectAll().where('leadId', '=', id).executeTakeFirst();
  const saveRules = (body: Record<string, unknown>, client = s.a) => client.put(RULES, body);
  const DEFAULTS = { duplicateWindowDays: 30, duplicateScope: 'customer', duplicateAction: 'hold' };
  // What GET answers beside the duplicate rule: no hold-back, and this server has no phone checker.
  const PHONE = { phoneHoldBack: false, phoneChecker: false };

  beforeAll(async () => {
    customerA = await customerIdOf(s.t.db, 'demo');
    itemsA = await itemIdsOf(s.t.db, customerA);
    itemsB = await itemIdsOf(s.t.db, await customerIdOf(s.t.db, 'demo2'));
    keyA = (await s.a.get(KEY)).json().data.key;
    keyB = (await s.b.get(KEY)).json().data.key;
  });
  afterEach(async () => {
    await saveRules(DEFAULTS);
    await saveRules(DEFAULTS, s.b);
  });

  it('marks a chat lead that repeats a form lead of today, holds it back from distribution and push, and lists it under 重复', async () => {
    const phone = newPhone();
    const first = await ingest(form(phone));
    const second = await ingest(form(phone, { resType: 2, listKind: 'resource' }));
    expect(await stored(first)).toMatchObject({ duplicateOf: null, duplicateReason: null });
    expect(await stored(second)).toMatchObject({ duplicateOf: first, duplicateReason: '与今天的表单线索重复', crmFollower: null });
    // Held back: the distribution never saw it, and no CRM push was queued.
    expect(await distributionOf(second)).toBeUndefined();
    expect(await distributionOf(first)).toBeDefined();
    expect(await jobsOf(second)).toBe(0);

    const duplicates = (await s.a.get(list('resource'), { query: { duplicate: '1', phone } })).json() as Lead[];
    expect(duplicates.map((lead) => [lead.id, lead.duplicateOf, lead.duplicateReason])).toEqual([[second, first, '与今天的表单线索重复']]);
    expect(duplicates[0]!.duplicateFirst).toEqual({ listKind: 'resource', day: chinaToday() });
    const originals = (await s.a.get(list('resource'), { query: { duplicate: '0', phone } })).json() as Lead[];
    expect(originals.map((lead) => lead.id)).toEqual([first]);
    expectError(await s.a.get(list('resource'), { query: { duplicate: '2' } }), 400, DuplicateText.FilterInvalid);
  });

  it('looks back the window of days: a lead 40 days old is no original under 30 days, and is under 60 ("与 40 天前的…")', async () => {
    const phone = newPhone();
    const old = new Date(Date.now() - 40 * 86_400_000);
    const [original] = await insertFixtures(s.t.db, [
      leadRow(customerA, 'feedback', { mobile: phone, itemId: itemsA[0], createTime: old.toISOString() }),
    ]);
    expect((await stored(await ingest(form(phone)))).duplicateOf).toBeNull();

    expect((await saveRules({ ...DEFAULTS, duplicateWindowDays: 60 })).json()).toEqual({ ...DEFAULTS, ...PHONE, duplicateWindowDays: 60 });
    const repeat = await stored(await ingest(form(phone)));
    // The original is the earliest lead of the window that is itself no duplicate.
    expect(repeat.duplicateOf).toBe(original);
    const days = Math.round((Date.parse(`${chinaToday()}T00:00:00Z`) - Date.parse(`${chinaToday(old)}T00:00:00Z`)) / 86_400_000);
    expect(repeat.duplicateReason).toBe(`与 ${days} 天前的表单线索重复`);
    expect(days).toBe(40);
  });

  it('a window of 0 days checks nothing: every lead is new, and turning it on again finds them', async () => {
    await saveRules({ ...DEFAULTS, duplicateWindowDays: 0 });
    const phone = newPhone();
    const first = await ingest(form(phone));
    expect((await stored(await ingest(form(phone)))).duplicateOf).toBeNull();
    await saveRules(DEFAULTS);
    expect((await stored(await ingest(form(phone)))).duplicateOf).toBe(first);
  });

  it('compares mainland numbers without the country code, and the other contact', async () => {
    const phone = newPhone();
    const first = await ingest(form(phone));
    expect((await stored(await ingest(form(`86${phone}`)))).duplicateOf).toBe(first);
    expect((await stored(await ingest(form(`0086${phone}`)))).duplicateOf).toBe(first);

    const wechat = `wx_dup_${next++}`;
    const byOther = await ingest(form(newPhone(), { other: wechat }));
    expect((await stored(await ingest(form(newPhone(), { other: ` ${wechat.toUpperCase()} ` })))).duplicateOf).toBe(byOther);
  });

  it('by project: the same number in another project is a new lead; across the customer it is a duplicate', async () => {
    const phone = newPhone();
    const first = await ingest(form(phone));
    await saveRules({ ...DEFAULTS, duplicateScope: 'project' });
    expect((await stored(await ingest(form(phone, { itemId: itemsA[1] })))).duplicateOf).toBeNull();
    expect((await stored(await ingest(form(phone)))).duplicateOf).toBe(first);
    await saveRules(DEFAULTS);
    expect((await stored(await ingest(form(phone, { itemId: itemsA[1] })))).duplicateOf).toBe(first);
  });

  it('treated as new, a duplicate is still marked but goes through distribution like any lead', async () => {
    await saveRules({ ...DEFAULTS, duplicateAction: 'new' });
    const phone = newPhone();
    const first = await ingest(form(phone));
    const second = await ingest(form(phone));
    expect(await stored(second)).toMatchObject({ duplicateOf: first, duplicateReason: '与今天的表单线索重复' });
    expect(await distributionOf(second)).toBeDefined();
  });

  it('of 20 concurrent arrivals of one number, one is the original and 19 its duplicates', async () => {
    const phone = newPhone();
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => ingest(form(phone, { name: `并发${i}` }))));
    const rows = await Promise.all(ids.map(stored));
    const originals = rows.filter((row) => row.duplicateOf === null);
    expect(originals).toHaveLength(1);
    expect(rows.filter((row) => row.duplicateOf === originals[0]!.id)).toHaveLength(19);
  });

  it("never matches another customer's leads, and each customer's rule is their own", async () => {
    const phone = newPhone();
    const ofA = await ingest(form(phone));
    const ofB = await ingest({ listKind: 'resource', itemId: itemsB[0], name: '乙', mobile: phone }, keyB);
    expect((await stored(ofB)).duplicateOf).toBeNull();
    expect((await stored(ofA)).duplicateOf).toBeNull();

    await saveRules({ duplicateWindowDays: 7, duplicateScope: 'project', duplicateAction: 'new' });
    expect((await s.b.get(RULES)).json()).toEqual({ ...DEFAULTS, ...PHONE });
    expect((await s.a.get(RULES)).json()).toEqual({ duplicateWindowDays: 7, duplicateScope: 'project', duplicateAction: 'new', ...PHONE });
  });

  it('refuses a rule out of bounds with its message and keeps the saved one', async () => {
    for (const [body, message] of [
      [{ ...DEFAULTS, duplicateWindowDays: -1 }, DuplicateText.WindowInvalid],
      [{ ...DEFAULTS, duplicateWindowDays: 366 }, DuplicateText.WindowInvalid],
      [{ ...DEFAULTS, duplicateWindowDays: 1.5 }, DuplicateText.WindowInvalid],
      [{ ...DEFAULTS, duplicateScope: 'world' }, DuplicateText.ScopeInvalid],
      [{ ...DEFAULTS, duplicateAction: 'drop' }, DuplicateText.ActionInvalid],
    ] as const) {
      expectError(await saveRules(body), 400, message);
    }
    expect((await s.a.get(RULES)).json()).toEqual({ ...DEFAULTS, ...PHONE });
    expectError(await s.t.client().get(RULES), 401);
  });

  it('a yesterday lead of the customer names its day', async () => {
    const phone = newPhone();
    const yesterday = addDays(chinaToday(), -1);
    await insertFixtures(s.t.db, [
      leadRow(customerA, 'resource', { mobile: phone, itemId: itemsA[0], resType: 2, createTime: `${yesterday}T04:00:00.000Z` }),
    ]);
    expect((await stored(await ingest(form(phone)))).duplicateReason).toBe('与 1 天前的智能对话线索重复');
  });
});

describe.each(dialects())('duplicates in the reports on %s', (dialect) => {
  const s = useDemoApp(dialect);

  it('a receive report counts a duplicate once, in its own column; the daily statement (the count behind 留言数) the original only', async () => {
    const customerA = await customerIdOf(s.t.db, 'demo');
    const [itemId] = await itemIdsOf(s.t.db, customerA);
    const key = (await s.a.get(KEY)).json().data.key as string;
    const today = chinaToday();
    const query = { startTime: today, endTime: today, itemId: String(itemId) };
    type Row = { crmFollower: string; countNum: number; duplicates: number };
    const receive = async () => (await s.a.get('/rest/customer/report/receive', { query: { ...query, pageSize: '100' } })).json();
    const before = await receive();
    const statementDay = async () =>
      (
        (await s.a.get('/rest/customer/report/daily-statement', { query: { itemId: String(itemId), month: today.slice(0, 7) } })).json().rows[0]
          .days as number[]
      )[Number(today.slice(8, 10)) - 1];
    const dayBefore = await statementDay();

    const phone = newPhone();
    const send = (resType: number) =>
      s.t.app.inject({
        method: 'POST',
        url: OPEN,
        payload: { listKind: 'resource', itemId, name: '重复测试', mobile: phone, resType },
        headers: { 'x-ingest-key': key },
      });
    expect((await send(1)).statusCode).toBe(201);
    expect((await send(2)).statusCode).toBe(201);

    const after = await receive();
    expect(after.summary.countNum).toBe(before.summary.countNum + 1);
    expect(after.summary.duplicates).toBe(before.summary.duplicates + 1);
    // The held-back duplicate has no receiver: it is on the 未分配 row.
    const unassigned = (report: { rows: Row[] }) => report.rows.find((row) => row.crmFollower === '') ?? { countNum: 0, duplicates: 0 };
    expect(unassigned(after).duplicates).toBe(unassigned(before).duplicates + 1);
    expect(await statementDay()).toBe(dayBefore + 1);
  });
});
