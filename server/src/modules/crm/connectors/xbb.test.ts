import { createHash } from 'node:crypto';
import { xbbBaseUrl, xbbConnector } from './xbb';
import { itRefusesWithTheFakeReason, itRetriesEveryRecordOnFaults, recordFactory, SHORT_TIMEOUT, useFakeCrm } from './testing';
import { CrmCallError, type MappedField } from './types';

const bed = useFakeCrm('xbb');
const { fake, ctx } = bed;
const { mobileOf, record } = recordFactory('137');
const ADD = '/pro/v2/api/customer/add';
const phoneRow = (i: number) => ({ text_1: { text: '手机', value: '2' }, text_2: mobileOf(i) });

describe('xbb signing', () => {
  it('picks proapi for DingTalk corps and appapi for the others', () => {
    expect(xbbBaseUrl('ding1234abcd')).toBe('https://proapi.xbongbong.com');
    expect(xbbBaseUrl('1234$$dingabcd')).toBe('https://proapi.xbongbong.com');
    expect(xbbBaseUrl('wx1234abcd')).toBe('https://appapi.xbongbong.com');
    expect(xbbConnector.defaultBaseUrl({ ...fake.credentials, param1: null })).toBe('https://appapi.xbongbong.com');
  });

  it('accepts the sha256 sign of the exact body and refuses a wrong token as auth', async () => {
    await expect(xbbConnector.verify(fake.credentials, ctx())).resolves.toBeUndefined();
    const wrong = { ...fake.credentials, param2: 'not-the-token' };
    await expect(xbbConnector.verify(wrong, ctx())).rejects.toEqual(new CrmCallError('CRM账号验证失败，请检查账号信息', 'auth'));
    const [outcome] = await xbbConnector.push(wrong, [record(1)], ctx());
    expect(outcome).toMatchObject({ kind: 'retry', cause: 'auth' });
    expect(JSON.stringify(outcome)).not.toContain('not-the-token');
    expect(fake.records).toHaveLength(0);
  });

  it('the fake checks the sign over the raw bytes: the same JSON re-spaced is refused', async () => {
    const token = fake.credentials.param2 as string;
    const body = JSON.stringify({ corpid: fake.credentials.param1, saasMark: 1 });
    const sign = createHash('sha256')
      .update(body + token)
      .digest('hex');
    const call = (text: string) =>
      fetch(`${fake.url}/pro/v2/api/form/list`, { method: 'POST', headers: { 'content-type': 'application/json', sign }, body: text });
    expect(await (await call(body)).json()).toMatchObject({ code: 1 });
    expect(await (await call(JSON.stringify(JSON.parse(body), null, 1))).json()).toMatchObject({ code: 100002 });
  });
});

