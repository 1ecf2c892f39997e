import { createHash } from 'node:crypto';
import { CRM_CODES } from '@portal/contracts';
import { fakeContext, startCrmSandbox } from '../../../test/fake-crm';
import { ecRecords } from '../../../test/fake-crm/ec';
import { baseUrlOf } from '../runtime';
import { ecConnector, ecFieldKind, ecHeaders } from './ec';
import { parseRetryAfter, redact } from './http';
import { connectorFor } from './index';
import { recordFactory, SHORT_TIMEOUT, useFakeCrm } from './testing';
import { CrmCallError, type MappedField } from './types';

const bed = useFakeCrm('ec');
const { fake, ctx } = bed;
const { mobileOf, record, records } = recordFactory('138', (i) => ({ remark: `备注${i}`, province: '广东', city: '深圳' }));

/** One call of the connector as it left fetch: method, path under /v2/ and JSON body. */
interface Sent {
  method: string;
  path: string;
  body: any;
}

/** Runs `run` and answers what it answered with the EC calls it made (fetch passes through to the fake). */
async function sending<T>(run: () => Promise<T>): Promise<{ result: T; sent: Sent[] }> {
  const original = globalThis.fetch;
  const sent: Sent[] = [];
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname.startsWith('/v2/')) {
      sent.push({
        method: init?.method ?? 'GET',
        path: url.pathname.slice(4),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      });
    }
    return original(input, init);
  });
  try {
    return { result: await run(), sent };
  } finally {
    spy.mockRestore();
  }
}

