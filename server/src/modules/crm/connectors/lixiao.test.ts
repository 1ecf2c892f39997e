import { fakeContext, memoryTokenStore, startRecordingServer } from '../../../test/fake-crm';
import { LIXIAO_CREDENTIALS, startFakeLixiao, type FakeLixiao } from '../../../test/fake-crm/lixiao';
import { baseUrlOf } from '../runtime';
import { lixiaoConnector } from './lixiao';
import { SlidingWindowPacer } from './pacing';
import { itRefusesWithTheFakeReason, recordFactory, SHORT_TIMEOUT, type FakeCrmBed } from './testing';
import { CrmCallError, type ConnectorContext, type CrmAccountParams, type CrmField, type MappedField } from './types';

/**
 * The 励销 connector against the fake 励销云 over real HTTP. Test names start with the review row
 * (CRM_APIS_REVIEW section 2, L1-L16; 0.3 the follow-up) they cover.
 */

const ACCOUNT = LIXIAO_CREDENTIALS;
/** The host of the fake corp's edition (企微版): the fake serves it under this path prefix. */
const HOST = 'e.lixiaocrm.com';
const api = (path: string, host = HOST): string => `/${host}/api/v2/${path}`;
const LOGIN = api('auth/login');
const LEADS = api('leads');
const DUPLICATES = api('duplicates/search');
const USER_LIST = api('user/list');

