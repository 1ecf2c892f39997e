import type { CrmField } from '../connectors/types';
import type { FieldMappingRow } from '../settings/service';
import { type MappableLead, mapFields, mappingResTypeOf, productValue, sentFields, toPushRecord } from './mapper';
import { retryDelay, RETRY_SCHEDULE_MS, TokenBuckets } from './schedule';

const lead: MappableLead = {
  id: 7,
  name: '钱女士',
  mobile: '13912345678',
  remark: null,
  province: '广东',
  city: '深圳',
  region: '广东 深圳',
  searchWord: '奶茶加盟',
  createTime: '2026-03-01T02:00:00.000Z',
  itemId: 11,
  itemTitle: '川味坊火锅连锁',
  channelId: 5,
  channelTitle: '今日头条信息流',
  resType: 2,
  qq: '123456',
  address: null,
  content: '{"feedback":"想了解加盟费","sex":"女"}',
  ipArea: '广东省深圳市 电信',
  pageUrl: 'https://lp.example.cn/x.html',
};

const row = (crmFCode: string, wyFCode: string | null, more: Partial<FieldMappingRow> = {}): FieldMappingRow => ({
  crmFCode,
  crmFName: crmFCode,
  wyFCode,
  itemId: null,
  channelId: null,
  wyDefaultValue: null,
  wyDefaultBooleanValue: null,
  wyUseDefault: false,
  children: [],
  ...more,
});

const fields: CrmField[] = [
  {
    code: 'source',
    name: '来源',
    type: 'option',
    required: false,
    options: [
      { value: 's1', text: '今日头条信息流' },
      { value: 's2', text: '百度竞价' },
    ],
  },
  {
    code: 'kind',
    name: '类型',
    type: 'option',
    required: false,
    options: [
      { value: 'k1', text: '表单' },
      { value: 'k2', text: '智能对话' },
    ],
  },
  {
    code: 'tags',
    name: '标签',
    type: 'options',
    required: false,
    options: [
      { value: 't1', text: '加盟' },
      { value: 't2', text: '咨询' },
    ],
  },
  { code: 'budget', name: '预算', type: 'number', required: false },
  { code: 'visit', name: '提交时间', type: 'date', required: false },
  { code: 'owner', name: '负责人', type: 'user', required: false },
  {
    code: 'addr',
    name: '地址',
    type: 'text',
    required: false,
    children: [
      { code: 'p', name: '省', type: 'text', required: false },
      { code: 'c', name: '市', type: 'text', required: false },
    ],
  },
];

