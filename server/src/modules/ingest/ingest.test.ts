import { CommonMessage, lengthMessage, PlatformMessage } from '@portal/contracts';
import { LeadApiMessage, type Lead } from '@portal/contracts/leads';
import { IngestMessage } from '@portal/contracts/ingest';
import { leadListEndpoints } from '@portal/contracts/endpoints';
import type { LightMyRequestResponse } from 'fastify';
import { ServerMessage } from '../../http/messages';
import { demoClients, dialects, expectError, startApp, type TestApp, type TestClient } from '../../test/harness';
import { customerIdOf, itemIdsOf, storedLead } from '../../test/leads';

const KEY = '/rest/customer/account/ingest-key';
const OPEN = '/rest/open/leads';

describe.each(dialects())('lead ingestion on %s', (dialect) => {
  let t: TestApp;
  let a: TestClient;
  let b: TestClient;
  let keyA: string;
  let itemsA: number[];
  let itemsB: number[];
  let channelsA: number[];
  let channelsB: number[];

  /** Posts like a landing page's server: the key header, no cookies, no X-Requested-With. */
  /** `key` null sends no key header. */
  const post = (payload: unknown, key: string | null = keyA): Promise<LightMyRequestResponse> =>
    t.app.inject({ method: 'POST', url: OPEN, payload: payload as object, headers: key === null ? {} : { 'x-ingest-key': key } });
  const leadCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('leads')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const valid = () => ({ listKind: 'resource', itemId: itemsA[0], name: '赵先生', mobile: '13812345678' });

  beforeAll(async () => {
    t = await startApp(dialect);
    ({ a, b } = await demoClients(t));
    const customerA = await customerIdOf(t.db, 'demo');
    const customerB = await customerIdOf(t.db, 'demo2');
    itemsA = await itemIdsOf(t.db, customerA);
    itemsB = await itemIdsOf(t.db, customerB);
    channelsA = (await a.get('/rest/customer/platform/channels/listAll')).json().map((channel: { id: number }) => channel.id);
    channelsB = (await b.get('/rest/customer/platform/channels/listAll')).json().map((channel: { id: number }) => channel.id);
    keyA = (await a.get(KEY)).json().data.key;
  });
  afterAll(() => t.close());

  describe('keys', () => {
    it('makes a key per customer on first read and keeps it', async () => {
      expect(keyA).toMatch(/^[0-9a-f]{64}$/);
      expect((await a.get(KEY)).json()).toEqual({ code: '200', message: ServerMessage.Succeeded, data: { key: keyA } });
      const keyB = (await b.get(KEY)).json().data.key;
      expect(keyB).toMatch(/^[0-9a-f]{64}$/);
      expect(keyB).not.toBe(keyA);
    });

    it('regenerates a key: the old one stops working at once', async () => {
      const old = (await b.get(KEY)).json().data.key;
      const [itemB] = itemsB;
      expect((await post({ ...valid(), itemId: itemB }, old)).statusCode).toBe(201);
      const response = await b.post(KEY);
      expect(response.json()).toEqual({ code: '200', message: IngestMessage.KeyRegenerated, data: { key: expect.stringMatching(/^[0-9a-f]{64}$/) } });
      const fresh = response.json().data.key;
      expect(fresh).not.toBe(old);
      expect((await b.get(KEY)).json().data.key).toBe(fresh);
      expectError(await post({ ...valid(), itemId: itemB }, old), 401, IngestMessage.KeyInvalid);
      expect((await post({ ...valid(), itemId: itemB }, fresh)).statusCode).toBe(201);
    });

    it('needs a session to read or regenerate, and X-Requested-With to regenerate', async () => {
      expectError(await t.client().get(KEY), 401, CommonMessage.NotLoggedIn);
      expectError(await t.client().post(KEY), 401, CommonMessage.NotLoggedIn);
      expectError(await a.post(KEY, undefined, { withoutRequestedWith: true }), 403, CommonMessage.MissingRequestedWith);
      expect((await a.get(KEY)).json().data.key).toBe(keyA);
    });
  });

  it('stores a lead, unread, on its list and tells the listeners after the commit', async () => {
    const heard: Array<{ payload: unknown; stored: boolean }> = [];
    const stop = t.app.events.on('lead.arrived', (payload) => {
      heard.push({ payload, stored: false });
      // The row is there when the event goes out.
      void t.db
        .selectFrom('leads')
        .select('id')
        .where('id', '=', payload.id)
        .executeTakeFirst()
        .then((row) => {
          heard[heard.length - 1].stored = Boolean(row);
        });
    });
    const before = (await a.get(`/rest${leadListEndpoints.infoList.path}`)).json() as Lead[];
    const response = await post({
      listKind: 'infoList',
      resType: 1,
      itemId: itemsA[1],
      channelId: channelsA[3],
      name: '钱女士',
      mobile: '13912345678',
      province: '广东',
      city: '深圳',
      searchWord: '奶茶加盟',
      searchDomain: 'm.baidu.com',
      pageUrl: 'https://lp.example.cn/x.html',
      content: { feedback: '想了解加盟费', sex: '女', budget: '10-20万' },
      questionnaire: [{ question: '预算？', answer: '20万' }],
      qq: '123456',
      otherInfo: '晚上联系',
      platform: 1,
    });
    stop();
    expect(response.statusCode).toBe(201);
    const { id } = response.json().data;
    expect(response.json()).toEqual({ code: '200', message: ServerMessage.Succeeded, data: { id: expect.any(Number) } });
    expect(await storedLead(t.db, id)).toMatchObject({
      listKind: 'infoList',
      tableName: 'form',
      readStatus: 0,
      status: 0,
      mobileStatus: 1,
      region: '广东 深圳',
    });
    // Its receiver is whoever the demo's schedule gives it to (who, and why: distribution/distribution.test.ts).
    const record = await t.db.selectFrom('leadDistributions').select('userName').where('leadId', '=', id).executeTakeFirstOrThrow();
    expect((await storedLead(t.db, id)).crmFollower).toBe(record.userName);
    const after = (await a.get(`/rest${leadListEndpoints.infoList.path}`)).json() as Lead[];
    expect(after).toHaveLength(Math.min(before.length + 1, 10));
    expect(after[0]).toMatchObject({
      id,
      name: '钱女士',
      itemId: itemsA[1],
      itemTitle: '川味坊火锅连锁',
      channelTitle: '今日头条信息流',
      searchTitle: '百度',
      content: { feedback: '想了解加盟费', sex: '女', budget: '10-20万' },
      datas: [{ question: '预算？', answer: '20万' }],
      readStatus: 0,
      showPageUrl: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const customerA = await customerIdOf(t.db, 'demo');
    expect(heard).toEqual([{ payload: { customerId: customerA, listKind: 'infoList', id }, stored: true }]);
    // Sent from the public site: it is on the form-list page too.
    expect(((await a.get(`/rest${leadListEndpoints.infoList.path}`, { query: { platformId: '1' } })).json() as Lead[])[0].id).toBe(id);
  });

  it('classifies the phone: the 11-digit mobile pattern is normal, other digits suspected', async () => {
    for (const [mobile, status] of [
      ['13812345678', 1],
      ['02088886666', 0],
      ['12345', 0],
      ['12812345678', 0],
      ['8613812345678', 0],
    ] as const) {
      const response = await post({ ...valid(), mobile });
      expect(response.statusCode).toBe(201);
      expect((await storedLead(t.db, response.json().data.id)).mobileStatus).toBe(status);
    }
  });

  it('refuses a missing, wrong or malformed key before looking at the body', async () => {
    const count = await leadCount();
    for (const key of [null, '', 'nope', keyA.toUpperCase(), `${keyA}0`, keyA.replace(/.$/, (c) => (c === '0' ? '1' : '0')), "' OR 1=1 --"]) {
      const response = await post(valid(), key);
      expect(response.json()).toEqual({ code: '401', message: IngestMessage.KeyInvalid });
      expect(response.statusCode).toBe(401);
    }
    expectError(await post('{broken', 'nope'), 401, IngestMessage.KeyInvalid);
    expect(await leadCount()).toBe(count);
  });

  it('refuses a bad body with 400 naming the field, storing nothing', async () => {
    const count = await leadCount();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: undefined }, 'name', '不能为空'],
      [{ name: '' }, 'name', '不能为空'],
      [{ name: '长'.repeat(51) }, 'name', lengthMessage(1, 50)],
      [{ name: '张\u0000三' }, 'name', IngestMessage.TextInvalid],
      [{ address: '\u0000' }, 'address', IngestMessage.TextInvalid],
      [{ content: { feedback: 'a\u0000' } }, 'content.feedback', IngestMessage.ContentInvalid],
      [{ mobile: undefined }, 'mobile', '请输入手机号'],
      [{ mobile: '1234' }, 'mobile', '格式不正确'],
      [{ mobile: '138-1234-5678' }, 'mobile', '格式不正确'],
      [{ mobile: 13812345678 }, 'mobile', '请输入手机号'],
      [{ listKind: 'leads' }, 'listKind', IngestMessage.ListKindInvalid],
      [{ listKind: undefined }, 'listKind', IngestMessage.ListKindInvalid],
      [{ itemId: 'abc' }, 'itemId', PlatformMessage.ItemInvalid],
      [{ itemId: undefined }, 'itemId', PlatformMessage.ItemInvalid],
      [{ resType: 3 }, 'resType', IngestMessage.ResTypeInvalid],
      [{ channelId: -1 }, 'channelId', IngestMessage.ChannelInvalid],
      [{ pageUrl: 'javascript:alert(1)' }, 'pageUrl', IngestMessage.UrlInvalid],
      [{ referrerUrl: 'not a url' }, 'referrerUrl', IngestMessage.UrlInvalid],
      [{ content: { feedback: 5 } }, 'content', IngestMessage.ContentInvalid],
      [{ content: 'x'.repeat(5001) }, 'content', IngestMessage.ContentInvalid],
      [{ qq: 'qq123' }, 'qq', IngestMessage.QqInvalid],
      [{ questionnaire: [{ answer: 'x' }] }, 'questionnaire.0.question', IngestMessage.QuestionnaireInvalid],
      [{ otherInfo: 'x'.repeat(501) }, 'otherInfo', '长度不能超过 500 个字符'],
      [{ genreId: 1.5 }, 'genreId', IngestMessage.NumberInvalid],
      [{ platform: 3 }, 'platform', LeadApiMessage.PlatformInvalid],
      [{ platform: '1' }, 'platform', LeadApiMessage.PlatformInvalid],
    ];
    for (const [change, field, message] of cases) {
      const response = await post({ ...valid(), ...change });
      expect({ change, status: response.statusCode, body: response.json() }).toEqual({ change, status: 400, body: { code: '400', message, field } });
    }
    for (const payload of ['[]', '"text"', 'null', '{', '']) {
      const response = await t.app.inject({
        method: 'POST',
        url: OPEN,
        payload,
        headers: { 'x-ingest-key': keyA, 'content-type': 'application/json' },
      });
      expectError(response, 400);
    }
    expectError(await post('name=x'), 415);
    expect(await leadCount()).toBe(count);
  });

  it("refuses another customer's item or channel as if it did not exist, storing nothing", async () => {
    const count = await leadCount();
    expectError(await post({ ...valid(), itemId: itemsB[0] }), 404, PlatformMessage.ItemNotFound);
    expectError(await post({ ...valid(), itemId: 999_999 }), 404, PlatformMessage.ItemNotFound);
    expectError(await post({ ...valid(), channelId: channelsB[0] }), 404, IngestMessage.ChannelNotFound);
    expect(await leadCount()).toBe(count);
  });

  it('answers the browser preflight and lets any origin post (the key, not cookies, is the credential)', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: OPEN,
      headers: { origin: 'https://lp.example.cn', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('x-ingest-key');
    expect((await post(valid())).headers['access-control-allow-origin']).toBe('*');
    expect((await post(valid(), 'nope')).headers['access-control-allow-origin']).toBe('*');
  });
});

describe('lead ingestion rate limit', () => {
  it('limits each key on its own', async () => {
    const t = await startApp('sqlite', { ingestRateLimitPerMinute: 3 });
    try {
      const [a, b] = [t.client(), t.client()];
      await a.login('demo');
      await b.login('demo2');
      const keyA = (await a.get(KEY)).json().data.key;
      const keyB = (await b.get(KEY)).json().data.key;
      const itemA = (await itemIdsOf(t.db, await customerIdOf(t.db, 'demo')))[0];
      const itemB = (await itemIdsOf(t.db, await customerIdOf(t.db, 'demo2')))[0];
      const post = (key: string, itemId: number) =>
        t.app.inject({
          method: 'POST',
          url: OPEN,
          headers: { 'x-ingest-key': key },
          payload: { listKind: 'resource', itemId, name: '测试', mobile: '13812345678' },
        });
      for (let i = 0; i < 3; i++) expect((await post(keyA, itemA)).statusCode).toBe(201);
      expectError(await post(keyA, itemA), 429, ServerMessage.TooManyRequests);
      expect((await post(keyB, itemB)).statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });
});
