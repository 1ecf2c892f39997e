import { huobanConnector } from './huoban';
import { itRefusesWithTheFakeReason, itRetriesEveryRecordOnFaults, recordFactory, useFakeCrm } from './testing';
import { CrmCallError, type MappedField } from './types';

const bed = useFakeCrm('huoban');
const { fake, ctx } = bed;
const { mobileOf, record } = recordFactory('136');
const NAME = '2200000001';
const MOBILE = '2200000002';
const OWNER = '2200000008';
const TABLE = '/table/2100000000000002';

describe('huoban auth', () => {
  it('accepts the Bearer API key and refuses a wrong one as auth', async () => {
    await expect(huobanConnector.verify(fake.credentials, ctx())).resolves.toBeUndefined();
    const wrong = { ...fake.credentials, param2: 'not-the-key' };
    await expect(huobanConnector.verify(wrong, ctx())).rejects.toEqual(new CrmCallError('CRM账号验证失败，请检查账号信息', 'auth'));
    const outcomes = await huobanConnector.push(wrong, [record(1), record(2)], ctx());
    expect(outcomes).toEqual([expect.objectContaining({ kind: 'retry', cause: 'auth' }), expect.objectContaining({ kind: 'retry', cause: 'auth' })]);
    expect(JSON.stringify(outcomes)).not.toContain('not-the-key');
  });
});

describe('huoban push', () => {
  it('creates one item per record in the resource table, reading the table once per push', async () => {
    const outcomes = await huobanConnector.push(fake.credentials, [record(1), record(2), record(3)], ctx());
    expect(outcomes).toEqual(fake.records.map((stored) => ({ kind: 'delivered', crmId: stored.crmId })));
    expect(fake.calls[TABLE]).toBe(1);
    expect(fake.calls['/item']).toBe(3);
    expect(fake.records[0].body).toEqual({ [NAME]: '客户1', [MOBILE]: mobileOf(1) });
  });

  it('delivers a mobile already in the table as a duplicate (item/list)', async () => {
    const [first] = await huobanConnector.push(fake.credentials, [record(1)], ctx());
    const outcomes = await huobanConnector.push(fake.credentials, [record(1, { leadId: 3 }), record(2)], ctx());
    expect(outcomes[0]).toEqual({ kind: 'delivered', crmId: (first as { crmId: string }).crmId, duplicate: true });
    expect(outcomes[1]).toEqual({ kind: 'delivered', crmId: fake.records[1].crmId });
    expect(fake.records).toHaveLength(2);
  });

  it('encodes every field kind in the shape huoban takes', async () => {
    const fields: MappedField[] = [
      { code: '2200000003', name: '预算', type: 'number', value: '12000' },
      { code: '2200000004', name: '到访日期', type: 'date', value: '2025-03-07' },
      { code: '2200000005', name: '行业', type: 'option', value: '3' },
      { code: '2200000007', name: '标签', type: 'options', value: ['1', '2'] },
      { code: '2200000008', name: '负责人', type: 'user', value: ['11002'] },
      { code: '2200000091', parentCode: '2200000009', name: '省份', type: 'text', value: '广东' },
      { code: '2200000093', parentCode: '2200000009', name: '详细地址', type: 'text', value: '体育西路' },
    ];
    const [outcome] = await huobanConnector.push(fake.credentials, [record(1, { fields })], ctx());
    expect(outcome).toMatchObject({ kind: 'delivered' });
    expect(fake.records[0].body).toEqual({
      [NAME]: '客户1',
      [MOBILE]: mobileOf(1),
      2200000003: 12000,
      2200000004: '2025-03-07',
      2200000005: [3],
      2200000007: [1, 2],
      2200000008: [{ user_id: 11002 }],
      2200000009: { 2200000091: '广东', 2200000093: '体育西路' },
    });
  });

  it("refuses an unknown option with huoban's message and goes on", async () => {
    const bad: MappedField[] = [{ code: '2200000005', name: '行业', type: 'option', value: '99' }];
    const outcomes = await huobanConnector.push(fake.credentials, [record(1, { fields: bad }), record(2, { mobile: '' }), record(3)], ctx());
    expect(outcomes).toEqual([
      { kind: 'refused', reason: '字段[行业]的选项不存在' },
      { kind: 'refused', reason: '字段[手机]为必填' },
      { kind: 'delivered', crmId: fake.records[0].crmId },
    ]);
  });

  it("puts the record's follower in the owner field (param5) over the mapped one; an unknown one is refused", async () => {
    const mapped: MappedField[] = [{ code: OWNER, name: '负责人', type: 'user', value: ['11001'] }];
    const outcomes = await huobanConnector.push(
      fake.credentials,
      [record(1, { followerId: '11002', fields: mapped }), record(2, { fields: mapped }), record(3), record(4, { followerId: '11999' })],
      ctx(),
    );
    expect(outcomes).toEqual([
      { kind: 'delivered', crmId: fake.records[0].crmId },
      { kind: 'delivered', crmId: fake.records[1].crmId },
      { kind: 'delivered', crmId: fake.records[2].crmId },
      { kind: 'refused', reason: '字段[负责人]的成员不存在' },
    ]);
    expect(fake.records.map((stored) => (stored.body as Record<string, unknown>)[OWNER])).toEqual([
      [{ user_id: 11002 }],
      [{ user_id: 11001 }],
      undefined,
    ]);
    // Without param5 (or a user field of that name) the follower has nowhere to go.
    await huobanConnector.push({ ...fake.credentials, param5: '行业' }, [record(5, { followerId: '11002' })], ctx());
    expect(fake.records[3].body).not.toHaveProperty(OWNER);
  });

  it('sends the labels as option ids of the tag field (param7); an unknown one is refused', async () => {
    const known = (await huobanConnector.labels(fake.credentials, ctx())).map((label) => label.classId);
    expect(known).toEqual(['1', '2', '3']);
    const outcomes = await huobanConnector.push(fake.credentials, [record(1, { labels: ['1', '3'] }), record(2, { labels: ['99'] })], ctx());
    expect(outcomes).toEqual([
      { kind: 'delivered', crmId: fake.records[0].crmId },
      { kind: 'refused', reason: '字段[标签]的选项不存在' },
    ]);
    expect(fake.records).toHaveLength(1);
    expect(fake.records[0].body).toEqual({ [NAME]: '客户1', [MOBILE]: mobileOf(1), 2200000007: [1, 3] });
    // Without a tag field (param7) the labels stay out.
    await huobanConnector.push({ ...fake.credentials, param7: '' }, [record(3, { labels: ['1'] })], ctx());
    expect(fake.records[1].body).toEqual({ [NAME]: '客户3', [MOBILE]: mobileOf(3) });
  });

  itRefusesWithTheFakeReason(huobanConnector, bed, record(1), '记录不合规（模拟拒绝）');
  itRetriesEveryRecordOnFaults(huobanConnector, bed, [record(1), record(2)]);

  it('a failure midway holds back the record and the ones after it, the earlier ones delivered', async () => {
    // table, item/list + item for the first record, then item/list of the second meets a 429.
    fake.fail({ kind: 'rateLimit', retryAfterSeconds: 5, after: 3 });
    const outcomes = await huobanConnector.push(fake.credentials, [record(1), record(2), record(3)], ctx());
    expect(outcomes[0]).toEqual({ kind: 'delivered', crmId: fake.records[0].crmId });
    expect(outcomes[1]).toEqual({ kind: 'retry', cause: 'rate', reason: 'HTTP 429 at POST item/list: Too Many Requests', retryAfterMs: 5000 });
    expect(outcomes[2]).toEqual(outcomes[1]);
    expect(fake.records).toHaveLength(1);
  });
});

