import { MessageFormType, MessagePlatform } from '@portal/contracts';
import { type Lead } from '@portal/contracts/leads';
import { leadListEndpoints, PublicFormsMessage, SURVEY_QUESTIONS } from '@portal/contracts/endpoints';
import { MessageFormMessage, PlanFormMessage, planReportSchema, SurveyMessage } from '@portal/contracts/public';
import type { LightMyRequestResponse } from 'fastify';
import { seedSalesAccountIfMissing } from '../../db/seed-sales';
import { dialects, expectError, startApp, type TestApp, type TestClient } from '../../test/harness';

const FORM_LIST = `/rest${leadListEndpoints.infoList.path}`;
const MESSAGES = '/rest/public/messages';
const SURVEYS = '/rest/public/surveys';
const PLANS = '/rest/public/strategy-surveys';

const message = (extra: Record<string, unknown> = {}) => ({
  name: '王先生',
  enterpriseName: '茶语餐饮',
  telephone: '13900001111',
  content: '想了解推广方案',
  type: MessageFormType.VisitorMessage,
  platform: MessagePlatform.Public,
  ...extra,
});
const survey = (extra: Record<string, unknown> = {}) => ({
  contacts: '李女士',
  mobile: '13900002222',
  itemName: '川味火锅',
  dailyMinResource: '20',
  onlineService: 1,
  productOrientation: '中端',
  products: '火锅',
  competitor: '海底捞',
  genderRation: '男60% 女40%',
  ageSegment: '25-35岁',
  ...extra,
});
const plan = (extra: Record<string, unknown> = {}) => ({
  brand: '茶语时光',
  industry: '餐饮',
  comAdress: '北京市',
  hasBranch: 0,
  money: 2,
  people: '12',
  comBrand: ['蜜雪冰城'],
  telephone: '13900003333',
  ...extra,
});
const urlencoded = (body: Record<string, unknown>): string =>
  new URLSearchParams(
    Object.entries(body).flatMap(([key, value]): Array<[string, string]> =>
      Array.isArray(value) ? value.map((item): [string, string] => [key, String(item)]) : [[key, String(value)]],
    ),
  ).toString();
const formPost = (client: TestClient, url: string, body: Record<string, unknown>) =>
  // As a browser posts a plain HTML form of the site itself: no X-Requested-With, Sec-Fetch-Site: same-origin.
  client.post(url, urlencoded(body), {
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    withoutRequestedWith: true,
  });
const location = (response: LightMyRequestResponse) => new URL(String(response.headers.location), 'http://x');

