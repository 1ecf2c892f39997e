import { memoryTokenStore } from '../../../test/fake-crm';
import { lixiaoConnector } from './lixiao';
import { itRefusesWithTheFakeReason, recordFactory, SHORT_TIMEOUT, useFakeCrm } from './testing';
import { CrmCallError, type MappedField } from './types';

const bed = useFakeCrm('lixiao');
const { fake, ctx } = bed;
const { mobileOf, record } = recordFactory('139', (i) => ({ name: `线索${i}` }));
const LOGIN = '/api/v2/auth/login';
const LEADS = '/api/v2/leads';
const DUPLICATES = '/api/v2/duplicates/search';

describe('lixiao login', () => {
  it('logs in once and keeps the token in the token store for the next calls', async () => {
    const context = ctx();
    await lixiaoConnector.verify(fake.credentials, context);
    expect(await context.tokens.get()).toMatch(/^tok-/);
    const outcomes = await lixiaoConnector.push(fake.credentials, [record(1), record(2)], context);
    expect(outcomes).toEqual(fake.records.map((stored) => ({ kind: 'delivered', crmId: stored.crmId })));
    expect(fake.calls[LOGIN]).toBe(1);
    expect(fake.calls[LEADS]).toBe(2);
  });

  it('refuses a wrong password as an auth failure after one login, without leaking it', async () => {
    const wrong = { ...fake.credentials, param3: 'wrong-password' };
    await expect(lixiaoConnector.verify(wrong, ctx())).rejects.toEqual(new CrmCallError('CRM账号验证失败，请检查账号信息', 'auth'));
    const outcomes = await lixiaoConnector.push(wrong, [record(1), record(2)], ctx());
    expect(outcomes).toEqual([
      { kind: 'retry', cause: 'auth', reason: 'lixiao login refused: 账号或密码错误' },
      { kind: 'retry', cause: 'auth', reason: 'lixiao login refused: 账号或密码错误' },
    ]);
    expect(JSON.stringify(outcomes)).not.toContain('wrong-password');
    expect(fake.calls[LOGIN]).toBe(2);
  });

  it('logs in again when the token expired (100401), clearing the stored one', async () => {
    const context = ctx();
    await lixiaoConnector.push(fake.credentials, [record(1)], context);
    const before = await context.tokens.get();
    fake.expireTokens();
    const [outcome] = await lixiaoConnector.push(fake.credentials, [record(2)], context);
    expect(outcome).toEqual({ kind: 'delivered', crmId: fake.records[1].crmId });
    expect(fake.calls[LOGIN]).toBe(2);
    expect(await context.tokens.get()).not.toBe(before);
  });

  it('gives up after 3 tries in all and answers an auth retry', async () => {
    fake.fail({ kind: 'expiredToken' });
    const tokens = memoryTokenStore();
    const outcomes = await lixiaoConnector.push(fake.credentials, [record(1), record(2)], { ...ctx(), tokens });
    expect(outcomes[0]).toMatchObject({ kind: 'retry', cause: 'auth', reason: expect.stringContaining('login lost 3 times') });
    expect(outcomes[1]).toEqual(outcomes[0]);
    expect(fake.calls[LOGIN]).toBe(3);
    expect(fake.calls[DUPLICATES]).toBe(3);
    expect(fake.calls[LEADS]).toBeUndefined();
    expect(tokens.value).toBeNull();
  });

  it('recovers from expired logins within the 3 tries', async () => {
    fake.fail({ kind: 'expiredToken', times: 2 });
    const [outcome] = await lixiaoConnector.push(fake.credentials, [record(1)], ctx());
    expect(outcome).toMatchObject({ kind: 'delivered' });
    expect(fake.calls[LOGIN]).toBe(3);
  });
});