/** A call sent straight to the fake (what EC is sent, whoever sends it), signed with the fake's credentials unless `headers` say otherwise. */
async function direct(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers = ecHeaders(fake.credentials),
): Promise<{ status: number; json: any }> {
  const response = await fetch(`${fake.url}${path}`, {
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

/** addCustomer of `list` straight to the fake, by the operator 8001. */
const addDirectly = (list: unknown[], more: Record<string, unknown> = {}) =>
  direct('POST', 'customer/addCustomer', { optUserId: 8001, list, notify: false, repeat: false, ...more });

const crmIdOf = (outcome: unknown): string => (outcome as { crmId: string }).crmId;

describe('ec signing', () => {
  it('E2, E4: accepts the style 1 signature and the style 2 token header', async () => {
    await expect(ecConnector.verify(fake.credentials, ctx())).resolves.toBeUndefined();
    await expect(ecConnector.verify(fake.altCredentials!, ctx())).resolves.toBeUndefined();
    expect(fake.calls['/config/getFieldMapping']).toBe(2);
  });

  it('E2: signs with upper(md5(appId&appSecret&timeStamp)) and the ms timestamp', () => {
    const headers = ecHeaders({ ...fake.credentials, param2: 'app', param3: 'secret' }, 1700000000000);
    const sign = createHash('md5').update('appId=app&appSecret=secret&timeStamp=1700000000000').digest('hex').toUpperCase();
    expect(headers).toEqual({ 'X-Ec-Cid': fake.credentials.param1, 'X-Ec-TimeStamp': '1700000000000', 'X-Ec-Sign': sign });
  });

  it('E4: style 2 sends the token in the header param2 names, without a signature (assumed)', () => {
    const headers = ecHeaders({ ...fake.credentials, param2: 'X-Partner-Token', param3: 'tok', param10: '2' }, 1700000000000);
    expect(headers).toEqual({ 'X-Ec-Cid': fake.credentials.param1, 'X-Ec-TimeStamp': '1700000000000', 'X-Partner-Token': 'tok' });
  });

  it('refuses a wrong secret as an auth failure, without leaking the secret', async () => {
    const wrong = { ...fake.credentials, param3: 'not-the-secret' };
    await expect(ecConnector.verify(wrong, ctx())).rejects.toEqual(new CrmCallError('CRM账号验证失败，请检查账号信息', 'auth'));
    const [outcome] = await ecConnector.push(wrong, [record(1)], ctx());
    expect(outcome).toMatchObject({ kind: 'retry', cause: 'auth' });
    expect(JSON.stringify(outcome)).not.toContain('not-the-secret');
    expect(fake.records).toHaveLength(0);
  });

  it('E4: refuses a wrong style 2 token', async () => {
    await expect(ecConnector.verify({ ...fake.altCredentials!, param3: 'bad-token' }, ctx())).rejects.toMatchObject({ cause: 'auth' });
  });

  it('E3: the fake refuses a timestamp more than 30 s old, and takes one in the future', async () => {
    const old = await direct('GET', 'config/getFieldMapping', undefined, ecHeaders(fake.credentials, Date.now() - 31_000));
    expect(old).toEqual({ status: 401, json: { code: 401, msg: '签名超时', data: null } });
    const ahead = await direct('GET', 'config/getFieldMapping', undefined, ecHeaders(fake.credentials, Date.now() + 10 * 60_000));
    expect(ahead).toMatchObject({ status: 200, json: { code: 200 } });
  });
});

describe('ec push', () => {
  it('E10: splits 120 records into addCustomer calls of at most 50, after a duplicate check of each slice', async () => {
    const outcomes = await ecConnector.push(fake.credentials, records(120), ctx());
    expect(fake.calls['/customer/addCustomer']).toBe(3);
    expect(fake.calls['/customer/queryExist']).toBe(3);
    expect(fake.records).toHaveLength(120);
    expect(outcomes).toEqual(fake.records.map((stored) => ({ kind: 'delivered', crmId: stored.crmId })));
    expect(fake.records.map((stored) => stored.mobile)).toEqual(records(120).map((item) => item.mobile));
  });

  it('E10: the fake refuses a call of more than 50 customers', async () => {
    const answer = await addDirectly(records(51).map((item) => ({ name: item.name, mobile: item.mobile })));
    expect(answer.json).toMatchObject({ code: 400, msg: '单次最多创建50个客户' });
    expect(fake.records).toHaveLength(0);
  });

  it('E5..E9: a lead with custom fields, a label, a region and a receiver arrives in the documented shape', async () => {
    const fields: MappedField[] = [
      { code: '10001', name: '公司名称', type: 'text', value: '某某教育' },
      { code: '10005', name: '行业', type: 'option', value: '101' },
    ];
    const lead = record(1, { fields, labels: ['4101'], followerId: '8003', province: '广东省', city: '深圳市' });
    const { result, sent } = await sending(() => ecConnector.push(fake.credentials, [lead], ctx()));
    const [stored] = ecRecords(fake);
    expect(result).toEqual([{ kind: 'delivered', crmId: stored.crmId }]);
    expect(stored.body).toEqual({
      name: '客户1',
      mobile: mobileOf(1),
      followUserId: 8003,
      channelId: 3001,
      memo: '备注1',
      prefecture: '中国|广东省|深圳市|',
      fields: { '10001': '某某教育', '10005': '101' },
    });
    expect(stored.ignored).toEqual([]);
    expect(stored.labels).toEqual([4101]);
    expect(sent).toEqual([
      { method: 'POST', path: 'customer/queryExist', body: { mobile: mobileOf(1) } },
      { method: 'POST', path: 'customer/addCustomer', body: { optUserId: 8001, list: [stored.body], notify: true, repeat: false } },
      { method: 'POST', path: 'label/update', body: { optUserId: 8001, crmIds: stored.crmId, labels: '4101', type: 0 } },
    ]);
  });

  it('E5: the fake takes notify and repeat as booleans or 1/0, and refuses any other value', async () => {
    expect((await addDirectly([{ name: '甲', mobile: mobileOf(1) }], { notify: 1, repeat: 0 })).json).toMatchObject({
      code: 200,
      data: { successIdList: [{ index: 0 }], failureList: [] },
    });
    expect((await addDirectly([{ name: '乙', mobile: mobileOf(2) }], { notify: 'yes' })).json).toMatchObject({ code: 400 });
    expect(fake.records).toHaveLength(1);
  });

  it('E13: queryExist answers one {mobile, num, list} per number: an existing customer is a duplicate', async () => {
    const [first] = await ecConnector.push(fake.credentials, [record(1)], ctx());
    const firstId = crmIdOf(first);
    const answer = await direct('POST', 'customer/queryExist', { mobile: `${mobileOf(1)},${mobileOf(2)}` });
    expect(answer.json).toEqual({
      code: 200,
      msg: 'success',
      data: [
        { mobile: mobileOf(1), num: 1, list: [expect.objectContaining({ crmId: Number(firstId), fieldId: expect.any(Number) })] },
        { mobile: mobileOf(2), num: 0, list: [] },
      ],
    });
    const outcomes = await ecConnector.push(fake.credentials, [record(1, { leadId: 9 }), record(2), record(2, { leadId: 10 })], ctx());
    expect(outcomes[0]).toEqual({ kind: 'delivered', crmId: firstId, duplicate: true });
    expect(outcomes[1]).toEqual({ kind: 'delivered', crmId: fake.records[1].crmId });
    expect(outcomes[2]).toEqual({ kind: 'delivered', crmId: fake.records[1].crmId, duplicate: true });
    expect(fake.records).toHaveLength(2);
    expect(fake.calls['/customer/addCustomer']).toBe(2);
  });

  it('E7: every mapped field goes in `fields` as text (option ids, joined ids, China dates), none at the top level', async () => {
    const fields: MappedField[] = [
      { code: '10001', name: '公司名称', type: 'text', value: '某某教育' },
      { code: '10002', name: '预算', type: 'number', value: 5000 },
      { code: '10003', name: '到访日期', type: 'date', value: '2025-03-07' },
      { code: '10004', name: '座机', type: 'phone', value: '020-12345678' },
      { code: '10005', name: '行业', type: 'option', value: '101' },
      { code: '10006', name: '意向产品', type: 'options', value: ['201', '202'] },
      { code: '10007', name: '协同人', type: 'user', value: ['8002', '8003'] },
      { code: '10008', name: '所在区域', type: 'option', value: '301' },
      // A child of a mapping saved before EC's fields were flat goes in by its own id.
      { code: '10009', parentCode: 'address', name: '详细地址', type: 'text', value: '天河路1号' },
    ];
    const [outcome] = await ecConnector.push({ ...fake.credentials, param8: '1' }, [record(1, { fields })], ctx());
    const [stored] = ecRecords(fake);
    expect(outcome).toEqual({ kind: 'delivered', crmId: stored.crmId });
    expect(stored.body).toEqual({
      name: '客户1',
      mobile: mobileOf(1),
      followUserId: 8002,
      channelId: 3001,
      memo: '备注1',
      fields: {
        '10001': '某某教育',
        '10002': '5000',
        '10003': '2025-03-07',
        '10004': '020-12345678',
        '10005': '101',
        '10006': '201,202',
        '10007': '8002,8003',
        '10008': '301',
        '10009': '天河路1号',
      },
    });
    expect(stored.ignored).toEqual([]);
  });

  it('E7: the fake puts aside what EC does not read, and refuses a custom value that is not text or names no option', async () => {
    const answer = await addDirectly([
      { name: '甲', mobile: mobileOf(1), fields: { '10002': 5000 } },
      { name: '乙', mobile: mobileOf(2), fields: { '10006': '201,209' } },
      { name: '丙', mobile: mobileOf(3), labels: [4101], province: '广东', '10001': '顶层', fields: { '99999': 'x', '10001': '某公司' } },
    ]);
    expect(answer.json.data.failureList).toEqual([
      { failureCause: '预算格式错误', index: 0 },
      { failureCause: '意向产品选项不存在', index: 1 },
    ]);
    const [stored] = ecRecords(fake);
    expect(stored.body).toEqual({ name: '丙', mobile: mobileOf(3), fields: { '10001': '某公司' } });
    expect(stored.ignored).toEqual(['10001', 'labels', 'province', 'fields.99999']);
  });

  it('E7: sends an instant date as China time, and no memo when param6 is not 1', async () => {
    const fields: MappedField[] = [{ code: '10003', name: '到访日期', type: 'date', value: '2025-03-07T02:30:00.000Z' }];
    await ecConnector.push({ ...fake.credentials, param6: '0' }, [record(1, { fields })], ctx());
    expect(fake.records[0].body).toMatchObject({ fields: { '10003': '2025-03-07 10:30:00' } });
    expect(fake.records[0].body).not.toHaveProperty('memo');
  });

  it("E11: maps a failureCause to a refusal with EC's reason, the rest of the call delivered", async () => {
    const bad: MappedField[] = [{ code: '10005', name: '行业', type: 'option', value: '999' }];
    // '12345': the fake's assumed mobile check (EC's own is not public).
    const outcomes = await ecConnector.push(fake.credentials, [record(1), record(2, { fields: bad }), record(3, { mobile: '12345' })], ctx());
    expect(outcomes[0]).toMatchObject({ kind: 'delivered' });
    expect(outcomes[1]).toEqual({ kind: 'refused', reason: '行业选项不存在' });
    expect(outcomes[2]).toEqual({ kind: 'refused', reason: '手机号格式错误' });
    expect(fake.records).toHaveLength(1);
  });

  it('a lead without a mobile is created without a duplicate check (the mobile is optional in EC)', async () => {
    const [outcome] = await ecConnector.push(fake.credentials, [record(1, { mobile: '' })], ctx());
    expect(outcome).toEqual({ kind: 'delivered', crmId: fake.records[0].crmId });
    expect(fake.records[0].body).toMatchObject({ name: '客户1', mobile: '' });
    expect(fake.calls['/customer/queryExist']).toBeUndefined();
  });

  it('E8: labels are set after the create by label/update {optUserId, crmIds, labels, type 0}, one call per label set', async () => {
    const { result, sent } = await sending(() =>
      ecConnector.push(
        fake.credentials,
        [record(1, { labels: ['4101', '4201'] }), record(2, { labels: ['4101', '4201'] }), record(3, { labels: ['4102'] }), record(4)],
        ctx(),
      ),
    );
    const stored = ecRecords(fake);
    expect(result).toEqual(stored.map((item) => ({ kind: 'delivered', crmId: item.crmId })));
    expect(sent.filter((call) => call.path === 'label/update').map((call) => call.body)).toEqual([
      { optUserId: 8001, crmIds: `${stored[0].crmId},${stored[1].crmId}`, labels: '4101,4201', type: 0 },
      { optUserId: 8001, crmIds: stored[2].crmId, labels: '4102', type: 0 },
    ]);
    expect(stored.map((item) => item.labels)).toEqual([[4101, 4201], [4101, 4201], [4102], []]);
    // Not part of the customer: nothing put aside, no `labels` in what addCustomer got.
    expect(stored.map((item) => item.ignored)).toEqual([[], [], [], []]);
    for (const item of stored) expect(item.body).not.toHaveProperty('labels');
  });

  it('E8: at most 200 customers a label/update call; a duplicate found by queryExist keeps its labels', async () => {
    const [existing] = await ecConnector.push(fake.credentials, [record(1)], ctx());
    const { result, sent } = await sending(() =>
      ecConnector.push(
        fake.credentials,
        records(250).map((item) => ({ ...item, labels: ['4201'] })),
        ctx(),
      ),
    );
    expect(result[0]).toEqual({ kind: 'delivered', crmId: crmIdOf(existing), duplicate: true });
    const calls = sent.filter((call) => call.path === 'label/update');
    expect(calls.map((call) => (call.body.crmIds as string).split(',').length)).toEqual([200, 49]);
    const stored = ecRecords(fake);
    expect(stored[0].labels).toEqual([]);
    expect(stored.slice(1).every((item) => item.labels.join() === '4201')).toBe(true);
  });

  it('E8: a label/update that fails leaves the customers delivered, without those labels', async () => {
    // An unknown label: label/update is refused.
    const outcomes = await ecConnector.push(fake.credentials, [record(1, { labels: ['4101'] }), record(2, { labels: ['4101', '9999'] })], ctx());
    expect(outcomes).toEqual(fake.records.map((stored) => ({ kind: 'delivered', crmId: stored.crmId })));
    expect(ecRecords(fake).map((stored) => stored.labels)).toEqual([[4101], []]);
    // EC down right after the create (queryExist and addCustomer pass).
    fake.fail({ kind: '5xx', after: 2 });
    const [outcome] = await ecConnector.push(fake.credentials, [record(3, { labels: ['4201'] })], ctx());
    expect(outcome).toEqual({ kind: 'delivered', crmId: fake.records[2].crmId });
    expect(ecRecords(fake)[2].labels).toEqual([]);
    expect(fake.calls['/label/update']).toBe(3);
  });

  it('E8: the fake checks label/update: ids as text, at most 200 customers that exist, known labels, single-choice groups', async () => {
    await ecConnector.push(fake.credentials, [record(1), record(2)], ctx());
    const [a, b] = fake.records.map((stored) => stored.crmId);
    const update = (body: Record<string, unknown>) => direct('POST', 'label/update', { optUserId: 8001, type: 0, ...body });
    expect((await update({ crmIds: [Number(a)], labels: '4101' })).json).toMatchObject({ code: 400 });
    expect((await update({ crmIds: Array.from({ length: 201 }, () => a).join(','), labels: '4101' })).json).toMatchObject({
      code: 400,
      msg: 'crmIds不能超过200个',
    });
    expect((await update({ crmIds: a, labels: '9999' })).json).toMatchObject({ code: 400, msg: '标签不存在' });
    expect((await update({ crmIds: `${a},99999999`, labels: '4101' })).json).toMatchObject({ code: 400, msg: '客户不存在' });
    expect((await update({ crmIds: a, labels: '4101', optUserId: 9999 })).json).toMatchObject({ code: 400, msg: '操作人不存在' });
    expect(ecRecords(fake).map((stored) => stored.labels)).toEqual([[], []]);
    // 意向 is a single-choice group: type 0 replaces its label; type 1 with no labels clears them all.
    expect((await update({ crmIds: `${a},${b}`, labels: '4101' })).json).toEqual({ code: 200, msg: 'success', data: true });
    await update({ crmIds: a, labels: '4102,4201' });
    expect(ecRecords(fake).map((stored) => stored.labels)).toEqual([[4102, 4201], [4101]]);
    await update({ crmIds: b, labels: '', type: 1 });
    expect(ecRecords(fake)[1].labels).toEqual([]);
  });

  it('E9: the region goes as prefecture "国家|省州|市名|区县" when param8 is 2, and not otherwise', async () => {
    await ecConnector.push(
      fake.credentials,
      [record(1, { province: '广东省', city: '深圳市' }), record(2, { city: null }), record(3, { province: null })],
      ctx(),
    );
    await ecConnector.push({ ...fake.credentials, param8: '1' }, [record(4)], ctx());
    const bodies = fake.records.map((stored) => stored.body as Record<string, unknown>);
    expect(bodies.map((body) => body.prefecture)).toEqual(['中国|广东省|深圳市|', '中国|广东||', undefined, undefined]);
    expect(ecRecords(fake).map((stored) => stored.ignored)).toEqual([[], [], [], []]);
    const answer = await addDirectly([{ name: '甲', mobile: mobileOf(5), prefecture: '广东|深圳' }]);
    expect(answer.json.data.failureList).toEqual([{ failureCause: '地区格式错误', index: 0 }]);
  });

  it("E6: makes the record's follower its followUserId, else the account's follow-up staff (param5); an unknown one is refused", async () => {
    const outcomes = await ecConnector.push(
      fake.credentials,
      [record(1, { followerId: '8003' }), record(2), record(3, { followerId: '9999' })],
      ctx(),
    );
    expect(outcomes).toEqual([
      { kind: 'delivered', crmId: fake.records[0].crmId },
      { kind: 'delivered', crmId: fake.records[1].crmId },
      { kind: 'refused', reason: '跟进人不存在' },
    ]);
    expect(fake.records.map((stored) => (stored.body as { followUserId?: unknown }).followUserId)).toEqual([8003, 8002]);
    // Without param5 only a follower is sent.
    await ecConnector.push({ ...fake.credentials, param5: null }, [record(4), record(5, { followerId: '8001' })], ctx());
    expect(fake.records[2].body).not.toHaveProperty('followUserId');
    expect(fake.records[3].body).toMatchObject({ followUserId: 8001 });
  });

  it('refuses every record of a refused call (the refuse fault)', async () => {
    fake.fail({ kind: 'refuse' });
    const outcomes = await ecConnector.push(fake.credentials, records(2), ctx());
    expect(outcomes).toEqual([
      { kind: 'refused', reason: '客户信息不合规（模拟拒绝）' },
      { kind: 'refused', reason: '客户信息不合规（模拟拒绝）' },
    ]);
  });

  it.each([
    ['5xx', 'server'],
    ['timeout', 'network'],
    ['expiredToken', 'auth'],
  ] as const)('E19: a %s is a %s retry for every record', async (kind, cause) => {
    fake.fail({ kind });
    const outcomes = await ecConnector.push(fake.credentials, records(60), ctx(kind === 'timeout' ? SHORT_TIMEOUT : {}));
    expect(outcomes).toHaveLength(60);
    for (const outcome of outcomes) expect(outcome).toMatchObject({ kind: 'retry', cause });
    expect(fake.records).toHaveLength(0);
  });

  it('a 429 is a rate retry after Retry-After', async () => {
    fake.fail({ kind: 'rateLimit', retryAfterSeconds: 7 });
    const [outcome] = await ecConnector.push(fake.credentials, [record(1)], ctx());
    expect(outcome).toEqual({ kind: 'retry', cause: 'rate', reason: expect.stringContaining('HTTP 429'), retryAfterMs: 7000 });
  });

  it('a fault with times passes after that many calls; the next push delivers', async () => {
    fake.fail({ kind: '5xx', times: 1 });
    expect((await ecConnector.push(fake.credentials, [record(1)], ctx()))[0]).toMatchObject({ kind: 'retry', cause: 'server' });
    expect((await ecConnector.push(fake.credentials, [record(1)], ctx()))[0]).toMatchObject({ kind: 'delivered' });
  });

  it('a slice failing after an earlier slice went through keeps the earlier outcomes', async () => {
    // queryExist and addCustomer of the first slice pass; the second slice's queryExist meets a 502.
    fake.fail({ kind: '5xx', after: 2 });
    const outcomes = await ecConnector.push(fake.credentials, records(60), ctx());
    expect(outcomes.slice(0, 50)).toEqual(fake.records.map((stored) => ({ kind: 'delivered', crmId: stored.crmId })));
    expect(outcomes.slice(50)).toEqual(Array(10).fill({ kind: 'retry', cause: 'server', reason: 'HTTP 502 at POST customer/queryExist' }));
  });

  it('is driven over HTTP by /__fake/ endpoints', async () => {
    const post = (path: string, body?: unknown) =>
      fetch(`${fake.origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });
    expect((await post('/__fake/fault', { kind: '5xx' })).status).toBe(200);
    expect((await ecConnector.push(fake.credentials, [record(1)], ctx()))[0]).toMatchObject({ kind: 'retry', cause: 'server' });
    expect((await post('/__fake/fault', { kind: 'nonsense' })).status).toBe(400);
    await post('/__fake/recover');
    expect((await ecConnector.push(fake.credentials, [record(1)], ctx()))[0]).toMatchObject({ kind: 'delivered' });
    const stored = await (await fetch(`${fake.origin}/__fake/records`)).json();
    expect(stored).toEqual([expect.objectContaining({ crmId: fake.records[0].crmId, mobile: mobileOf(1), labels: [], ignored: [] })]);
  });
});

describe('ec follow-ups', () => {
  const at = Date.parse('2025-03-07T02:30:00.000Z');

  it('0.3: followUp writes one trajectory/saveUserTrajectory row {id, crmId, contactTime, userId, content}', async () => {
    const crmId = crmIdOf((await ecConnector.push(fake.credentials, [record(1)], ctx()))[0]);
    const note = { crmId, content: '电话沟通，客户有意向', at, userId: '8003' };
    const { result, sent } = await sending(() => ecConnector.followUp!(fake.credentials, note, ctx()));
    expect(result).toEqual({ kind: 'delivered', crmId });
    const row = { id: `${crmId}-${at}`, crmId: Number(crmId), contactTime: '2025-03-07 10:30:00', userId: 8003, content: '电话沟通，客户有意向' };
    expect(sent).toEqual([{ method: 'POST', path: 'trajectory/saveUserTrajectory', body: { list: [row] } }]);
    expect(ecRecords(fake)[0].trajectories).toEqual([{ id: row.id, contactTime: row.contactTime, userId: 8003, content: row.content }]);
  });

  it("0.3: a follow-up without a user is the operator's (param4); an unknown customer is refused; EC down is a retry", async () => {
    const crmId = crmIdOf((await ecConnector.push(fake.credentials, [record(1)], ctx()))[0]);
    expect(await ecConnector.followUp!(fake.credentials, { crmId, content: '已回访', at }, ctx())).toEqual({ kind: 'delivered', crmId });
    expect(ecRecords(fake)[0].trajectories.map((row) => row.userId)).toEqual([8001]);
    expect(await ecConnector.followUp!(fake.credentials, { crmId: '99999999', content: '已回访', at }, ctx())).toEqual({
      kind: 'refused',
      reason: '客户不存在',
    });
    fake.fail({ kind: '5xx' });
    expect(await ecConnector.followUp!(fake.credentials, { crmId, content: '已回访', at }, ctx())).toMatchObject({ kind: 'retry', cause: 'server' });
    expect(ecRecords(fake)[0].trajectories).toHaveLength(1);
  });

  it('0.3: the fake checks saveUserTrajectory: at most 200 rows, each with a known customer and staff, a contact time and content', async () => {
    const crmId = Number(crmIdOf((await ecConnector.push(fake.credentials, [record(1)], ctx()))[0]));
    const row = { id: 'r1', crmId, contactTime: '2025-03-07 10:30:00', userId: 8002, content: '已回访' };
    const save = (list: unknown[]) => direct('POST', 'trajectory/saveUserTrajectory', { list });
    expect((await save(Array.from({ length: 201 }, () => row))).json).toMatchObject({ code: 400 });
    expect((await save([{ ...row, userId: 9999 }])).json).toMatchObject({ code: 400, msg: '员工不存在' });
    expect((await save([{ ...row, contactTime: '2025-03-07' }])).json).toMatchObject({ code: 400, msg: '联系时间格式错误' });
    expect((await save([{ ...row, content: ' ' }])).json).toMatchObject({ code: 400, msg: '跟进内容不能为空' });
    expect(ecRecords(fake)[0].trajectories).toEqual([]);
    expect((await save([row, row])).json).toEqual({ code: 200, msg: 'success', data: null });
    expect(ecRecords(fake)[0].trajectories).toHaveLength(2);
  });
});

describe('ec follower changes', () => {
  it('E21: reassign sends customer/change/user {optUserId, crmIds, followUserId} and the record gets the follower', async () => {
    const crmId = crmIdOf((await ecConnector.push(fake.credentials, [record(1)], ctx()))[0]);
    const { result, sent } = await sending(() => ecConnector.reassign!(fake.credentials, { crmId, followerId: '8003' }, ctx()));
    expect(result).toEqual({ kind: 'delivered', crmId });
    expect(sent).toEqual([{ method: 'POST', path: 'customer/change/user', body: { optUserId: 8001, crmIds: crmId, followUserId: 8003 } }]);
    expect(ecRecords(fake)[0].followers).toEqual([8003]);
  });

  it('E21: an unknown follower or customer is refused with EC’s reason; EC down is a retry; the fake checks the call', async () => {
    const crmId = crmIdOf((await ecConnector.push(fake.credentials, [record(1)], ctx()))[0]);
    expect(await ecConnector.reassign!(fake.credentials, { crmId, followerId: '9999' }, ctx())).toEqual({ kind: 'refused', reason: '跟进人不存在' });
    expect(await ecConnector.reassign!(fake.credentials, { crmId: '99999999', followerId: '8002' }, ctx())).toEqual({
      kind: 'refused',
      reason: '客户不存在',
    });
    fake.fail({ kind: '5xx' });
    expect(await ecConnector.reassign!(fake.credentials, { crmId, followerId: '8002' }, ctx())).toMatchObject({ kind: 'retry', cause: 'server' });
    fake.recover();
    const change = (body: unknown) => direct('POST', 'customer/change/user', body);
    expect((await change({ crmIds: crmId, followUserId: 8002 })).json).toMatchObject({ code: 400, msg: '操作人不存在' });
    expect((await change({ optUserId: 8001, crmIds: '', followUserId: 8002 })).json).toMatchObject({ code: 400 });
    expect((await change({ optUserId: 8001, crmIds: Array(201).fill(crmId).join(','), followUserId: 8002 })).json).toMatchObject({ code: 400 });
    expect(ecRecords(fake)[0].followers).toEqual([]);
  });
});

describe('ec discovery', () => {
  it('E14: fields from filedType and fieldParam: kinds, options (a cascade by its first level), none required', async () => {
    const fields = await ecConnector.fields(fake.credentials, ctx());
    expect(fields.map((field) => [field.code, field.name, field.type, field.required])).toEqual([
      ['10001', '公司名称', 'text', false],
      ['10002', '预算', 'number', false],
      ['10003', '到访日期', 'date', false],
      ['10004', '座机', 'phone', false],
      ['10005', '行业', 'option', false],
      ['10006', '意向产品', 'options', false],
      ['10007', '协同人', 'user', false],
      ['10008', '所在区域', 'option', false],
      ['10009', '详细地址', 'text', false],
    ]);
    expect(fields.find((field) => field.code === '10005')).toEqual({
      code: '10005',
      name: '行业',
      type: 'option',
      required: false,
      options: [
        { value: '101', text: '教育' },
        { value: '102', text: '医疗' },
        { value: '103', text: '互联网' },
      ],
    });
    expect(fields.find((field) => field.code === '10008')?.options).toEqual([
      { value: '301', text: '华南' },
      { value: '302', text: '华东' },
    ]);
    expect(fields.some((field) => field.children !== undefined)).toBe(false);
  });

  it('E14: an unknown filedType is an option field when it has options, else text (assumed)', () => {
    expect(ecFieldKind(42, true)).toBe('option');
    expect(ecFieldKind(42, false)).toBe('text');
    expect(ecFieldKind(null, false)).toBe('text');
    expect(ecFieldKind(0, true)).toBe('option');
    expect(ecFieldKind('7', true)).toBe('options');
  });

  it('E15: sources by GET customer/getChannelSource; the fake does not route a POST there', async () => {
    const { result, sent } = await sending(() => ecConnector.sources(fake.credentials, ctx()));
    expect(result).toEqual([
      { code: '3001', name: '官网推广' },
      { code: '3002', name: '信息流广告' },
    ]);
    expect(sent.map((call) => [call.method, call.path])).toEqual([['GET', 'customer/getChannelSource']]);
    expect((await direct('POST', 'customer/getChannelSource', {})).status).toBe(405);
  });

  it('E16: labels from GET config/getLabelInfo (labelList of each group); label/getLabelInfo is no v2 path', async () => {
    await expect(ecConnector.labels(fake.credentials, ctx())).resolves.toEqual([
      { classId: '4101', className: '高意向' },
      { classId: '4102', className: '低意向' },
      { classId: '4201', className: '广告线索' },
    ]);
    expect(fake.calls['/config/getLabelInfo']).toBe(1);
    expect((await direct('POST', 'label/getLabelInfo', {})).status).toBe(404);
  });

  it('E17: staff from org/struct/info, with the department names and no phone (EC answers none)', async () => {
    await expect(ecConnector.staff(fake.credentials, ctx())).resolves.toEqual([
      { userId: '8001', userName: '张管理', phone: '', deptName: '管理部' },
      { userId: '8002', userName: '李销售', phone: '', deptName: '销售一部' },
      { userId: '8003', userName: '王销售', phone: '', deptName: '销售一部' },
    ]);
  });

  it('E18: answers templates (an assumed call)', async () => {
    await expect(ecConnector.templates?.(fake.credentials, ctx())).resolves.toEqual([
      { id: 'tpl-1', name: '表单线索模板' },
      { id: 'tpl-2', name: '智能对话模板' },
    ]);
  });

  it('E20: no call rate is documented, so the connector declares none', () => {
    expect(ecConnector.callLimits ?? []).toEqual([]);
  });

  it('the flood fault answers every discovery list in its documented shape', async () => {
    fake.fail({ kind: 'flood', count: 3 });
    expect((await ecConnector.fields(fake.credentials, ctx())).map((field) => field.code)).toEqual(['100001', '100002', '100003']);
    expect((await ecConnector.labels(fake.credentials, ctx())).map((label) => label.classId)).toEqual(['500001', '500002', '500003']);
    expect(await ecConnector.sources(fake.credentials, ctx())).toHaveLength(3);
    expect(await ecConnector.staff(fake.credentials, ctx())).toHaveLength(3);
    expect(await ecConnector.templates!(fake.credentials, ctx())).toHaveLength(3);
  });

  it('throws a CrmCallError with a Chinese text when EC is down or unreachable', async () => {
    fake.fail({ kind: '5xx' });
    await expect(ecConnector.fields(fake.credentials, ctx())).rejects.toEqual(new CrmCallError('CRM服务暂时不可用，请稍后再试', 'server'));
    fake.fail({ kind: 'timeout' });
    await expect(ecConnector.sources(fake.credentials, ctx(SHORT_TIMEOUT))).rejects.toMatchObject({
      cause: 'network',
      message: 'CRM服务暂时不可用，请稍后再试',
    });
    fake.recover();
    await expect(ecConnector.staff(fake.credentials, { ...ctx(), baseUrl: 'http://127.0.0.1:1/v2/' })).rejects.toMatchObject({ cause: 'network' });
  });
});

describe('the shared HTTP helper', () => {
  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2025-03-07T02:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120000);
    expect(parseRetryAfter('Fri, 07 Mar 2025 02:00:30 GMT', now)).toBe(30000);
    expect(parseRetryAfter('Fri, 07 Mar 2025 01:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('scrubs secrets from reasons', () => {
    expect(redact('bad token abcdef123 in call', ['abcdef123', null, 'ab'])).toBe('bad token *** in call');
  });
});

describe('connectorFor and the sandbox of the four fakes', () => {
  it('each connector verifies, discovers and pushes against its fake, with latency', async () => {
    const sandbox = await startCrmSandbox({ latencyMs: 5 });
    try {
      for (const code of CRM_CODES) {
        const fake = sandbox.fakes[code];
        const connector = connectorFor(code);
        // As the runtime resolves it (a sandbox URL may hold the account's `{host}`).
        const context = fakeContext({ url: baseUrlOf(connector, fake.credentials, sandbox.urls[code]) });
        expect(connector.code).toBe(code);
        await connector.verify(fake.credentials, context);
        expect((await connector.fields(fake.credentials, context)).length).toBeGreaterThan(3);
        expect((await connector.staff(fake.credentials, context)).length).toBeGreaterThan(1);
        const outcomes = await connector.push(fake.credentials, [record(1), record(2)], context);
        expect(outcomes).toEqual(fake.records.map((stored) => ({ kind: 'delivered', crmId: stored.crmId })));
        const shown = await (await fetch(`${fake.origin}/__fake/credentials`)).json();
        expect(shown).toMatchObject({ code, url: sandbox.urls[code], credentials: { crmCode: code } });
      }
    } finally {
      await sandbox.close();
    }
  });
});