describe.each(dialects())('the visitor forms on %s', (dialect) => {
  let t: TestApp;
  let visitor: TestClient;
  let sales: TestClient;
  let salesId: number;
  /** Another phone per test, so that the per-phone count never carries over. */
  let phone = 13600000000;
  const nextPhone = () => String((phone += 1));

  beforeAll(async () => {
    t = await startApp(dialect, { publicFormLimits: { perAddress: 1000, perPhone: 1000 } });
    await seedSalesAccountIfMissing(t.db);
    salesId = (await t.db.selectFrom('customers').select('id').where('loginAccount', '=', 'sales').executeTakeFirstOrThrow()).id;
    visitor = t.client();
    sales = t.client();
    await sales.login('sales');
  });
  afterAll(() => t.close());

  /** The sales account's form list, of the forms sent from `platformId` (the form-list page sends 1). */
  const salesLeads = async (platformId: number = MessagePlatform.Public) =>
    (await sales.get(FORM_LIST, { query: { pageSize: '100', platformId: String(platformId) } })).json() as Lead[];
  const leadCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('leads')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('customerId', '=', salesId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses each form with the messages of spec 000 section 5', async () => {
    expectError(await visitor.post(MESSAGES, message({ name: '' })), 400, '不能为空');
    expectError(await visitor.post(MESSAGES, message({ enterpriseName: '' })), 400, '不能为空');
    expectError(await visitor.post(MESSAGES, message({ scene: 'message', content: '' })), 400, MessageFormMessage.ContentRequired);
    expectError(await visitor.post(MESSAGES, message({ type: 6, platform: 2 })), 400, MessageFormMessage.TypeInvalid);
    expectError(await visitor.post(MESSAGES, message({ platform: 2 })), 400, MessageFormMessage.PlatformInvalid);
    expectError(await visitor.post(SURVEYS, survey({ minInvestment: '10', maxInvestment: '5' })), 400, '最高金额不能低于最低金额，请重新输入');
    expectError(await visitor.post(SURVEYS, survey({ visitingRate: '100' })), 400, '数值必须大于0小于100');
    expectError(await visitor.post(SURVEYS, survey({ contacts: '' })), 400, '必填');
    expectError(await visitor.post(PLANS, plan({ brand: '' })), 400, '请填写品牌名称');
    expectError(await visitor.post(PLANS, plan({ brand: 'x'.repeat(51) })), 400, '长度在 1 到 50 个字符');
    expectError(await visitor.post(PLANS, plan({ people: '0' })), 400, '数值必须是大于0的数字');
    expectError(await visitor.post(PLANS, plan({ comBrand: [''] })), 400, PlanFormMessage.CompetitorRequired);
    expect(await leadCount()).toBe(0);
  });

  it('a branch-partner consultation needs no enterprise name', async () => {
    const response = await visitor.post(MESSAGES, message({ scene: 'partner', enterpriseName: undefined, telephone: nextPhone() }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(Number) });
  });

  it("a leave-a-message arrives as a form lead (platform 1) on the sales account's list", async () => {
    const mobile = nextPhone();
    const response = await visitor.post(MESSAGES, message({ scene: 'message', telephone: mobile }));
    expect(response.statusCode).toBe(201);
    const lead = (await salesLeads()).find((row) => row.id === response.json().id);
    expect(lead).toMatchObject({ name: '王先生', mobile, listKind: 'infoList' });
    expect(lead?.content).toContain('想了解推广方案');
  });

  it('a questionnaire arrives as a form lead whose questionnaire holds its answers', async () => {
    const mobile = nextPhone();
    const response = await visitor.post(SURVEYS, survey({ mobile }));
    expect(response.statusCode).toBe(201);
    const lead = (await salesLeads()).find((row) => row.id === response.json().id);
    expect(lead).toMatchObject({ name: '李女士', mobile });
    expect(lead?.datas).toEqual(
      expect.arrayContaining([
        { question: SURVEY_QUESTIONS.itemName, answer: '川味火锅' },
        { question: SURVEY_QUESTIONS.genderRation, answer: '男60% 女40%' },
        { question: SURVEY_QUESTIONS.onlineService, answer: '是' },
      ]),
    );
  });

  it('answers a plain HTML form post with 303 to /form-result, ok or with the message', async () => {
    const ok = await formPost(visitor, MESSAGES, message({ scene: 'diagnosis', telephone: nextPhone() }));
    expect(ok.statusCode).toBe(303);
    expect(Object.fromEntries(location(ok).searchParams)).toEqual({ form: 'diagnosis', ok: '1' });
    expect(location(ok).pathname).toBe('/form-result');

    const refused = await formPost(visitor, MESSAGES, message({ scene: 'message', content: '' }));
    expect(refused.statusCode).toBe(303);
    expect(Object.fromEntries(location(refused).searchParams)).toEqual({ form: 'message', error: MessageFormMessage.ContentRequired });

    const surveyOk = await formPost(visitor, SURVEYS, survey({ mobile: nextPhone() }));
    expect(Object.fromEntries(location(surveyOk).searchParams)).toEqual({ form: 'survey', ok: '1' });
    const surveyRefused = await formPost(visitor, SURVEYS, survey({ visitingRate: '0' }));
    expect(Object.fromEntries(location(surveyRefused).searchParams)).toEqual({ form: 'survey', error: '数值必须大于0小于100' });

    const planOk = await formPost(visitor, PLANS, plan({ hasBranch: 1, sonCompanys: ['上海市', '广州市'], telephone: nextPhone() }));
    expect(planOk.statusCode).toBe(303);
    const params = location(planOk).searchParams;
    expect(params.get('form')).toBe('plan');
    expect(params.get('ok')).toBe('1');
    const report = await visitor.get(`/rest/public/strategy-surveys/${params.get('id')}`, { query: { token: params.get('token')! } });
    expect(report.statusCode).toBe(200);
    expect(report.json().brand).toBe('茶语时光');
  });

  it('answers a filled honeypot as a success and stores nothing', async () => {
    const before = await leadCount();
    const response = await visitor.post(MESSAGES, message({ website: 'http://spam.example', telephone: nextPhone() }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(Number) });
    const posted = await formPost(visitor, SURVEYS, survey({ website: 'x', mobile: nextPhone() }));
    expect(Object.fromEntries(location(posted).searchParams)).toEqual({ form: 'survey', ok: '1' });
    const planned = await visitor.post(PLANS, plan({ website: 'x' }));
    expect(planned.statusCode).toBe(201);
    expect(planReportSchema.safeParse(planned.json().report).success).toBe(true);
    expect(await leadCount()).toBe(before);
  });

  it('makes one lead per Idempotency-Key and body; another body with the key is a 409', async () => {
    const before = await leadCount();
    const body = message({ telephone: nextPhone() });
    const headers = { 'idempotency-key': `k-${dialect}-1` };
    const first = await visitor.post(MESSAGES, body, { headers });
    const again = await visitor.post(MESSAGES, body, { headers });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await leadCount()).toBe(before + 1);
    expectError(await visitor.post(MESSAGES, { ...body, content: '另一条' }, { headers }), 409);
    expect(await leadCount()).toBe(before + 1);
  });

  it('answers a strategy survey with its report, readable again only with its token', async () => {
    const response = await visitor.post(PLANS, plan({ telephone: nextPhone() }));
    expect(response.statusCode).toBe(201);
    const { id, token, report } = response.json();
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(planReportSchema.parse(report)).toEqual(report);
    expect(report.percent.male + report.percent.female).toBe(100);
    const read = await visitor.get(`/rest/public/strategy-surveys/${id}`, { query: { token } });
    expect(read.json()).toEqual({ id, brand: '茶语时光', report });
    expectError(
      await visitor.get(`/rest/public/strategy-surveys/${id}`, { query: { token: '0'.repeat(32) } }),
      404,
      PublicFormsMessage.StrategySurveyNotFound,
    );
    expectError(await visitor.get(`/rest/public/strategy-surveys/${id}`), 400);
    const lead = (await salesLeads()).find((row) => row.mobile === plan().telephone || row.name === '茶语时光');
    expect(lead?.content).toContain('品牌：茶语时光');
  });

  it('takes the logged-in forms as platform 2 leads; a logged-in survey failing the condition is 新增失败', async () => {
    const customer = t.client();
    await customer.login('demo');
    const mobile = nextPhone();
    const sent = await customer.post('/rest/customer/message/forms', message({ type: 6, platform: 2, telephone: mobile }));
    expect(sent.statusCode).toBe(201);
    expect((await salesLeads(MessagePlatform.LoggedIn)).find((row) => row.id === sent.json().id)).toMatchObject({ mobile });
    expect((await salesLeads(MessagePlatform.Public)).find((row) => row.id === sent.json().id)).toBeUndefined();
    expectError(await customer.post('/rest/customer/message/forms', message()), 400, MessageFormMessage.TypeInvalid);
    expectError(
      await customer.post('/rest/customer/surveys', survey({ dailyMinResource: '0', visitingRate: '0', closeRate: '0' })),
      400,
      SurveyMessage.AddFailed,
    );
    expect((await customer.post('/rest/customer/surveys', survey({ mobile: nextPhone() }))).statusCode).toBe(201);
    const planned = await customer.post('/rest/customer/strategy-surveys', plan({ telephone: nextPhone() }));
    expect(planned.statusCode).toBe(201);
    expect(Object.keys(planned.json()).sort()).toEqual(['id', 'report', 'token']);
    expectError(await t.client().post('/rest/customer/surveys', survey()), 401);
  });
});

