import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fakeContext, startFakeCrm, type FakeCrm } from '../../../test/fake-crm';
import { XBB_LABEL_ATTR, XBB_RATE_REPLY_MSG } from '../../../test/fake-crm/xbb';
import { SlidingWindowPacer } from './pacing';
import { xbbBaseUrl, xbbConnector, xbbSign } from './xbb';
import { itRefusesWithTheFakeReason, itRetriesEveryRecordOnFaults, recordFactory, SHORT_TIMEOUT, useFakeCrm } from './testing';
import { CrmCallError, type CallPacer, type MappedField, type PushOutcome } from './types';

const bed = useFakeCrm('xbb');
const { fake, ctx } = bed;
const { mobileOf, record, records } = recordFactory('137');
const API = '/pro/v2/api';
const ADD = `${API}/customer/add`;
const LABEL_ADD = `${API}/label/batch/add`;
const phoneRow = (i: number) => ({ text_1: { text: '手机', value: '2' }, text_2: mobileOf(i) });

/** A signed call to the fake as xbb's own clients make it (the fake's answer as it is). */
async function xbbApi(target: FakeCrm, path: string, payload: Record<string, unknown>): Promise<any> {
  const body = JSON.stringify({ corpid: target.credentials.param1, ...payload });
  const sign = xbbSign(body, target.credentials.param2 as string);
  const response = await fetch(`${target.url}${API}/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', sign }, body });
  return response.json();
}

/** The customers customer/list finds with `conditions` (data as the fake shows it). */
const customersWhere = async (conditions: unknown[]) =>
  (await xbbApi(fake, 'customer/list', { formId: 6001, conditions, page: 1, pageSize: 100 })).result?.list as {
    dataId: number;
    data: Record<string, unknown>;
  }[];

describe('xbb signing and replies', () => {
  it('X1: picks proapi for DingTalk corps and appapi for the others', () => {
    expect(xbbBaseUrl('ding1234abcd')).toBe('https://proapi.xbongbong.com');
    expect(xbbBaseUrl('1234$$dingabcd')).toBe('https://proapi.xbongbong.com');
    expect(xbbBaseUrl('wx1234abcd')).toBe('https://appapi.xbongbong.com');
    expect(xbbConnector.defaultBaseUrl({ ...fake.credentials, param1: null })).toBe('https://appapi.xbongbong.com');
  });

  it('X2/X17: accepts the sha256 sign of the exact body and refuses a wrong token as auth', async () => {
    await expect(xbbConnector.verify(fake.credentials, ctx())).resolves.toBeUndefined();
    const wrong = { ...fake.credentials, param2: 'not-the-token' };
    await expect(xbbConnector.verify(wrong, ctx())).rejects.toEqual(new CrmCallError('CRM账号验证失败，请检查账号信息', 'auth'));
    const [outcome] = await xbbConnector.push(wrong, [record(1)], ctx());
    expect(outcome).toMatchObject({ kind: 'retry', cause: 'auth' });
    expect(JSON.stringify(outcome)).not.toContain('not-the-token');
    expect(fake.records).toHaveLength(0);
  });

  it('X2/X4: the fake checks the sign over the raw bytes and its replies carry `success`', async () => {
    const token = fake.credentials.param2 as string;
    const body = JSON.stringify({ corpid: fake.credentials.param1, saasMark: 1 });
    const sign = createHash('sha256')
      .update(body + token)
      .digest('hex');
    const call = (text: string) =>
      fetch(`${fake.url}${API}/form/list`, { method: 'POST', headers: { 'content-type': 'application/json', sign }, body: text });
    expect(await (await call(body)).json()).toMatchObject({ code: 1, success: true });
    expect(await (await call(JSON.stringify(JSON.parse(body), null, 1))).json()).toMatchObject({ code: 100002, success: false });
  });

  describe('against a server answering code 1 without `success`', () => {
    let server: Server;
    let url = '';
    beforeAll(async () => {
      server = createServer((req, res) => {
        const list = req.url?.endsWith('/customer/list');
        res.writeHead(200, { 'content-type': 'application/json' });
        // customer/list answers in full; customer/add says code 1 but not success.
        res.end(
          JSON.stringify(
            list ? { code: 1, msg: '操作成功', success: true, result: { list: [] } } : { code: 1, msg: '操作成功', result: { dataId: 9 } },
          ),
        );
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('X4: success is code 1 AND success true: such a reply is a server retry, not a created customer', async () => {
      const [outcome] = await xbbConnector.push(fake.credentials, [record(1)], fakeContext({ url }));
      expect(outcome).toEqual({ kind: 'retry', cause: 'server', reason: 'xbb customer/add: code 1 without success' });
    });
  });
});

describe('xbb push', () => {
  it('X4/X5/X6/X18: adds one customer per call, the name in text_1 and the mobile as the first subForm_1 row', async () => {
    expect(xbbConnector.batchLimit).toBe(1);
    const outcomes = await xbbConnector.push(fake.credentials, [record(1), record(2)], ctx());
    expect(outcomes).toEqual(fake.records.map((stored) => ({ kind: 'delivered', crmId: stored.crmId })));
    expect(fake.records.map((stored) => stored.body)).toEqual([
      { text_1: '客户1', subForm_1: [phoneRow(1)] },
      { text_1: '客户2', subForm_1: [phoneRow(2)] },
    ]);
    expect(fake.calls[ADD]).toBe(2);
  });

  it('X12: a mobile already in xbb is a duplicate (customer/list, equal on subForm_1.text_2)', async () => {
    const [first] = await xbbConnector.push(fake.credentials, [record(1)], ctx());
    const [again] = await xbbConnector.push(fake.credentials, [record(1, { leadId: 5 })], ctx());
    expect(again).toEqual({ kind: 'delivered', crmId: (first as { crmId: string }).crmId, duplicate: true });
    expect(fake.calls[ADD]).toBe(1);
  });

  it("X12: a mobile found in another row of a customer's phones is a duplicate too", async () => {
    const second: MappedField[] = [{ code: 'text_2', parentCode: 'subForm_1', name: '电话号码', type: 'phone', value: mobileOf(2) }];
    const [first] = await xbbConnector.push(fake.credentials, [record(1, { fields: second })], ctx());
    const [lead] = await xbbConnector.push(fake.credentials, [record(2)], ctx());
    expect(lead).toEqual({ kind: 'delivered', crmId: (first as { crmId: string }).crmId, duplicate: true });
    expect(fake.records).toHaveLength(1);
  });

  it("X12: another customer whose number only contains the lead's mobile is not a duplicate: the lead is created", async () => {
    // Customer 1 also has the number +86<mobile 2>: a `like` condition (or none at all) would match it.
    const longer: MappedField[] = [{ code: 'text_2', parentCode: 'subForm_1', name: '电话号码', type: 'phone', value: `+86${mobileOf(2)}` }];
    const [other] = await xbbConnector.push(fake.credentials, [record(1, { fields: longer })], ctx());
    expect(other).toMatchObject({ kind: 'delivered' });
    const [lead] = await xbbConnector.push(fake.credentials, [record(2)], ctx());
    expect(lead).toEqual({ kind: 'delivered', crmId: fake.records[1].crmId });
    expect(fake.records.map((stored) => stored.mobile)).toEqual([mobileOf(1), mobileOf(2)]);
    expect(fake.calls[ADD]).toBe(2);
  });

  it('X12: the fake refuses a sub-form condition without subAttr and honours equal, in and like', async () => {
    const longer: MappedField[] = [{ code: 'text_2', parentCode: 'subForm_1', name: '电话号码', type: 'phone', value: `+86${mobileOf(2)}` }];
    await xbbConnector.push(fake.credentials, [record(1, { fields: longer }), record(3)], ctx());
    const [one, three] = fake.records.map((stored) => Number(stored.crmId));
    const noSubAttr = await xbbApi(fake, 'customer/list', {
      formId: 6001,
      conditions: [{ attr: 'subForm_1', symbol: 'like', value: [mobileOf(2)] }],
    });
    expect(noSubAttr).toMatchObject({ code: 100018, success: false, msg: '子表单字段subForm_1的查询条件缺少subAttr' });
    const on = (symbol: string, value: string[]) => customersWhere([{ attr: 'subForm_1', subAttr: 'text_2', symbol, value }]);
    expect((await on('equal', [mobileOf(2)])).map((item) => item.dataId)).toEqual([]);
    expect((await on('like', [mobileOf(2)])).map((item) => item.dataId)).toEqual([one]);
    expect((await on('in', [mobileOf(3), mobileOf(1)])).map((item) => item.dataId)).toEqual([one, three]);
  });

  it('X7/X8/X14: a lead with custom fields, a label, a region and a receiver: customer/add in the documented shape, then label/batch/add on it', async () => {
    const fields: MappedField[] = [
      { code: 'text_4', name: '行业', type: 'option', value: '教育' },
      { code: 'text_3', name: '客户来源', type: 'option', value: '官网咨询' },
      { code: 'num_1', name: '预算', type: 'number', value: '8000' },
      { code: 'province', parentCode: 'address_1', name: '省', type: 'text', value: '广东' },
      { code: 'city', parentCode: 'address_1', name: '市', type: 'text', value: '广州' },
    ];
    const [outcome] = await xbbConnector.push(
      fake.credentials,
      [record(1, { fields, followerId: 'xbb-user-2', labels: ['120352', '120354'] })],
      ctx(),
    );
    expect(outcome).toEqual({ kind: 'delivered', crmId: fake.records[0].crmId });
    expect(fake.records[0].body).toEqual({
      text_1: '客户1',
      subForm_1: [phoneRow(1)],
      text_4: '教育',
      text_3: '官网咨询',
      num_1: 8000,
      address_1: { province: '广东', city: '广州' },
      ownerId: ['xbb-user-2'],
    });
    // The label field was found in form/get, and the labels are on the new customer.
    expect([fake.calls[`${API}/form/get`], fake.calls[LABEL_ADD]]).toEqual([1, 1]);
    const [found] = await customersWhere([{ attr: 'subForm_1', subAttr: 'text_2', symbol: 'equal', value: [mobileOf(1)] }]);
    expect(found.data[XBB_LABEL_ATTR]).toEqual([120352, 120354]);
  });

  it('X14: a lead without labels makes no label call (nor the form/get that finds the label field)', async () => {
    await xbbConnector.push(fake.credentials, [record(1)], ctx());
    expect([fake.calls[`${API}/form/get`], fake.calls[LABEL_ADD]]).toEqual([undefined, undefined]);
  });

  it('X14: a label call failing after the customer was created leaves the lead delivered, created once (the labels are lost)', async () => {
    // A label xbb does not know: label/batch/add is refused.
    const [refused] = await xbbConnector.push(fake.credentials, [record(1, { labels: ['999'] })], ctx());
    expect(refused).toEqual({ kind: 'delivered', crmId: fake.records[0].crmId });
    // xbb down right after the create (form/get, customer/list and customer/add pass).
    fake.fail({ kind: '5xx', after: 3, times: 1 });
    const [down] = await xbbConnector.push(fake.credentials, [record(2, { labels: ['120352'] })], ctx());
    expect(down).toEqual({ kind: 'delivered', crmId: fake.records[1].crmId });
    expect([fake.calls[ADD], fake.calls[LABEL_ADD]]).toEqual([2, 2]);
    const labelled = await customersWhere([{ attr: 'subForm_1', subAttr: 'text_2', symbol: 'in', value: [mobileOf(1), mobileOf(2)] }]);
    expect(labelled.map((item) => item.data[XBB_LABEL_ATTR])).toEqual([undefined, undefined]);
  });

  it('X8: encodes every field kind in the shape xbb takes', async () => {
    const fields: MappedField[] = [
      { code: 'text_5', name: '备注', type: 'text', value: '想了解价格' },
      { code: 'num_1', name: '预算', type: 'number', value: '8000' },
      { code: 'date_1', name: '下次跟进时间', type: 'date', value: '2025-03-07' },
      { code: 'text_2', parentCode: 'subForm_1', name: '电话号码', type: 'phone', value: '020-11112222' },
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
      subForm_1: [phoneRow(1), { text_2: '020-11112222' }],
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

  it("X6: the lead's phone type goes as the object {text:'手机', value:'2'}; the fake takes it in no other form", async () => {
    const asText: MappedField[] = [
      { code: 'text_2', parentCode: 'subForm_1', name: '电话号码', type: 'phone', value: '020-11112222' },
      { code: 'text_1', parentCode: 'subForm_1', name: '电话类型', type: 'option', value: '座机' },
    ];
    const outcomes = await xbbConnector.push(fake.credentials, [record(1, { fields: asText }), record(2)], ctx());
    expect(outcomes).toEqual([
      { kind: 'refused', reason: '电话类型字段数据格式错误' },
      { kind: 'delivered', crmId: fake.records[0].crmId },
    ]);
    expect(fake.records[0].body).toEqual({ text_1: '客户2', subForm_1: [phoneRow(2)] });
  });

  it("X17: refuses an unknown option or a bad format with xbb's msg", async () => {
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

  it("X7: makes the record's follower the customer's owner (ownerId), over the mapped one; none without; an unknown one is refused", async () => {
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

  it('X9: finds the customer form through form/list when param3 is empty', async () => {
    const [outcome] = await xbbConnector.push({ ...fake.credentials, param3: null }, [record(1)], ctx());
    expect(outcome).toMatchObject({ kind: 'delivered' });
    expect(fake.calls[`${API}/form/list`]).toBe(1);
  });
});

describe('xbb discovery', () => {
  it('X9/X10/X11: answers the form fields (form/list, then form/get) with options as texts and children', async () => {
    const fields = await xbbConnector.fields({ ...fake.credentials, param3: null }, ctx());
    expect(fake.calls[`${API}/form/list`]).toBe(1);
    expect(fake.calls[`${API}/form/get`]).toBe(1);
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
      [XBB_LABEL_ATTR, 'text'],
    ]);
    expect(fields[0].required).toBe(true);
    expect(fields.find((field) => field.code === 'text_4')?.options).toEqual([
      { value: '教育', text: '教育' },
      { value: '医疗', text: '医疗' },
      { value: '互联网', text: '互联网' },
    ]);
    expect(fields.find((field) => field.code === 'subForm_1')?.children?.map((child) => child.code)).toEqual(['text_1', 'text_2']);
  });

  it('X15: the sources are the options of the field 客户来源', async () => {
    await expect(xbbConnector.sources(fake.credentials, ctx())).resolves.toEqual([
      { code: '广告投放', name: '广告投放' },
      { code: '官网咨询', name: '官网咨询' },
      { code: '转介绍', name: '转介绍' },
    ]);
  });

  it("X14: the labels come from label/allList's labelTree, each named by its group, none from the recycle bin", async () => {
    await expect(xbbConnector.labels(fake.credentials, ctx())).resolves.toEqual([
      { classId: '120352', className: '意向/高意向' },
      { classId: '120353', className: '意向/待回访' },
      { classId: '120354', className: '渠道/展会' },
    ]);
    expect(fake.calls[`${API}/label/allList`]).toBe(1);
    // The fake's check can fail: without the required `enable`, the call is refused.
    expect(await xbbApi(fake, 'label/allList', { formId: 6001, businessType: 100 })).toMatchObject({ success: false, msg: 'enable为必填字段' });
  });

  it('X13: the staff from user/list: the department from departmentList, no phone (user/list has none)', async () => {
    await expect(xbbConnector.staff(fake.credentials, ctx())).resolves.toEqual([
      { userId: 'xbb-user-1', userName: '孙主管', phone: '', deptName: '销售部' },
      { userId: 'xbb-user-2', userName: '周销售', phone: '', deptName: '销售部,华南区' },
    ]);
    expect(fake.calls[`${API}/user/list`]).toBe(1);
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

describe('xbb follow-ups (review 0.3)', () => {
  const followUpsOf = async (crmId: string) =>
    (await xbbApi(fake, 'communicate/list', { conditions: [{ attr: 'text_1', symbol: 'equal', value: [crmId] }], page: 1, pageSize: 10 })).result
      .list as { dataId: number; addTime: number; data: Record<string, unknown> }[];

  it("0.3: writes communicate/add on the customer: text_1 its dataId, text_6 the content, date_1 in seconds, by the note's user", async () => {
    const [pushed] = await xbbConnector.push(fake.credentials, [record(1)], ctx());
    const { crmId } = pushed as { crmId: string };
    const at = Date.parse('2025-03-07T10:30:00+08:00');
    const outcome = await xbbConnector.followUp!(fake.credentials, { crmId, content: '已电话沟通，约下周到店', at, userId: 'xbb-user-2' }, ctx());
    const [written] = await followUpsOf(crmId);
    expect(outcome).toEqual({ kind: 'delivered', crmId: String(written.dataId) });
    expect(written).toMatchObject({
      dataId: written.dataId,
      data: { text_1: Number(crmId), text_6: '已电话沟通，约下周到店', date_1: at / 1000, creatorId: 'xbb-user-2' },
    });
    expect(fake.calls[`${API}/communicate/add`]).toBe(1);
  });

  it("0.3: without the note's user the account's operator writes it", async () => {
    const [pushed] = await xbbConnector.push(fake.credentials, [record(1)], ctx());
    const { crmId } = pushed as { crmId: string };
    expect(await xbbConnector.followUp!(fake.credentials, { crmId, content: '首次联系', at: Date.now() }, ctx())).toMatchObject({
      kind: 'delivered',
    });
    expect((await followUpsOf(crmId)).map((item) => item.data.creatorId)).toEqual([fake.credentials.param4]);
  });

  it("reads a customer's follow-up records back by communicate/list (text_1 its dataId): newest first, its own only, at most max", async () => {
    const [first, other] = (await xbbConnector.push(fake.credentials, [record(1), record(2)], ctx())) as Array<{ crmId: string }>;
    const at = Date.now();
    await xbbConnector.followUp!(fake.credentials, { crmId: first!.crmId, content: '第一次电话', at, userId: 'xbb-user-2' }, ctx());
    await xbbConnector.followUp!(fake.credentials, { crmId: first!.crmId, content: '约到店', at, userId: 'xbb-user-1' }, ctx());
    await xbbConnector.followUp!(fake.credentials, { crmId: other!.crmId, content: '别人的客户', at }, ctx());
    const written = await followUpsOf(first!.crmId);
    const records = await xbbConnector.followUpRecords!(fake.credentials, first!.crmId, 50, ctx());
    expect(records.map((item) => item.content).sort()).toEqual(['第一次电话', '约到店']);
    expect(records.map((item) => item.id).sort()).toEqual(written.map((item) => String(item.dataId)).sort());
    // addTime is Unix seconds: read back as ms, within the second the fake stored it.
    for (const item of records) expect(Math.abs(item.at - at)).toBeLessThan(2000);
    expect(records.map((item) => item.creatorId).sort()).toEqual(['xbb-user-1', 'xbb-user-2']);
    expect(records[0]!.at).toBeGreaterThanOrEqual(records[1]!.at);
    expect(await xbbConnector.followUpRecords!(fake.credentials, first!.crmId, 1, ctx())).toHaveLength(1);
    // One call per read (the test's own raw read included): one page, never a crawl.
    expect(fake.calls[`${API}/communicate/list`]).toBe(3);
  });

  it('a failed read of the records throws the CRM error (the worker tries again later)', async () => {
    fake.fail({ kind: '5xx' });
    await expect(xbbConnector.followUpRecords!(fake.credentials, '30000001', 50, ctx())).rejects.toBeInstanceOf(CrmCallError);
    fake.recover();
    await expect(xbbConnector.followUpRecords!({ ...fake.credentials, param2: 'wrong-token' }, '30000001', 50, ctx())).rejects.toBeInstanceOf(
      CrmCallError,
    );
  });

  it('0.3: a customer xbb does not hold is refused with its text; a failure is an outcome, never a throw', async () => {
    const note = { crmId: '30009999', content: '跟进', at: Date.now() };
    expect(await xbbConnector.followUp!(fake.credentials, note, ctx())).toEqual({ kind: 'refused', reason: '关联客户不存在' });
    fake.fail({ kind: '5xx' });
    expect(await xbbConnector.followUp!(fake.credentials, note, ctx())).toMatchObject({ kind: 'retry', cause: 'server' });
    fake.fail({ kind: 'timeout' });
    expect(await xbbConnector.followUp!(fake.credentials, note, ctx(SHORT_TIMEOUT))).toMatchObject({ kind: 'retry', cause: 'network' });
  });
});

describe('xbb pacing (X16)', () => {
  it('X16: customer/add, label/batch/add and communicate/add are paced as writes, every other call as a read', async () => {
    const seen: Array<[string, boolean]> = [];
    let calls = 0;
    const recording: CallPacer = {
      run: (write, call) => {
        calls += 1;
        const before = { ...fake.calls };
        return call().finally(() => {
          const path = Object.keys(fake.calls).find((key) => fake.calls[key] !== before[key]) ?? '?';
          seen.push([path.replace(`${API}/`, ''), write]);
        });
      },
    };
    const [pushed] = await xbbConnector.push(fake.credentials, [record(1, { labels: ['120352'] })], ctx({ pacer: recording }));
    await xbbConnector.followUp!(
      fake.credentials,
      { crmId: (pushed as { crmId: string }).crmId, content: '跟进', at: Date.now() },
      ctx({ pacer: recording }),
    );
    await xbbConnector.staff(fake.credentials, ctx({ pacer: recording }));
    expect(seen).toEqual([
      ['form/get', false],
      ['customer/list', false],
      ['customer/add', true],
      ['label/batch/add', true],
      ['communicate/add', true],
      ['user/list', false],
    ]);
    expect(calls).toBe(6);
    expect(xbbConnector.callLimits).toEqual([
      { calls: 3, windowMs: 1000, writes: true },
      { calls: 1000, windowMs: 60_000 },
    ]);
  });

  describe('against a fake that enforces the rates (20 times faster)', () => {
    let rated: FakeCrm;
    beforeAll(async () => {
      rated = await startFakeCrm('xbb', { rateScale: 0.05 });
    });
    afterAll(() => rated.close());
    beforeEach(() => rated.reset());

    /** 100 leads at once, one push call each (batchLimit 1), all on one context. */
    const burst = (pacer?: CallPacer): Promise<PushOutcome[]> => {
      const context = fakeContext(rated, { pacer });
      return Promise.all(records(100).map(async (lead) => (await xbbConnector.push(rated.credentials, [lead], context))[0]));
    };

    it('X16: a burst of 100 leads through the pacer: 100 customers created once each, all delivered, no call refused', async () => {
      const outcomes = await burst(new SlidingWindowPacer(xbbConnector.callLimits!, { scale: 0.05, maxWaitMs: 60_000 }));
      expect(outcomes.filter((outcome) => outcome.kind !== 'delivered')).toEqual([]);
      expect(rated.rateRefusals).toBe(0);
      expect(rated.records).toHaveLength(100);
      expect(new Set(rated.records.map((stored) => stored.mobile)).size).toBe(100);
      expect(new Set(outcomes.map((outcome) => (outcome as { crmId: string }).crmId))).toEqual(new Set(rated.records.map((stored) => stored.crmId)));
      expect(rated.calls[ADD]).toBe(100);
    });

    it("X16: the same burst without a pacer meets xbb's rate reply, which is a rate retry", async () => {
      const outcomes = await burst();
      expect(rated.rateRefusals).toBeGreaterThan(0);
      const retries = outcomes.filter((outcome) => outcome.kind === 'retry');
      expect(retries.length).toBe(rated.rateRefusals);
      expect(retries).toEqual(retries.map(() => ({ kind: 'retry', cause: 'rate', reason: `xbb customer/add: ${XBB_RATE_REPLY_MSG}` })));
      expect(rated.records).toHaveLength(100 - retries.length);
    });
  });
});
