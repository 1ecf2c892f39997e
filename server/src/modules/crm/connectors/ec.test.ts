import { createHash } from 'node:crypto';
import { CRM_CODES } from '@portal/contracts';
import { fakeContext, startCrmSandbox } from '../../../test/fake-crm';
import { ecConnector, ecHeaders } from './ec';
import { parseRetryAfter, redact } from './http';
import { connectorFor } from './index';
import { recordFactory, SHORT_TIMEOUT, useFakeCrm } from './testing';
import { CrmCallError, type MappedField } from './types';

const bed = useFakeCrm('ec');
const { fake, ctx } = bed;
const { mobileOf, record, records } = recordFactory('138', (i) => ({ remark: `备注${i}`, province: '广东', city: '深圳' }));

describe('ec signing', () => {
  it('accepts the style 1 signature and the style 2 token header', async () => {
    await expect(ecConnector.verify(fake.credentials, ctx())).resolves.toBeUndefined();
    await expect(ecConnector.verify(fake.altCredentials!, ctx())).resolves.toBeUndefined();
    expect(fake.calls['/config/getFieldMapping']).toBe(2);
  });

  it('signs with upper(md5(appId&appSecret&timeStamp)) and the ms timestamp', () => {
    const headers = ecHeaders({ ...fake.credentials, param2: 'app', param3: 'secret' }, 1700000000000);
    const sign = createHash('md5').update('appId=app&appSecret=secret&timeStamp=1700000000000').digest('hex').toUpperCase();
    expect(headers).toEqual({ 'X-Ec-Cid': fake.credentials.param1, 'X-Ec-TimeStamp': '1700000000000', 'X-Ec-Sign': sign });
  });

  it('refuses a wrong secret as an auth failure, without leaking the secret', async () => {
    const wrong = { ...fake.credentials, param3: 'not-the-secret' };
    await expect(ecConnector.verify(wrong, ctx())).rejects.toEqual(new CrmCallError('CRM账号验证失败，请检查账号信息', 'auth'));
    const [outcome] = await ecConnector.push(wrong, [record(1)], ctx());
    expect(outcome).toMatchObject({ kind: 'retry', cause: 'auth' });
    expect(JSON.stringify(outcome)).not.toContain('not-the-secret');
    expect(fake.records).toHaveLength(0);
  });

  it('refuses a wrong style 2 token', async () => {
    await expect(ecConnector.verify({ ...fake.altCredentials!, param3: 'bad-token' }, ctx())).rejects.toMatchObject({ cause: 'auth' });
  });

  it('the fake refuses a timestamp more than 5 minutes off', async () => {
    const headers = ecHeaders(fake.credentials, Date.now() - 6 * 60 * 1000);
    const response = await fetch(`${fake.url}config/getFieldMapping`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 401, msg: '时间戳已失效' });
  });
});

