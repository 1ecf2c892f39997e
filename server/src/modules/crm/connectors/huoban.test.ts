import { huobanConnector } from './huoban';
import { itRefusesWithTheFakeReason, itRetriesEveryRecordOnFaults, recordFactory, useFakeCrm } from './testing';
import { CrmCallError, type MappedField } from './types';

const bed = useFakeCrm('huoban');
const { fake, ctx } = bed;
const { mobileOf, record } = recordFactory('136');
const NAME = '2200000001';
const MOBILE = '2200000002';
const OWNER = '2200000008';
const LOCATION = '2200000009';
const TABLE = '/table/2100000000000002';
const MEMBERS = '/space/member/list';

/** A create call sent straight to the fake (what huoban is sent, whoever sends it): its HTTP status and message. */
async function createDirectly(fields: Record<string, unknown>): Promise<{ status: number; message: unknown }> {
  const response = await fetch(`${fake.url}/item`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'open-authorization': `Bearer ${fake.credentials.param2}` },
    body: JSON.stringify({ table_id: '2100000000000002', fields: { [NAME]: '客户', [MOBILE]: mobileOf(99), ...fields } }),
  });
  return { status: response.status, message: ((await response.json()) as { message?: unknown }).message };
}

describe('huoban auth', () => {
  it('H2/H14: accepts the Bearer API key; a wrong one (HTTP 401) is auth, in discovery and push alike', async () => {
    await expect(huobanConnector.verify(fake.credentials, ctx())).resolves.toBeUndefined();
    const wrong = { ...fake.credentials, param2: 'not-the-key' };
    await expect(huobanConnector.verify(wrong, ctx())).rejects.toEqual(new CrmCallError('CRM账号验证失败，请检查账号信息', 'auth'));
    const outcomes = await huobanConnector.push(wrong, [record(1), record(2)], ctx());
    expect(outcomes).toEqual([expect.objectContaining({ kind: 'retry', cause: 'auth' }), expect.objectContaining({ kind: 'retry', cause: 'auth' })]);
    expect(JSON.stringify(outcomes)).not.toContain('not-the-key');
  });

  it('H14: an expired key answered as code 401 in an HTTP 200 reply is auth too', async () => {
    fake.fail({ kind: 'expiredToken' });
    await expect(huobanConnector.verify(fake.credentials, ctx())).rejects.toEqual(new CrmCallError('CRM账号验证失败，请检查账号信息', 'auth'));
    expect(await huobanConnector.push(fake.credentials, [record(1)], ctx())).toEqual([
      { kind: 'retry', cause: 'auth', reason: 'huoban table/2100000000000002: API key expired' },
    ]);
  });

  it('H15: no call rate is documented, so the connector declares none', () => {
    expect(huobanConnector.callLimits ?? []).toEqual([]);
  });
});