describe('huoban discovery', () => {
  it('answers the resource table fields with option ids and children', async () => {
    const fields = await huobanConnector.fields(fake.credentials, ctx());
    expect(fields.map((field) => [field.code, field.name, field.type])).toEqual([
      [NAME, '客户名称', 'text'],
      [MOBILE, '手机', 'phone'],
      ['2200000003', '预算', 'number'],
      ['2200000004', '到访日期', 'date'],
      ['2200000005', '行业', 'option'],
      ['2200000006', '客户来源', 'option'],
      ['2200000007', '标签', 'options'],
      ['2200000008', '负责人', 'user'],
      ['2200000009', '地址', 'text'],
    ]);
    expect(fields[4].options).toEqual([
      { value: '1', text: '教育' },
      { value: '2', text: '医疗' },
      { value: '3', text: '互联网' },
    ]);
    expect(fields[8].children?.map((child) => child.code)).toEqual(['2200000091', '2200000092', '2200000093']);
  });

  it('answers sources (param6 field), labels (param7 field) and staff (the people table)', async () => {
    await expect(huobanConnector.sources(fake.credentials, ctx())).resolves.toEqual([
      { code: '1', name: '广告投放' },
      { code: '2', name: '官网咨询' },
    ]);
    await expect(huobanConnector.labels(fake.credentials, ctx())).resolves.toEqual([
      { classId: '1', className: '高意向' },
      { classId: '2', className: '待回访' },
      { classId: '3', className: '已到访' },
    ]);
    await expect(huobanConnector.labels({ ...fake.credentials, param7: null }, ctx())).resolves.toEqual([]);
    await expect(huobanConnector.staff(fake.credentials, ctx())).resolves.toEqual([
      { userId: '11001', userName: '吴顾问', phone: '13500000001', deptName: '顾问一组' },
      { userId: '11002', userName: '郑顾问', phone: '13500000002', deptName: '顾问二组' },
    ]);
  });

  it('throws a CrmCallError with a Chinese text when huoban is down or rate limits', async () => {
    fake.fail({ kind: '5xx' });
    await expect(huobanConnector.fields(fake.credentials, ctx())).rejects.toEqual(new CrmCallError('CRM服务暂时不可用，请稍后再试', 'server'));
    fake.fail({ kind: 'rateLimit' });
    await expect(huobanConnector.sources(fake.credentials, ctx())).rejects.toEqual(new CrmCallError('CRM接口调用过于频繁，请稍后再试', 'rate'));
  });
});