describe('the push mapper', () => {
  it('reads every product field of a lead', () => {
    expect(productValue(lead, 'name')).toBe('钱女士');
    expect(productValue(lead, 'itemTitle')).toBe('川味坊火锅连锁');
    expect(productValue(lead, 'channel')).toBe('今日头条信息流');
    expect(productValue(lead, 'resType')).toBe('智能对话');
    expect(productValue(lead, 'content')).toBe('留言内容：想了解加盟费；性别：女');
    expect(productValue(lead, 'createTime')).toBe(lead.createTime);
    expect(productValue(lead, 'address')).toBeNull();
    expect(productValue(lead, 'remark')).toBeNull();
    expect(productValue(lead, 'noSelect')).toBeNull();
    expect(mappingResTypeOf(2)).toBe(2);
    expect(mappingResTypeOf(0)).toBe(1);
  });

  it('sends options by their text, defaults for noSelect and empty values, children under their parent', () => {
    const mapped = mapFields(lead, {
      crmFields: fields,
      rows: [
        row('source', 'channel'),
        row('kind', 'resType'),
        row('tags', 'noSelect', { wyDefaultValue: '加盟,咨询' }),
        row('budget', 'qq'),
        row('visit', 'createTime'),
        row('owner', null, { wyUseDefault: true, wyDefaultValue: '8002' }),
        row('addr', null, {
          children: [
            { crmFCode: 'p', crmFName: '省', wyFChildCode: 'province', wyDefaultValue: null, wyUseDefault: false },
            { crmFCode: 'c', crmFName: '市', wyFChildCode: 'address', wyDefaultValue: '未知', wyUseDefault: false },
          ],
        }),
        row('unmapped', null),
      ],
    });
    expect(mapped).toEqual([
      { code: 'source', name: '来源', type: 'option', value: 's1' },
      { code: 'kind', name: '类型', type: 'option', value: 'k2' },
      { code: 'tags', name: '标签', type: 'options', value: ['t1', 't2'] },
      { code: 'budget', name: '预算', type: 'number', value: 123456 },
      { code: 'visit', name: '提交时间', type: 'date', value: lead.createTime },
      { code: 'owner', name: '负责人', type: 'user', value: ['8002'] },
      { code: 'p', parentCode: 'addr', name: '省', type: 'text', value: '广东' },
      { code: 'c', parentCode: 'addr', name: '市', type: 'text', value: '未知' },
    ]);
  });

  it("applies a project's row to that project's leads only; an unknown option falls back to the default or is left out", () => {
    const mapping = {
      crmFields: fields,
      rows: [
        row('title', 'itemTitle', { itemId: 99 }),
        row('source', 'itemTitle', { wyDefaultValue: '百度竞价' }),
        row('kind', 'itemTitle'),
        row('budget', 'searchWord'),
      ],
    };
    expect(mapFields(lead, mapping)).toEqual([{ code: 'source', name: '来源', type: 'option', value: 's2' }]);
    // A field never discovered is sent as text; the project's row applies to its project.
    expect(mapFields({ ...lead, itemId: 99 }, mapping)[0]).toEqual({ code: 'title', name: 'title', type: 'text', value: '川味坊火锅连锁' });
  });

  it('makes the record and the fields the log keeps', () => {
    const record = toPushRecord(
      { ...lead, remark: '晚上联系' },
      {
        crmFields: fields,
        rows: [
          row('addr', null, { children: [{ crmFCode: 'p', crmFName: '省', wyFChildCode: 'province', wyDefaultValue: null, wyUseDefault: false }] }),
        ],
      },
    );
    expect(record).toMatchObject({ leadId: 7, name: '钱女士', mobile: '13912345678', remark: '晚上联系', province: '广东', city: '深圳' });
    expect(sentFields(record)).toEqual([
      { code: 'name', name: '姓名', value: '钱女士' },
      { code: 'mobile', name: '电话', value: '13912345678' },
      { code: 'addr.p', name: '省', value: '广东' },
    ]);
  });

  it("sends the receiver's CRM user id as the follower, and the log keeps it; none without one", () => {
    const mapping = { crmFields: fields, rows: [] };
    const record = toPushRecord({ ...lead, followerCrmUserId: '8003' }, mapping);
    expect(record.followerId).toBe('8003');
    expect(sentFields(record)).toContainEqual({ code: 'followerId', name: '跟进人', value: '8003' });
    for (const followerCrmUserId of [null, undefined, ' ']) {
      const without = toPushRecord({ ...lead, followerCrmUserId }, mapping);
      expect(without).not.toHaveProperty('followerId');
      expect(sentFields(without).map((field) => field.code)).toEqual(['name', 'mobile']);
    }
  });
});

describe('the retry schedule and the rate budget', () => {
  it('spreads about ten retries over about 72 hours, with jitter, Retry-After winning when later', () => {
    const total = RETRY_SCHEDULE_MS.reduce((sum, ms) => sum + ms, 0);
    expect(RETRY_SCHEDULE_MS.length).toBeGreaterThanOrEqual(10);
    expect(total / 3600_000).toBeGreaterThan(68);
    expect(total / 3600_000).toBeLessThan(76);
    expect(retryDelay(1, { random: () => 0 })).toBe(24_000);
    expect(retryDelay(1, { random: () => 0.999999 })).toBe(36_000);
    expect(retryDelay(1, { random: () => 0.5, retryAfterMs: 120_000 })).toBe(120_000);
    expect(retryDelay(1, { random: () => 0.5, retryAfterMs: 1000 })).toBe(30_000);
    expect(retryDelay(RETRY_SCHEDULE_MS.length, { random: () => 0.5 })).toBe(24 * 3600_000);
    expect(retryDelay(RETRY_SCHEDULE_MS.length + 1)).toBeNull();
  });

  it('gives a burst, then tokens at the rate; a 429 blocks until its Retry-After', () => {
    let now = 1_000_000;
    const buckets = new TokenBuckets({ perSecond: 2, burst: 3 }, () => now);
    expect([buckets.take('a'), buckets.take('a'), buckets.take('a')]).toEqual([0, 0, 0]);
    expect(buckets.take('a')).toBe(500);
    expect(buckets.take('b')).toBe(0);
    now += 500;
    expect(buckets.take('a')).toBe(0);
    buckets.block('b', 10_000);
    expect(buckets.take('b')).toBe(10_000);
    now += 10_000;
    expect(buckets.take('b')).toBe(0);
  });
});