describe('huoban push', () => {
  it('H5: creates one item per record in the resource table, reading the table once per push', async () => {
    const outcomes = await huobanConnector.push(fake.credentials, [record(1), record(2), record(3)], ctx());
    expect(outcomes).toEqual(fake.records.map((stored) => ({ kind: 'delivered', crmId: stored.crmId })));
    expect(fake.calls[TABLE]).toBe(1);
    expect(fake.calls['/item']).toBe(3);
    expect(fake.records[0].body).toEqual({ [NAME]: '客户1', [MOBILE]: mobileOf(1) });
  });

  it('H9: a mobile already in the table is recognised as a duplicate (item/list eq filter)', async () => {
    const [first] = await huobanConnector.push(fake.credentials, [record(1)], ctx());
    const outcomes = await huobanConnector.push(fake.credentials, [record(1, { leadId: 3 }), record(2)], ctx());
    expect(outcomes[0]).toEqual({ kind: 'delivered', crmId: (first as { crmId: string }).crmId, duplicate: true });
    expect(outcomes[1]).toEqual({ kind: 'delivered', crmId: fake.records[1].crmId });
    expect(fake.records).toHaveLength(2);
  });

  it('H6/H7/H8/H16: a lead with custom fields, a label, a region and a receiver arrives in the documented shapes', async () => {
    const fields: MappedField[] = [
      { code: '2200000003', name: '预算', type: 'number', value: '12000' },
      { code: '2200000004', name: '到访日期', type: 'date', value: '2025-03-07' },
      { code: '2200000005', name: '行业', type: 'option', value: '3' },
      { code: '2200000007', name: '标签', type: 'options', value: ['1'] },
      { code: 'cityname', parentCode: LOCATION, name: '城市', type: 'text', value: '广州市' },
      { code: 'address', parentCode: LOCATION, name: '详细地址', type: 'text', value: '天河区体育西路1号' },
    ];
    const lead = record(1, { fields, labels: ['2'], province: '广东省', city: '广州', followerId: '11003' });
    expect(await huobanConnector.push(fake.credentials, [lead], ctx())).toEqual([{ kind: 'delivered', crmId: fake.records[0].crmId }]);
    expect(fake.records[0].body).toEqual({
      [NAME]: '客户1',
      [MOBILE]: mobileOf(1),
      2200000003: 12000,
      2200000004: '2025-03-07',
      // Category option ids and member ids as text, as the v1 example shows them (["1"], ["1000001"]).
      2200000005: ['3'],
      2200000007: ['1', '2'],
      [OWNER]: ['11003'],
      // The documented location object: the mapped parts, the lead's province, and the full address.
      [LOCATION]: { pname: '广东省', cityname: '广州市', address: '天河区体育西路1号', name: '广东省广州市天河区体育西路1号' },
    });
  });

  it('H8: a mapped user field is an array of member ids; the fake refuses the old [{user_id}] form and unknown members', async () => {
    const mapped: MappedField[] = [{ code: OWNER, name: '负责人', type: 'user', value: ['11001'] }];
    const outcomes = await huobanConnector.push({ ...fake.credentials, param5: null }, [record(1, { fields: mapped })], ctx());
    expect(outcomes).toEqual([{ kind: 'delivered', crmId: fake.records[0].crmId }]);
    expect((fake.records[0].body as Record<string, unknown>)[OWNER]).toEqual(['11001']);
    // What huoban is sent by anyone: the read shape and an id that is no member are refused, the id array (text or integer) is taken.
    await expect(createDirectly({ [OWNER]: [{ user_id: 11001 }] })).resolves.toEqual({ status: 400, message: '字段[负责人]的值格式错误' });
    await expect(createDirectly({ [OWNER]: ['999'] })).resolves.toEqual({ status: 400, message: '字段[负责人]的成员不存在' });
    await expect(createDirectly({ [OWNER]: [11002] })).resolves.toEqual({ status: 200, message: 'success' });
  });

  it("H8: the record's follower is the owner field (param5) as a member id, over the mapped one; an unknown member is refused", async () => {
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
    expect(fake.records.map((stored) => (stored.body as Record<string, unknown>)[OWNER])).toEqual([['11002'], ['11001'], undefined]);
    // Without param5 (or a user field of that name) the follower has nowhere to go.
    await huobanConnector.push({ ...fake.credentials, param5: '行业' }, [record(5, { followerId: '11002' })], ctx());
    expect(fake.records[3].body).not.toHaveProperty(OWNER);
  });

  it("H7: an unknown option is refused with huoban's message and the push goes on", async () => {
    const bad: MappedField[] = [{ code: '2200000005', name: '行业', type: 'option', value: '99' }];
    const outcomes = await huobanConnector.push(fake.credentials, [record(1, { fields: bad }), record(2, { mobile: '' }), record(3)], ctx());
    expect(outcomes).toEqual([
      { kind: 'refused', reason: '字段[行业]的选项不存在' },
      { kind: 'refused', reason: '字段[手机]为必填' },
      { kind: 'delivered', crmId: fake.records[0].crmId },
    ]);
  });

  it('H7/H13: the labels are option ids (text) of the tag field (param7); an unknown one is refused', async () => {
    const known = (await huobanConnector.labels(fake.credentials, ctx())).map((label) => label.classId);
    expect(known).toEqual(['1', '2', '3']);
    const outcomes = await huobanConnector.push(fake.credentials, [record(1, { labels: ['1', '3'] }), record(2, { labels: ['99'] })], ctx());
    expect(outcomes).toEqual([
      { kind: 'delivered', crmId: fake.records[0].crmId },
      { kind: 'refused', reason: '字段[标签]的选项不存在' },
    ]);
    expect(fake.records).toHaveLength(1);
    expect(fake.records[0].body).toEqual({ [NAME]: '客户1', [MOBILE]: mobileOf(1), 2200000007: ['1', '3'] });
    // Without a tag field (param7) the labels stay out.
    await huobanConnector.push({ ...fake.credentials, param7: '' }, [record(3, { labels: ['1'] })], ctx());
    expect(fake.records[1].body).toEqual({ [NAME]: '客户3', [MOBILE]: mobileOf(3) });
  });

  it('H16: a location mapped as a whole is its street address; one with no documented part left is left out', async () => {
    const whole: MappedField[] = [{ code: LOCATION, name: '地址', type: 'text', value: '北京市朝阳区建国路88号' }];
    // A mapping saved before the location had its parts (a sub-field id): no part of the documented object.
    const stale: MappedField[] = [{ code: '2200000091', parentCode: LOCATION, name: '省份', type: 'text', value: '广东' }];
    const outcomes = await huobanConnector.push(
      fake.credentials,
      [record(1, { fields: whole, province: '北京市', city: '北京市' }), record(2, { fields: stale, province: '广东省' })],
      ctx(),
    );
    expect(outcomes).toEqual(fake.records.map((stored) => ({ kind: 'delivered', crmId: stored.crmId })));
    expect((fake.records[0].body as Record<string, unknown>)[LOCATION]).toEqual({
      address: '北京市朝阳区建国路88号',
      pname: '北京市',
      cityname: '北京市',
      name: '北京市朝阳区建国路88号',
    });
    expect(fake.records[1].body).toEqual({ [NAME]: '客户2', [MOBILE]: mobileOf(2) });
    // What huoban is sent by anyone: a location keyed by sub-field ids is refused, the documented object is taken.
    await expect(createDirectly({ [LOCATION]: { 2200000091: '广东' } })).resolves.toEqual({ status: 400, message: '字段[地址]的值格式错误' });
    await expect(createDirectly({ [LOCATION]: { address: '体育西路', coordinate: { lat: 23.1, lon: 113.3 } } })).resolves.toMatchObject({
      status: 200,
    });
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

  it('0.3: openapi v1 documents no follow-up (comment/activity) call, so the connector has no followUp', () => {
    expect(huobanConnector.followUp).toBeUndefined();
  });
});

describe('huoban discovery', () => {
  it('H4/H11/H16: answers the resource table fields with types, required, option ids, and a location with its parts', async () => {
    const fields = await huobanConnector.fields(fake.credentials, ctx());
    expect(fields.map((field) => [field.code, field.name, field.type, field.required])).toEqual([
      [NAME, '客户名称', 'text', true],
      [MOBILE, '手机', 'phone', true],
      ['2200000003', '预算', 'number', false],
      ['2200000004', '到访日期', 'date', false],
      ['2200000005', '行业', 'option', false],
      ['2200000006', '客户来源', 'option', false],
      ['2200000007', '标签', 'options', false],
      [OWNER, '负责人', 'user', false],
      [LOCATION, '地址', 'text', false],
    ]);
    expect(fields[4].options).toEqual([
      { value: '1', text: '教育' },
      { value: '2', text: '医疗' },
      { value: '3', text: '互联网' },
    ]);
    expect(fields[8].children?.map((child) => [child.code, child.name, child.type])).toEqual([
      ['pname', '省份', 'text'],
      ['cityname', '城市', 'text'],
      ['adname', '区县', 'text'],
      ['address', '详细地址', 'text'],
    ]);
  });

  it('H13: answers sources (param6 field) and labels (param7 field) as the category options', async () => {
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
  });

  it("H12: staff are the people table's items (param3), each one's member id from its user field, and the owner field takes them", async () => {
    const staff = await huobanConnector.staff(fake.credentials, ctx());
    expect(staff).toEqual([
      { userId: '11001', userName: '吴顾问', phone: '13500000001', deptName: '顾问一组' },
      { userId: '11002', userName: '郑顾问', phone: '13500000002', deptName: '顾问二组' },
    ]);
    expect(fake.calls[MEMBERS]).toBeUndefined();
    const outcomes = await huobanConnector.push(fake.credentials, [record(1, { followerId: staff[1].userId })], ctx());
    expect(outcomes).toEqual([{ kind: 'delivered', crmId: fake.records[0].crmId }]);
  });

  it.each([
    ['empty', ''],
    ['no table id', '人员表'],
    ['a table huoban refuses', '2100000000000099'],
    ['a table without a user field', '2100000000000003'],
  ])('H12: where param3 is %s, staff are the workspace members (space/member/list, space_id from the table)', async (_, param3) => {
    const account = { ...fake.credentials, param3 };
    const staff = await huobanConnector.staff(account, ctx());
    expect(staff).toEqual([
      { userId: '11001', userName: '吴顾问', phone: '', deptName: '' },
      { userId: '11002', userName: '郑顾问', phone: '', deptName: '' },
      { userId: '11003', userName: '王经理', phone: '', deptName: '' },
    ]);
    expect(fake.calls[MEMBERS]).toBe(1);
    // A member outside any people table is an owner huoban takes.
    const outcomes = await huobanConnector.push(account, [record(1, { followerId: staff[2].userId })], ctx());
    expect(outcomes).toEqual([{ kind: 'delivered', crmId: fake.records[0].crmId }]);
    expect((fake.records[0].body as Record<string, unknown>)[OWNER]).toEqual(['11003']);
  });

  it('H12/H14: a wrong key reading the people table is auth, not "no people table"', async () => {
    await expect(huobanConnector.staff({ ...fake.credentials, param2: 'not-the-key' }, ctx())).rejects.toEqual(
      new CrmCallError('CRM账号验证失败，请检查账号信息', 'auth'),
    );
    expect(fake.calls[MEMBERS]).toBeUndefined();
  });

  it('throws a CrmCallError with a Chinese text when huoban is down or rate limits', async () => {
    fake.fail({ kind: '5xx' });
    await expect(huobanConnector.fields(fake.credentials, ctx())).rejects.toEqual(new CrmCallError('CRM服务暂时不可用，请稍后再试', 'server'));
    fake.fail({ kind: 'rateLimit' });
    await expect(huobanConnector.sources(fake.credentials, ctx())).rejects.toEqual(new CrmCallError('CRM接口调用过于频繁，请稍后再试', 'rate'));
  });
});

describe('huoban follower changes', () => {
  const crmIdOf = (outcome: unknown): string => (outcome as { crmId: string }).crmId;
  const put = (path: string, body: unknown) =>
    fetch(`${fake.url}${path}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'open-authorization': `Bearer ${fake.credentials.param2}` },
      body: JSON.stringify(body),
    }).then(async (response) => (await response.json()) as { code: number; message: string });

  it('reassign puts the owner field alone on the item (PUT item/{id}, an array of member ids); the other fields stay', async () => {
    const crmId = crmIdOf((await huobanConnector.push(fake.credentials, [record(1, { followerId: '11001' })], ctx()))[0]);
    expect(fake.records[0]!.body).toMatchObject({ [OWNER]: ['11001'] });
    expect(await huobanConnector.reassign!(fake.credentials, { crmId, followerId: '11002' }, ctx())).toEqual({ kind: 'delivered', crmId });
    expect(fake.records[0]!.body).toMatchObject({ [NAME]: expect.any(String), [MOBILE]: mobileOf(1), [OWNER]: ['11002'] });
  });

  it('an unknown member or item is refused with the reason; the API down is a retry; the fake checks the update', async () => {
    const crmId = crmIdOf((await huobanConnector.push(fake.credentials, [record(1)], ctx()))[0]);
    expect(await huobanConnector.reassign!(fake.credentials, { crmId, followerId: '99999' }, ctx())).toMatchObject({ kind: 'refused' });
    expect(await huobanConnector.reassign!(fake.credentials, { crmId: '1', followerId: '11002' }, ctx())).toEqual({
      kind: 'refused',
      reason: '数据不存在',
    });
    fake.fail({ kind: '5xx' });
    expect(await huobanConnector.reassign!(fake.credentials, { crmId, followerId: '11002' }, ctx())).toMatchObject({
      kind: 'retry',
      cause: 'server',
    });
    fake.recover();
    expect(await put(`/item/${crmId}`, { fields: {} })).toMatchObject({ message: 'fields不能为空' });
    expect(await put(`/item/${crmId}`, { fields: { 9999: 'x' } })).toMatchObject({ message: '字段不存在：9999' });
    expect(fake.records[0]!.body).not.toHaveProperty(OWNER);
  });
});