describe('ec push', () => {
  it('splits 120 records into addCustomer calls of at most 50, after a duplicate check of each slice', async () => {
    const outcomes = await ecConnector.push(fake.credentials, records(120), ctx());
    expect(fake.calls['/customer/addCustomer']).toBe(3);
    expect(fake.calls['/customer/queryExist']).toBe(3);
    expect(fake.records).toHaveLength(120);
    expect(outcomes).toEqual(fake.records.map((stored) => ({ kind: 'delivered', crmId: stored.crmId })));
    expect(fake.records.map((stored) => stored.mobile)).toEqual(records(120).map((item) => item.mobile));
  });

  it('the fake refuses a call of more than 50 customers', async () => {
    const list = records(51).map((item) => ({ name: item.name, mobile: item.mobile }));
    const response = await fetch(`${fake.url}customer/addCustomer`, {
      method: 'POST',
      headers: { ...ecHeaders(fake.credentials), 'content-type': 'application/json' },
      body: JSON.stringify({ optUserId: 8001, list }),
    });
    expect(await response.json()).toMatchObject({ code: 400, msg: '单次最多创建50个客户' });
    expect(fake.records).toHaveLength(0);
  });

  it('delivers a mobile already in EC as a duplicate with its crmId, and one customer per mobile in a batch', async () => {
    const [first] = await ecConnector.push(fake.credentials, [record(1)], ctx());
    const outcomes = await ecConnector.push(fake.credentials, [record(1, { leadId: 9 }), record(2), record(2, { leadId: 10 })], ctx());
    expect(first).toMatchObject({ kind: 'delivered' });
    const firstId = (first as { crmId: string }).crmId;
    expect(outcomes[0]).toEqual({ kind: 'delivered', crmId: firstId, duplicate: true });
    expect(outcomes[1]).toEqual({ kind: 'delivered', crmId: fake.records[1].crmId });
    expect(outcomes[2]).toEqual({ kind: 'delivered', crmId: fake.records[1].crmId, duplicate: true });
    expect(fake.records).toHaveLength(2);
    expect(fake.calls['/customer/addCustomer']).toBe(2);
  });

  it('encodes every field kind in the shape EC takes', async () => {
    const fields: MappedField[] = [
      { code: 'f_company', name: '公司名称', type: 'text', value: '某某教育' },
      { code: 'f_budget', name: '预算', type: 'number', value: '5000' },
      { code: 'f_visit', name: '到访日期', type: 'date', value: '2025-03-07' },
      { code: 'f_tel', name: '座机', type: 'phone', value: '020-12345678' },
      { code: 'f_industry', name: '行业', type: 'option', value: '101' },
      { code: 'f_product', name: '意向产品', type: 'options', value: ['201', '202'] },
      { code: 'f_helper', name: '协同人', type: 'user', value: ['8003'] },
      { code: 'province', parentCode: 'address', name: '省份', type: 'text', value: '广东' },
      { code: 'detail', parentCode: 'address', name: '详细地址', type: 'text', value: '天河路1号' },
    ];
    const [outcome] = await ecConnector.push(fake.credentials, [record(1, { fields })], ctx());
    expect(outcome).toEqual({ kind: 'delivered', crmId: fake.records[0].crmId });
    expect(fake.records[0].body).toEqual({
      name: '客户1',
      mobile: mobileOf(1),
      followUserId: 8002,
      channelId: 3001,
      memo: '备注1',
      province: '广东',
      city: '深圳',
      f_company: '某某教育',
      f_budget: 5000,
      f_visit: '2025-03-07',
      f_tel: '020-12345678',
      f_industry: '101',
      f_product: ['201', '202'],
      f_helper: ['8003'],
      address: { province: '广东', detail: '天河路1号' },
    });
  });

  it('sends an instant date as China time, and no memo when param6 is not 1', async () => {
    const fields: MappedField[] = [{ code: 'f_visit', name: '到访日期', type: 'date', value: '2025-03-07T02:30:00.000Z' }];
    await ecConnector.push({ ...fake.credentials, param6: '0' }, [record(1, { fields })], ctx());
    expect(fake.records[0].body).toMatchObject({ f_visit: '2025-03-07 10:30:00' });
    expect(fake.records[0].body).not.toHaveProperty('memo');
  });

  it("maps a failureCause to a refusal with EC's reason, the rest of the call delivered", async () => {
    const bad: MappedField[] = [{ code: 'f_industry', name: '行业', type: 'option', value: '999' }];
    const outcomes = await ecConnector.push(fake.credentials, [record(1), record(2, { fields: bad }), record(3, { mobile: '12345' })], ctx());
    expect(outcomes[0]).toMatchObject({ kind: 'delivered' });
    expect(outcomes[1]).toEqual({ kind: 'refused', reason: '行业选项不存在' });
    expect(outcomes[2]).toEqual({ kind: 'refused', reason: '手机号格式错误' });
    expect(fake.records).toHaveLength(1);
  });

  it('sends the labels as label ids in the customer (those label/getLabelInfo answers); an unknown one is refused', async () => {
    const known = (await ecConnector.labels(fake.credentials, ctx())).map((label) => label.classId);
    expect(known).toEqual(expect.arrayContaining(['4101', '4201']));
    const outcomes = await ecConnector.push(
      fake.credentials,
      [record(1, { labels: ['4101', '4201'] }), record(2, { labels: ['4101', '9999'] })],
      ctx(),
    );
    expect(outcomes[0]).toEqual({ kind: 'delivered', crmId: fake.records[0].crmId });
    expect(outcomes[1]).toEqual({ kind: 'refused', reason: '标签不存在' });
    expect(fake.records).toHaveLength(1);
    expect(fake.records[0].body).toMatchObject({ mobile: mobileOf(1), labels: [4101, 4201] });
    await ecConnector.push(fake.credentials, [record(3)], ctx());
    expect(fake.records[1].body).not.toHaveProperty('labels');
  });

  it("makes the record's follower its followUserId, else the account's follow-up staff (param5); an unknown one is refused", async () => {
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
  ] as const)('a %s is a %s retry for every record', async (kind, cause) => {
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
    expect(stored).toEqual([expect.objectContaining({ crmId: fake.records[0].crmId, mobile: mobileOf(1) })]);
  });
});

describe('ec discovery', () => {
  it('answers fields with their kinds, options and children', async () => {
    const fields = await ecConnector.fields(fake.credentials, ctx());
    expect(fields.find((field) => field.code === 'f_industry')).toEqual({
      code: 'f_industry',
      name: '行业',
      type: 'option',
      required: false,
      options: [
        { value: '101', text: '教育' },
        { value: '102', text: '医疗' },
        { value: '103', text: '互联网' },
      ],
    });
    expect(fields.map((field) => [field.code, field.type])).toEqual([
      ['f_company', 'text'],
      ['f_budget', 'number'],
      ['f_visit', 'date'],
      ['f_tel', 'phone'],
      ['f_industry', 'option'],
      ['f_product', 'options'],
      ['f_helper', 'user'],
      ['address', 'text'],
    ]);
    expect(fields.find((field) => field.code === 'address')?.children?.map((child) => child.code)).toEqual(['province', 'city', 'detail']);
  });

  it('answers templates', async () => {
    await expect(ecConnector.templates?.(fake.credentials, ctx())).resolves.toEqual([
      { id: 'tpl-1', name: '表单线索模板' },
      { id: 'tpl-2', name: '智能对话模板' },
    ]);
  });

  it('answers sources, labels and staff', async () => {
    await expect(ecConnector.sources(fake.credentials, ctx())).resolves.toEqual([
      { code: '3001', name: '官网推广' },
      { code: '3002', name: '信息流广告' },
    ]);
    await expect(ecConnector.labels(fake.credentials, ctx())).resolves.toEqual([
      { classId: '4101', className: '高意向' },
      { classId: '4102', className: '低意向' },
      { classId: '4201', className: '广告线索' },
    ]);
    await expect(ecConnector.staff(fake.credentials, ctx())).resolves.toEqual([
      { userId: '8001', userName: '张管理', phone: '13900000001', deptName: '管理部' },
      { userId: '8002', userName: '李销售', phone: '13900000002', deptName: '销售一部' },
      { userId: '8003', userName: '王销售', phone: '13900000003', deptName: '销售一部' },
    ]);
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
        const context = fakeContext({ url: sandbox.urls[code] });
        const connector = connectorFor(code);
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