describe('xbb push', () => {
  it('adds a customer with the name in text_1 and the mobile as the first subForm_1 row', async () => {
    const outcomes = await xbbConnector.push(fake.credentials, [record(1), record(2)], ctx());
    expect(outcomes).toEqual(fake.records.map((stored) => ({ kind: 'delivered', crmId: stored.crmId })));
    expect(fake.records[0].body).toEqual({ text_1: '客户1', subForm_1: [phoneRow(1)] });
    expect(fake.calls[ADD]).toBe(2);
  });

  it('delivers a mobile already in xbb as a duplicate (customer/list)', async () => {
    const [first] = await xbbConnector.push(fake.credentials, [record(1)], ctx());
    const [again] = await xbbConnector.push(fake.credentials, [record(1, { leadId: 5 })], ctx());
    expect(again).toEqual({ kind: 'delivered', crmId: (first as { crmId: string }).crmId, duplicate: true });
    expect(fake.calls[ADD]).toBe(1);
  });

  it('encodes every field kind in the shape xbb takes', async () => {
    const fields: MappedField[] = [
      { code: 'text_5', name: '备注', type: 'text', value: '想了解价格' },
      { code: 'num_1', name: '预算', type: 'number', value: '8000' },
      { code: 'date_1', name: '下次跟进时间', type: 'date', value: '2025-03-07' },
      { code: 'text_2', parentCode: 'subForm_1', name: '电话号码', type: 'phone', value: '020-11112222' },
      { code: 'text_1', parentCode: 'subForm_1', name: '电话类型', type: 'option', value: '座机' },
      { code: 'text_4', name: '行业', type: 'option', value: '教育' },
      { code: 'array_1', name: '客户标签', type: 'options', value: ['高意向', '待回访'] },
      { code: 'ownerId', name: '负责人', type: 'user', value: ['xbb-user-2'] },
      { code: 'province', parentCode: 'address_1', name: '省', type: 'text', value: '广东' },
      { code: 'city', parentCode: 'address_1', name: '市', type: 'text', value: '广州' },
    ];
    const [outcome] = await xbbConnector.push(fake.credentials, [record(1, { fields })], ctx());
    expect(outcome).toMatchObject({ kind: 'delivered' });
    expect(fake.records[0].body).toEqual({
      text_1: '客户1',
      subForm_1: [phoneRow(1), { text_2: '020-11112222', text_1: '座机' }],
      text_5: '想了解价格',
      num_1: 8000,
      // 2025-03-07 00:00 China time.
      date_1: 1741276800,
      text_4: '教育',
      array_1: ['高意向', '待回访'],
      ownerId: ['xbb-user-2'],
      address_1: { province: '广东', city: '广州' },
    });
  });

  it("refuses an unknown option or a bad format with xbb's msg", async () => {
    const unknown: MappedField[] = [{ code: 'text_4', name: '行业', type: 'option', value: '金融' }];
    const person: MappedField[] = [{ code: 'ownerId', name: '负责人', type: 'user', value: ['nobody'] }];
    const outcomes = await xbbConnector.push(
      fake.credentials,
      [record(1, { fields: unknown }), record(2, { name: ' ' }), record(3, { fields: person }), record(4)],
      ctx(),
    );
    expect(outcomes).toEqual([
      { kind: 'refused', reason: '行业选项不存在' },
      { kind: 'refused', reason: '客户名称为必填字段' },
      { kind: 'refused', reason: '负责人成员不存在' },
      { kind: 'delivered', crmId: fake.records[0].crmId },
    ]);
  });

  it("makes the record's follower the customer's owner (ownerId), over the mapped one; none without; an unknown one is refused", async () => {
    const mapped: MappedField[] = [{ code: 'ownerId', name: '负责人', type: 'user', value: ['xbb-user-1'] }];
    const outcomes = await xbbConnector.push(
      fake.credentials,
      [record(1, { followerId: 'xbb-user-2', fields: mapped }), record(2), record(3, { followerId: 'xbb-user-9' })],
      ctx(),
    );
    expect(outcomes).toEqual([
      { kind: 'delivered', crmId: fake.records[0].crmId },
      { kind: 'delivered', crmId: fake.records[1].crmId },
      { kind: 'refused', reason: '负责人成员不存在' },
    ]);
    expect(fake.records[0].body).toEqual({ text_1: '客户1', subForm_1: [phoneRow(1)], ownerId: ['xbb-user-2'] });
    expect(fake.records[1].body).not.toHaveProperty('ownerId');
  });

  itRefusesWithTheFakeReason(xbbConnector, bed, record(1), '字段数据格式错误（模拟拒绝）');
  itRetriesEveryRecordOnFaults(xbbConnector, bed, [record(1), record(2)]);

  it('a 429 is a rate retry after Retry-After', async () => {
    fake.fail({ kind: 'rateLimit', retryAfterSeconds: 2 });
    expect((await xbbConnector.push(fake.credentials, [record(1)], ctx()))[0]).toMatchObject({ kind: 'retry', cause: 'rate', retryAfterMs: 2000 });
  });

  it('finds the customer form through form/list when param3 is empty', async () => {
    const [outcome] = await xbbConnector.push({ ...fake.credentials, param3: null }, [record(1)], ctx());
    expect(outcome).toMatchObject({ kind: 'delivered' });
    expect(fake.calls['/pro/v2/api/form/list']).toBe(1);
  });
});

describe('xbb discovery', () => {
  it('answers the form fields (form/list, then form/get) with options as texts and children', async () => {
    const fields = await xbbConnector.fields({ ...fake.credentials, param3: null }, ctx());
    expect(fake.calls['/pro/v2/api/form/list']).toBe(1);
    expect(fake.calls['/pro/v2/api/form/get']).toBe(1);
    expect(fields.map((field) => [field.code, field.type])).toEqual([
      ['text_1', 'text'],
      ['subForm_1', 'text'],
      ['text_3', 'option'],
      ['text_4', 'option'],
      ['array_1', 'options'],
      ['num_1', 'number'],
      ['date_1', 'date'],
      ['ownerId', 'user'],
      ['address_1', 'text'],
      ['text_5', 'text'],
    ]);
    expect(fields[0].required).toBe(true);
    expect(fields.find((field) => field.code === 'text_4')?.options).toEqual([
      { value: '教育', text: '教育' },
      { value: '医疗', text: '医疗' },
      { value: '互联网', text: '互联网' },
    ]);
    expect(fields.find((field) => field.code === 'subForm_1')?.children?.map((child) => child.code)).toEqual(['text_1', 'text_2']);
  });

  it('answers sources, no labels, and staff', async () => {
    await expect(xbbConnector.sources(fake.credentials, ctx())).resolves.toEqual([
      { code: '广告投放', name: '广告投放' },
      { code: '官网咨询', name: '官网咨询' },
      { code: '转介绍', name: '转介绍' },
    ]);
    await expect(xbbConnector.labels(fake.credentials, ctx())).resolves.toEqual([]);
    await expect(xbbConnector.staff(fake.credentials, ctx())).resolves.toEqual([
      { userId: 'xbb-user-1', userName: '孙主管', phone: '13600000001', deptName: '销售部' },
      { userId: 'xbb-user-2', userName: '周销售', phone: '13600000002', deptName: '销售部' },
    ]);
  });

  it('throws a CrmCallError with a Chinese text on a timeout or an unknown form', async () => {
    fake.fail({ kind: 'timeout' });
    await expect(xbbConnector.fields(fake.credentials, ctx(SHORT_TIMEOUT))).rejects.toEqual(
      new CrmCallError('CRM服务暂时不可用，请稍后再试', 'network'),
    );
    fake.recover();
    await expect(xbbConnector.fields({ ...fake.credentials, param3: '9999' }, ctx())).rejects.toEqual(
      new CrmCallError('CRM返回错误：表单不存在', 'refused'),
    );
  });
});