describe('lixiao push', () => {
  it('creates one lead per call with the mobile in address_attributes, looping over an array', async () => {
    const outcomes = await lixiaoConnector.push(fake.credentials, [record(1), record(2), record(3)], ctx());
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['delivered', 'delivered', 'delivered']);
    expect(fake.calls[LEADS]).toBe(3);
    expect(fake.records[0].body).toEqual({ name: '线索1', address_attributes: { phone: mobileOf(1) } });
  });

  it('delivers a mobile already in the CRM as a duplicate, found by duplicates/search', async () => {
    const [first] = await lixiaoConnector.push(fake.credentials, [record(1)], ctx());
    const outcomes = await lixiaoConnector.push(fake.credentials, [record(1, { leadId: 7 }), record(1, { leadId: 8 })], ctx());
    expect(outcomes).toEqual([
      { kind: 'delivered', crmId: (first as { crmId: string }).crmId, duplicate: true },
      { kind: 'delivered', crmId: (first as { crmId: string }).crmId, duplicate: true },
    ]);
    expect(fake.records).toHaveLength(1);
  });

  it('encodes every field kind in the shape 励销 takes', async () => {
    const fields: MappedField[] = [
      { code: 'company_name', name: '公司名称', type: 'text', value: '某某医疗' },
      { code: 'numeric_asset_1', name: '预算', type: 'number', value: 3000 },
      { code: 'date_asset_1', name: '预约日期', type: 'date', value: '2025-03-07' },
      { code: 'tel', parentCode: 'address_attributes', name: '电话', type: 'phone', value: '020-87654321' },
      { code: 'detail_address', parentCode: 'address_attributes', name: '详细地址', type: 'text', value: '珠江新城' },
      { code: 'text_asset_1', name: '行业', type: 'option', value: '医疗' },
      { code: 'tags', name: '标签', type: 'options', value: ['高意向', '待回访'] },
      { code: 'user_asset_1', name: '协作人', type: 'user', value: ['5002'] },
    ];
    const [outcome] = await lixiaoConnector.push({ ...fake.credentials, param4: '5001' }, [record(1, { fields })], ctx());
    expect(outcome).toMatchObject({ kind: 'delivered' });
    expect(fake.records[0].body).toEqual({
      name: '线索1',
      user_id: 5001,
      company_name: '某某医疗',
      numeric_asset_1: 3000,
      date_asset_1: '2025-03-07',
      address_attributes: { phone: mobileOf(1), tel: '020-87654321', detail_address: '珠江新城' },
      text_asset_1: '医疗',
      tags: ['高意向', '待回访'],
      user_asset_1: ['5002'],
    });
  });

  it("makes the record's follower the lead's owner (user_id), else the account's owner (param4); an unknown one is refused", async () => {
    const account = { ...fake.credentials, param4: '5001' };
    const outcomes = await lixiaoConnector.push(account, [record(1, { followerId: '5002' }), record(2), record(3, { followerId: '5999' })], ctx());
    expect(outcomes).toEqual([
      { kind: 'delivered', crmId: fake.records[0].crmId },
      { kind: 'delivered', crmId: fake.records[1].crmId },
      { kind: 'refused', reason: '负责人不存在' },
    ]);
    expect(fake.records.map((stored) => (stored.body as { user_id?: unknown }).user_id)).toEqual([5002, 5001]);
    await lixiaoConnector.push(fake.credentials, [record(4), record(5, { followerId: '5001' })], ctx());
    expect(fake.records[2].body).not.toHaveProperty('user_id');
    expect(fake.records[3].body).toMatchObject({ user_id: 5001 });
  });

  it('sends the labels as options of the tags field, with any the mapping sends there; an unknown one is refused', async () => {
    const known = (await lixiaoConnector.labels(fake.credentials, ctx())).map((label) => label.classId);
    expect(known).toEqual(['高意向', '待回访']);
    const mapped: MappedField[] = [{ code: 'tags', name: '标签', type: 'options', value: ['待回访'] }];
    const outcomes = await lixiaoConnector.push(
      fake.credentials,
      [record(1, { labels: ['高意向'] }), record(2, { fields: mapped, labels: ['高意向', '待回访'] }), record(3, { labels: ['不存在的标签'] })],
      ctx(),
    );
    expect(outcomes).toEqual([
      { kind: 'delivered', crmId: fake.records[0].crmId },
      { kind: 'delivered', crmId: fake.records[1].crmId },
      { kind: 'refused', reason: '标签选项不存在' },
    ]);
    expect(fake.records[0].body).toMatchObject({ tags: ['高意向'] });
    expect(fake.records[1].body).toMatchObject({ tags: ['待回访', '高意向'] });
    expect(fake.records).toHaveLength(2);
  });

  it("refuses a record with the CRM's message and goes on with the next", async () => {
    const bad: MappedField[] = [{ code: 'text_asset_1', name: '行业', type: 'option', value: '金融' }];
    const outcomes = await lixiaoConnector.push(fake.credentials, [record(1, { fields: bad }), record(2, { name: '' }), record(3)], ctx());
    expect(outcomes).toEqual([
      { kind: 'refused', reason: '行业选项不存在' },
      { kind: 'refused', reason: '姓名不能为空' },
      { kind: 'delivered', crmId: fake.records[0].crmId },
    ]);
  });

  it.each([
    ['5xx', 'server'],
    ['timeout', 'network'],
  ] as const)('a %s is a %s retry for the record and the ones after it', async (kind, cause) => {
    const context = ctx(kind === 'timeout' ? SHORT_TIMEOUT : {});
    await lixiaoConnector.verify(fake.credentials, context);
    fake.fail({ kind });
    const outcomes = await lixiaoConnector.push(fake.credentials, [record(1), record(2)], context);
    expect(outcomes).toEqual([expect.objectContaining({ kind: 'retry', cause }), expect.objectContaining({ kind: 'retry', cause })]);
    expect(fake.calls[DUPLICATES]).toBe(1);
  });

  it('a 429 is a rate retry after Retry-After', async () => {
    fake.fail({ kind: 'rateLimit', retryAfterSeconds: 3 });
    const [outcome] = await lixiaoConnector.push(fake.credentials, [record(1)], ctx());
    expect(outcome).toMatchObject({ kind: 'retry', cause: 'rate', retryAfterMs: 3000 });
  });

  itRefusesWithTheFakeReason(lixiaoConnector, bed, record(1), '线索信息不合规（模拟拒绝）');
});