describe.each(dialects())("the visitor forms' limits on %s", (dialect) => {
  it('answers 429 with Retry-After past the per-address and per-phone counts', async () => {
    const t = await startApp(dialect, { publicFormLimits: { perAddress: 4, perPhone: 2 } });
    try {
      await seedSalesAccountIfMissing(t.db);
      const visitor = t.client();
      expect((await visitor.post(MESSAGES, message())).statusCode).toBe(201);
      expect((await visitor.post(MESSAGES, message())).statusCode).toBe(201);
      const phoneLimited = await visitor.post(MESSAGES, message());
      expectError(phoneLimited, 429, PublicFormsMessage.TooFrequent);
      expect(Number(phoneLimited.headers['retry-after'])).toBeGreaterThan(0);
      // Another phone passes the phone count, then the address count stops it.
      expect((await visitor.post(MESSAGES, message({ telephone: '13700000001' }))).statusCode).toBe(201);
      const addressLimited = await visitor.post(MESSAGES, message({ telephone: '13700000002' }));
      expectError(addressLimited, 429, PublicFormsMessage.TooFrequent);
      const posted = await formPost(visitor, SURVEYS, survey());
      expect(posted.statusCode).toBe(303);
      expect(location(posted).searchParams.get('error')).toBe(PublicFormsMessage.TooFrequent);
    } finally {
      await t.close();
    }
  });

  it('refuses every form while the sales account is missing, storing nothing', async () => {
    const t = await startApp(dialect);
    try {
      expectError(await t.client().post(MESSAGES, message()), 400, PublicFormsMessage.NotAccepting);
      expectError(await t.client().post(PLANS, plan()), 400, PublicFormsMessage.NotAccepting);
      expect(await t.db.selectFrom('strategySurveys').selectAll().execute()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