let fake: FakeLixiao;
beforeAll(async () => {
  fake = await startFakeLixiao();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

/** A context on `target` for `account`, its base URL as the runtime builds it (the edition's host in `{host}`). */
const contextOn = (target: FakeLixiao, account: CrmAccountParams, overrides: Partial<ConnectorContext> = {}): ConnectorContext =>
  fakeContext({ url: baseUrlOf(lixiaoConnector, account, target.url) }, { timeoutMs: 2000, ...overrides });
const ctx = (overrides: Partial<ConnectorContext> = {}): ConnectorContext => contextOn(fake, ACCOUNT, overrides);
const bed: FakeCrmBed = {
  get fake() {
    return fake;
  },
  ctx,
};
const { mobileOf, record } = recordFactory('139', (i) => ({ name: `线索${i}` }));
const fieldOf = (fields: CrmField[], code: string): CrmField => fields.find((field) => field.code === code) as CrmField;
const valueOf = (field: CrmField, text: string): string => field.options?.find((option) => option.text === text)?.value as string;

describe('lixiao editions and login', () => {
  it('L1: defaultBaseUrl is the host of the edition in param4; an account without one gets 钉钉版’s', () => {
    const hostOf = (param4: string | null) => lixiaoConnector.defaultBaseUrl({ ...ACCOUNT, param4 });
    expect([hostOf('dingtalk'), hostOf('wecom'), hostOf('standalone'), hostOf(null)]).toEqual([
      'https://dingtalk.e.ikcrm.com',
      'https://e.lixiaocrm.com',
      'https://lxcrm.weiwenjia.com',
      'https://dingtalk.e.ikcrm.com',
    ]);
    expect(baseUrlOf(lixiaoConnector, ACCOUNT, 'http://127.0.0.1:1/{host}')).toBe(`http://127.0.0.1:1/${HOST}`);
  });

  it('L1: the connection test logs in on the edition’s host: the fake’s 企微版 corp is an unknown account (100400) on the other hosts', async () => {
    for (const param4 of ['dingtalk', 'standalone', null]) {
      const wrong = { ...ACCOUNT, param4 };
      await expect(lixiaoConnector.verify(wrong, contextOn(fake, wrong))).rejects.toEqual(
        new CrmCallError('CRM账号验证失败，请检查账号信息', 'auth'),
      );
      expect(await lixiaoConnector.push(wrong, [record(1)], contextOn(fake, wrong))).toEqual([
        { kind: 'retry', cause: 'auth', reason: 'lixiao login refused: 账号不存在' },
      ]);
    }
    expect(fake.calls[api('auth/login', 'dingtalk.e.ikcrm.com')]).toBe(4);
    expect(fake.calls[api('auth/login', 'lxcrm.weiwenjia.com')]).toBe(2);
    expect(fake.calls[LOGIN]).toBeUndefined();
    await expect(lixiaoConnector.verify(ACCOUNT, ctx())).resolves.toBeUndefined();
    expect(fake.calls[LOGIN]).toBe(1);
    expect(fake.records).toEqual([]);
  });

  it('L2: logs in once and keeps the token in the token store for the next calls', async () => {
    const context = ctx();
    await lixiaoConnector.verify(ACCOUNT, context);
    expect(await context.tokens.get()).toMatch(/^tok-/);
    const outcomes = await lixiaoConnector.push(ACCOUNT, [record(1), record(2)], context);
    expect(outcomes).toEqual(fake.records.map((stored) => ({ kind: 'delivered', crmId: stored.crmId })));
    expect(fake.calls[LOGIN]).toBe(1);
    expect(fake.calls[LEADS]).toBe(2);
  });

  it('L2: refuses a wrong password as an auth failure after one login, without leaking it', async () => {
    const wrong = { ...ACCOUNT, param3: 'wrong-password' };
    await expect(lixiaoConnector.verify(wrong, ctx())).rejects.toEqual(new CrmCallError('CRM账号验证失败，请检查账号信息', 'auth'));
    const outcomes = await lixiaoConnector.push(wrong, [record(1), record(2)], ctx());
    expect(outcomes).toEqual([
      { kind: 'retry', cause: 'auth', reason: 'lixiao login refused: 账号或密码错误' },
      { kind: 'retry', cause: 'auth', reason: 'lixiao login refused: 账号或密码错误' },
    ]);
    expect(JSON.stringify(outcomes)).not.toContain('wrong-password');
    expect(fake.calls[LOGIN]).toBe(2);
  });

  it('L3: every call but the login carries Authorization; 独立版 also gets the X-LXY headers (assumption), the others not', async () => {
    const server = await startRecordingServer();
    try {
      for (const param4 of ['standalone', 'wecom']) {
        const account = { ...ACCOUNT, param4 };
        const tokens = memoryTokenStore();
        await tokens.set('tok-known', Date.now() + 60_000);
        const context = fakeContext({ url: baseUrlOf(lixiaoConnector, account, `${server.url}{host}`) }, { tokens });
        // The recording server answers `{}`: no code, so the call fails; what it received is what matters.
        await expect(lixiaoConnector.fields(account, context)).rejects.toBeInstanceOf(CrmCallError);
        await expect(lixiaoConnector.verify(account, context)).rejects.toBeInstanceOf(CrmCallError);
      }
      const seen = server.received.map(({ url, headers }) => ({
        url,
        authorization: headers.authorization,
        platform: headers['x-lxy-platform'],
        app: headers['x-lxy-app'],
        accessToken: headers['access-token'],
      }));
      expect(seen).toEqual([
        {
          url: '/lxcrm.weiwenjia.com/api/v2/custom_fields/lead/by_group',
          authorization: 'Token token=tok-known, device=open_api, version_code=9.9.9',
          platform: 'lixiaoyun',
          app: 'crm',
          accessToken: 'tok-known',
        },
        { url: '/lxcrm.weiwenjia.com/api/v2/auth/login', authorization: undefined, platform: 'lixiaoyun', app: 'crm', accessToken: undefined },
        {
          url: `/${HOST}/api/v2/custom_fields/lead/by_group`,
          authorization: 'Token token=tok-known, device=open_api, version_code=9.9.9',
          platform: undefined,
          app: undefined,
          accessToken: undefined,
        },
        { url: `/${HOST}/api/v2/auth/login`, authorization: undefined, platform: undefined, app: undefined, accessToken: undefined },
      ]);
    } finally {
      await server.close();
    }
  });

  it('L4: logs in again when the token expired (100401), clearing the stored one', async () => {
    const context = ctx();
    await lixiaoConnector.push(ACCOUNT, [record(1)], context);
    const before = await context.tokens.get();
    fake.expireTokens();
    const [outcome] = await lixiaoConnector.push(ACCOUNT, [record(2)], context);
    expect(outcome).toEqual({ kind: 'delivered', crmId: fake.records[1].crmId });
    expect(fake.calls[LOGIN]).toBe(2);
    expect(await context.tokens.get()).not.toBe(before);
  });

  it('L4: gives up after 3 tries in all and answers an auth retry', async () => {
    fake.fail({ kind: 'expiredToken' });
    const tokens = memoryTokenStore();
    const outcomes = await lixiaoConnector.push(ACCOUNT, [record(1), record(2)], ctx({ tokens }));
    expect(outcomes[0]).toMatchObject({ kind: 'retry', cause: 'auth', reason: expect.stringContaining('login lost 3 times') });
    expect(outcomes[1]).toEqual(outcomes[0]);
    expect(fake.calls[LOGIN]).toBe(3);
    expect(fake.calls[DUPLICATES]).toBe(3);
    expect(fake.calls[LEADS]).toBeUndefined();
    expect(tokens.value).toBeNull();
  });

  it('L4: recovers from expired logins within the 3 tries', async () => {
    fake.fail({ kind: 'expiredToken', times: 2 });
    const [outcome] = await lixiaoConnector.push(ACCOUNT, [record(1)], ctx());
    expect(outcome).toMatchObject({ kind: 'delivered' });
    expect(fake.calls[LOGIN]).toBe(3);
  });
});

describe('lixiao push', () => {
  it('L5/L6/L7/L9/L10: a lead with custom fields, a source, labels and a receiver arrives in the documented shape', async () => {
    const context = ctx();
    const fields = await lixiaoConnector.fields(ACCOUNT, context);
    const [label] = await lixiaoConnector.labels(ACCOUNT, context);
    const [, source] = await lixiaoConnector.sources(ACCOUNT, context);
    const mapped: MappedField[] = [
      { code: 'company_name', name: '公司名称', type: 'text', value: '某某医疗' },
      { code: 'numeric_asset_1', name: '预算', type: 'number', value: 3000 },
      { code: 'date_asset_1', name: '预约日期', type: 'date', value: '2025-03-07' },
      { code: 'tel', parentCode: 'address_attributes', name: '电话', type: 'phone', value: '020-87654321' },
      { code: 'detail_address', parentCode: 'address_attributes', name: '详细地址', type: 'text', value: '珠江新城' },
      // The mapper sends a select's option value once options are discovered.
      { code: 'text_asset_5755b9', name: '行业', type: 'option', value: valueOf(fieldOf(fields, 'text_asset_5755b9'), '医疗') },
      {
        code: 'text_asset_8a1c3e',
        name: '意向课程',
        type: 'options',
        value: fieldOf(fields, 'text_asset_8a1c3e').options?.map((option) => option.value) ?? [],
      },
      { code: 'source', name: '线索来源', type: 'option', value: source.code },
      { code: 'user_asset_1', name: '协作人', type: 'user', value: ['5002'] },
    ];
    const [outcome] = await lixiaoConnector.push(ACCOUNT, [record(1, { fields: mapped, labels: [label.classId], followerId: '5002' })], context);
    expect(outcome).toEqual({ kind: 'delivered', crmId: fake.records[0].crmId });
    expect(fake.records[0].body).toEqual({
      name: '线索1',
      user_id: 5002,
      company_name: '某某医疗',
      numeric_asset_1: 3000,
      date_asset_1: '2025-03-07',
      address_attributes: { phone: mobileOf(1), tel: '020-87654321', detail_address: '珠江新城' },
      text_asset_5755b9: 'sel_3c1a',
      text_asset_8a1c3e: ['sel_7a01', 'sel_7a02'],
      source: '689471',
      user_asset_1: ['5002'],
      labels: [3301],
    });
  });

  it('L7: a select sent as its text is refused (the CRM takes option values), and the next lead goes on', async () => {
    const bad: MappedField[] = [{ code: 'text_asset_5755b9', name: '行业', type: 'option', value: '医疗' }];
    const outcomes = await lixiaoConnector.push(ACCOUNT, [record(1, { fields: bad }), record(2, { name: '' }), record(3)], ctx());
    expect(outcomes).toEqual([
      { kind: 'refused', reason: '行业选项不存在' },
      { kind: 'refused', reason: '姓名不能为空' },
      { kind: 'delivered', crmId: fake.records[0].crmId },
    ]);
  });

  it('L6: the receiver owns the lead (user_id); without one no owner is sent, whatever param4 holds; an unknown one is refused', async () => {
    const outcomes = await lixiaoConnector.push(ACCOUNT, [record(1, { followerId: '5002' }), record(2), record(3, { followerId: '5999' })], ctx());
    expect(outcomes).toEqual([
      { kind: 'delivered', crmId: fake.records[0].crmId },
      { kind: 'delivered', crmId: fake.records[1].crmId },
      { kind: 'refused', reason: '负责人不存在' },
    ]);
    expect(fake.records[0].body).toMatchObject({ user_id: 5002 });
    expect(fake.records[1].body).not.toHaveProperty('user_id');
    expect(fake.records[0].body).not.toHaveProperty('tags');
  });

  it('L10: labels go in `labels` as label ids, with those the mapping sends there; an unknown one is refused', async () => {
    const known = await lixiaoConnector.labels(ACCOUNT, ctx());
    expect(known).toEqual([
      { classId: '3301', className: '高意向' },
      { classId: '3302', className: '待回访' },
    ]);
    const mapped: MappedField[] = [{ code: 'labels', name: '标签', type: 'options', value: ['3302'] }];
    const outcomes = await lixiaoConnector.push(
      ACCOUNT,
      [record(1, { labels: ['3301'] }), record(2, { fields: mapped, labels: ['3301', '3302'] }), record(3, { labels: ['9999'] })],
      ctx(),
    );
    expect(outcomes).toEqual([
      { kind: 'delivered', crmId: fake.records[0].crmId },
      { kind: 'delivered', crmId: fake.records[1].crmId },
      { kind: 'refused', reason: '标签选项不存在' },
    ]);
    expect(fake.records[0].body).toMatchObject({ labels: [3301] });
    expect(fake.records[1].body).toMatchObject({ labels: [3302, 3301] });
    expect(fake.records).toHaveLength(2);
  });

  it('L11: a mobile already in the CRM is delivered as a duplicate, found by duplicates/search', async () => {
    const [first] = await lixiaoConnector.push(ACCOUNT, [record(1)], ctx());
    const outcomes = await lixiaoConnector.push(ACCOUNT, [record(1, { leadId: 7 }), record(1, { leadId: 8 })], ctx());
    expect(outcomes).toEqual([
      { kind: 'delivered', crmId: (first as { crmId: string }).crmId, duplicate: true },
      { kind: 'delivered', crmId: (first as { crmId: string }).crmId, duplicate: true },
    ]);
    expect(fake.records).toHaveLength(1);
  });

  it.each(['refuse', 'unreadable', 'gone'] as const)(
    'L11: a duplicate check that is %s never refuses the lead nor calls it a duplicate: the create goes ahead',
    async (mode) => {
      fake.setDuplicateSearch(mode);
      const outcomes = await lixiaoConnector.push(ACCOUNT, [record(1), record(1, { leadId: 7 })], ctx());
      expect(outcomes).toEqual(fake.records.map((stored) => ({ kind: 'delivered', crmId: stored.crmId })));
      expect(fake.records).toHaveLength(2);
      expect(fake.calls[DUPLICATES]).toBe(2);
    },
  );

  it.each([
    ['5xx', 'server'],
    ['timeout', 'network'],
  ] as const)('L11: a %s of the duplicate check is a %s retry for the record and the ones after it', async (kind, cause) => {
    const context = ctx(kind === 'timeout' ? SHORT_TIMEOUT : {});
    await lixiaoConnector.verify(ACCOUNT, context);
    fake.fail({ kind });
    const outcomes = await lixiaoConnector.push(ACCOUNT, [record(1), record(2)], context);
    expect(outcomes).toEqual([expect.objectContaining({ kind: 'retry', cause }), expect.objectContaining({ kind: 'retry', cause })]);
    expect(fake.calls[DUPLICATES]).toBe(1);
    expect(fake.calls[LEADS]).toBeUndefined();
  });

  it('L14: a 429 is a rate retry after Retry-After', async () => {
    fake.fail({ kind: 'rateLimit', retryAfterSeconds: 3 });
    const [outcome] = await lixiaoConnector.push(ACCOUNT, [record(1)], ctx());
    expect(outcome).toMatchObject({ kind: 'retry', cause: 'rate', retryAfterMs: 3000 });
  });

  itRefusesWithTheFakeReason(lixiaoConnector, bed, record(1), '线索信息不合规（模拟拒绝）');
});

describe('lixiao discovery', () => {
  it('L8: reads the lead fields of every group of data.custom_field_groups, with types, required and options {value, text: label}', async () => {
    const fields = await lixiaoConnector.fields(ACCOUNT, ctx());
    expect(fields.map((field) => [field.code, field.type, field.required])).toEqual([
      ['name', 'text', true],
      ['company_name', 'text', false],
      ['source', 'option', false],
      ['address_attributes', 'text', false],
      ['numeric_asset_1', 'number', false],
      ['date_asset_1', 'date', false],
      ['text_asset_5755b9', 'option', false],
      ['text_asset_8a1c3e', 'options', false],
      ['labels', 'options', false],
      ['user_asset_1', 'user', false],
    ]);
    expect(fieldOf(fields, 'text_asset_5755b9').options).toEqual([
      { value: 'sel_22b9', text: '教育' },
      { value: 'sel_3c1a', text: '医疗' },
      { value: 'sel_4d2e', text: '互联网' },
    ]);
    expect(fieldOf(fields, 'address_attributes').children?.map((child) => [child.code, child.type, child.required])).toEqual([
      ['phone', 'phone', true],
      ['tel', 'phone', false],
      ['detail_address', 'text', false],
    ]);
  });

  it('L9/L10/L12: sources are the source select’s option ids, labels the label ids, staff the users of user/list', async () => {
    const context = ctx();
    await expect(lixiaoConnector.sources(ACCOUNT, context)).resolves.toEqual([
      { code: '689470', name: '广告投放' },
      { code: '689471', name: '官网咨询' },
      { code: '689472', name: '电话营销' },
    ]);
    await expect(lixiaoConnector.labels(ACCOUNT, context)).resolves.toEqual([
      { classId: '3301', className: '高意向' },
      { classId: '3302', className: '待回访' },
    ]);
    await expect(lixiaoConnector.staff(ACCOUNT, context)).resolves.toEqual([
      { userId: '5001', userName: '赵销售', phone: '13700000001', deptName: '销售部' },
      { userId: '5002', userName: '钱销售', phone: '13700000002', deptName: '销售部' },
    ]);
    expect(fake.calls[LOGIN]).toBe(1);
    expect(fake.calls[USER_LIST]).toBe(1);
  });

  it('L12: staff is read page by page until total_count are read, and at most 50 pages', async () => {
    fake.fail({ kind: 'flood', count: 230 });
    const staff = await lixiaoConnector.staff(ACCOUNT, ctx());
    expect(staff).toHaveLength(230);
    expect(new Set(staff.map((member) => member.userId)).size).toBe(230);
    expect(fake.calls[USER_LIST]).toBe(3);
    fake.reset();
    fake.fail({ kind: 'flood', count: 6000 });
    expect(await lixiaoConnector.staff(ACCOUNT, ctx())).toHaveLength(5000);
    expect(fake.calls[USER_LIST]).toBe(50);
  });

  it('throws a CrmCallError with a Chinese text when the CRM is down', async () => {
    fake.fail({ kind: '5xx' });
    await expect(lixiaoConnector.fields(ACCOUNT, ctx())).rejects.toEqual(new CrmCallError('CRM服务暂时不可用，请稍后再试', 'server'));
  });
});

describe('lixiao follow-up (review 0.3)', () => {
  it('0.3: followUp writes a revisit_log on the lead (loggable_type Lead) and answers its id', async () => {
    const context = ctx();
    const [pushed] = await lixiaoConnector.push(ACCOUNT, [record(1)], context);
    const crmId = (pushed as { crmId: string }).crmId;
    const at = Date.parse('2025-03-07T10:30:00+08:00');
    const outcome = await lixiaoConnector.followUp?.(ACCOUNT, { crmId, content: '电话沟通，客户有意向', at, userId: '5002' }, context);
    expect(outcome).toEqual({ kind: 'delivered', crmId: String(fake.revisitLogs[0].id) });
    expect(fake.revisitLogs.map((log) => log.body)).toEqual([
      { loggable_type: 'Lead', loggable_id: Number(crmId), content: '电话沟通，客户有意向', real_revisit_at: '2025-03-07 10:30:00' },
    ]);
  });

  it('0.3: a follow-up on a lead the CRM does not hold is refused; a CRM outage is a retry; neither throws', async () => {
    const note = { crmId: '1', content: '回访', at: Date.now() };
    await expect(lixiaoConnector.followUp?.(ACCOUNT, note, ctx())).resolves.toEqual({ kind: 'refused', reason: '关联对象不存在' });
    fake.fail({ kind: '5xx' });
    await expect(lixiaoConnector.followUp?.(ACCOUNT, note, ctx())).resolves.toMatchObject({ kind: 'retry', cause: 'server' });
    expect(fake.revisitLogs).toEqual([]);
  });
});

describe('lixiao call rate (L14)', () => {
  let paced: FakeLixiao;
  beforeAll(async () => {
    // The documented rate, 10 calls / 10 s, enforced 100 times faster: 10 calls / 100 ms.
    paced = await startFakeLixiao({ rateScale: 0.01 });
  });
  afterAll(() => paced.close());
  beforeEach(() => paced.reset());

  const burst = recordFactory('137', (i) => ({ name: `批量${i}` })).records(100);
  /** The burst as the workers push it: every lead at once, one call each, on one company's context. */
  const pushBurst = async (context: ConnectorContext) => {
    await lixiaoConnector.verify(ACCOUNT, context);
    return (await Promise.all(burst.map((lead) => lixiaoConnector.push(ACCOUNT, [lead], context)))).flat();
  };

  it('L14: declares 10 calls per 10 s, paced per edition host and corp id', () => {
    expect(lixiaoConnector.callLimits).toEqual([{ calls: 10, windowMs: 10_000 }]);
    expect(lixiaoConnector.pacingKey?.(ACCOUNT)).toBe(`${HOST}:${ACCOUNT.param1}`);
    expect(lixiaoConnector.pacingKey?.({ ...ACCOUNT, param4: 'dingtalk' })).toBe(`dingtalk.e.ikcrm.com:${ACCOUNT.param1}`);
  });

  it('L14: a burst of 100 leads paced by the connector’s callLimits creates each once, all delivered, none over the rate', async () => {
    const pacer = new SlidingWindowPacer(lixiaoConnector.callLimits ?? [], { scale: 0.01, maxWaitMs: 60_000 });
    const outcomes = await pushBurst(contextOn(paced, ACCOUNT, { pacer }));
    expect(outcomes).toHaveLength(100);
    expect(outcomes.every((outcome) => outcome.kind === 'delivered' && !outcome.duplicate)).toBe(true);
    expect(paced.records).toHaveLength(100);
    expect(new Set(paced.records.map((stored) => stored.mobile))).toEqual(new Set(burst.map((lead) => lead.mobile)));
    expect(new Set(outcomes.map((outcome) => (outcome as { crmId: string }).crmId))).toEqual(new Set(paced.records.map((stored) => stored.crmId)));
    expect(paced.rateRefusals).toBe(0);
  }, 30_000);

  it('L14: the same burst without a pacer meets the fake’s 429s (the fake’s check can fail)', async () => {
    const outcomes = await pushBurst(contextOn(paced, ACCOUNT));
    expect(paced.rateRefusals).toBeGreaterThan(0);
    expect(outcomes).toContainEqual(expect.objectContaining({ kind: 'retry', cause: 'rate' }));
    expect(paced.records.length).toBeLessThan(100);
  }, 30_000);
});