describe('lixiao discovery', () => {
  it('answers the lead fields of every group, with options and children', async () => {
    const fields = await lixiaoConnector.fields(fake.credentials, ctx());
    expect(fields.map((field) => [field.code, field.type])).toEqual([
      ['name', 'text'],
      ['company_name', 'text'],
      ['source', 'option'],
      ['address_attributes', 'text'],
      ['numeric_asset_1', 'number'],
      ['date_asset_1', 'date'],
      ['text_asset_1', 'option'],
      ['tags', 'options'],
      ['user_asset_1', 'user'],
    ]);
    expect(fields[0].required).toBe(true);
    expect(fields.find((field) => field.code === 'text_asset_1')?.options).toEqual([
      { value: '教育', text: '教育' },
      { value: '医疗', text: '医疗' },
      { value: '互联网', text: '互联网' },
    ]);
    expect(fields.find((field) => field.code === 'address_attributes')?.children?.map((child) => [child.code, child.type])).toEqual([
      ['phone', 'phone'],
      ['tel', 'phone'],
      ['detail_address', 'text'],
    ]);
  });

  it('answers sources, labels and staff', async () => {
    const context = ctx();
    await expect(lixiaoConnector.sources(fake.credentials, context)).resolves.toEqual([
      { code: '广告投放', name: '广告投放' },
      { code: '官网咨询', name: '官网咨询' },
      { code: '电话营销', name: '电话营销' },
    ]);
    await expect(lixiaoConnector.labels(fake.credentials, context)).resolves.toEqual([
      { classId: '高意向', className: '高意向' },
      { classId: '待回访', className: '待回访' },
    ]);
    await expect(lixiaoConnector.staff(fake.credentials, context)).resolves.toEqual([
      { userId: '5001', userName: '赵销售', phone: '13700000001', deptName: '销售部' },
      { userId: '5002', userName: '钱销售', phone: '13700000002', deptName: '销售部' },
    ]);
    expect(fake.calls[LOGIN]).toBe(1);
  });

  it('throws a CrmCallError with a Chinese text when the CRM is down', async () => {
    fake.fail({ kind: '5xx' });
    await expect(lixiaoConnector.fields(fake.credentials, ctx())).rejects.toEqual(new CrmCallError('CRM服务暂时不可用，请稍后再试', 'server'));
  });
});
