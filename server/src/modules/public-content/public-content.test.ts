import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LINK_HEADER, PAGINATION_INFO_HEADER } from '@portal/contracts';
import {
  ARTICLE_CATEGORY_KEYS,
  CONTENT_TITLE_MAX,
  HOME_ARTICLES,
  HOME_CASES,
  paragraphsOf,
  PUBLIC_PRODUCT_KEYS,
  type Position,
  type PublicArticle,
  type PublicArticleCard,
  PublicContentMessage,
  type PublicHome,
  type PublicSite,
  type PublicTopic,
  type SuccessCase,
  type SuccessCaseCard,
} from '@portal/contracts/public';
import { runCli } from '../../cli';
import { addDays, chinaToday } from '../../lib/time';
import { DEFAULT_PUBLIC_SITE, loadConfig } from '../../config';
import type { DatabaseConfig } from '../../config';
import { seedDemoPublicContentIfMissing } from '../../db/seed-public';
import { ABOUT_ITEMS, INDUSTRY_BODIES, JOB_POSITIONS, PUBLIC_ARTICLES, SUCCESS_CASES, WORKBENCH_ARTICLE_BODIES } from '../../db/seed-public-data';
import { dialects, expectError, startApp, type TestApp, type TestClient } from '../../test/harness';

const OTHER_HOST = { host: 'partner.example.com' };
/** Two workbench articles and industries as seedIfEmpty writes them (no category, no body), older than the site's own. */
const WORKBENCH_ARTICLES = Object.keys(WORKBENCH_ARTICLE_BODIES).slice(0, 2);
const WORKBENCH_INDUSTRIES = Object.keys(INDUSTRY_BODIES).slice(0, 2);
/** The seeding day: yesterday, so that what the CLI adds now is newer than anything seeded. */
const SEED_DAY = addDays(chinaToday(), -1);
const SCRIPT_BODY = '<script>alert("x")</script>\n\n<b>加粗</b> & 其他';

/** The environment that points the CLI at the test app's database. */
function cliEnv(database: DatabaseConfig): NodeJS.ProcessEnv {
  return database.dialect === 'sqlite'
    ? { SQLITE_PATH: database.path }
    : { DATABASE_URL: database.url, ...(database.schema ? { DATABASE_SCHEMA: database.schema } : {}) };
}

const pagination = (response: { headers: Record<string, unknown> }) => JSON.parse(String(response.headers[PAGINATION_INFO_HEADER]));

describe('public site settings from the configuration', () => {
  it('uses the defaults until a PUBLIC_* variable is set, then that one over the defaults', () => {
    expect(loadConfig({}).publicSite).toBeUndefined();
    expect(loadConfig({ PUBLIC_PHONE: '400-123-4567', PUBLIC_ICP: '' }).publicSite).toEqual({ ...DEFAULT_PUBLIC_SITE, phone: '400-123-4567' });
    expect(() => loadConfig({ PUBLIC_ADDRESS: '地'.repeat(201) })).toThrow('PUBLIC_ADDRESS must be at most 200 characters');
  });
});

describe.each(dialects())('public content on %s', (dialect) => {
  let t: TestApp;
  let visitor: TestClient;
  let industryIds: number[];
  beforeAll(async () => {
    t = await startApp(dialect, { seed: false });
    visitor = t.client();
    await t.db
      .insertInto('articles')
      .values(WORKBENCH_ARTICLES.map((title, index) => ({ title, summary: `${title}摘要`, publishTime: `2020-01-0${index + 1}T02:00:00.000Z` })))
      .execute();
    industryIds = [];
    for (const [sort, title] of WORKBENCH_INDUSTRIES.entries()) {
      const { id } = await t.db
        .insertInto('industries')
        .values({ title, summary: `${title}摘要`, sort })
        .returning('id')
        .executeTakeFirstOrThrow();
      industryIds.push(id);
    }
    expect(await seedDemoPublicContentIfMissing(t.db, SEED_DAY)).toBe(true);
  });
  afterAll(() => t.close());

  it('seeds the demo content once, and the workbench articles and industries get their bodies', async () => {
    expect(await seedDemoPublicContentIfMissing(t.db, SEED_DAY)).toBe(false);
    const workbench = await t.db.selectFrom('articles').select(['title', 'category', 'body']).where('title', 'in', WORKBENCH_ARTICLES).execute();
    expect(workbench.map(({ title, category, body }) => ({ title, category, body }))).toEqual(
      expect.arrayContaining(WORKBENCH_ARTICLES.map((title) => ({ title, ...WORKBENCH_ARTICLE_BODIES[title] }))),
    );
    const industry = (await visitor.get(`/rest/public/industries/${industryIds[0]}`)).json() as PublicTopic;
    expect(industry).toEqual({
      id: industryIds[0],
      title: WORKBENCH_INDUSTRIES[0],
      summary: `${WORKBENCH_INDUSTRIES[0]}摘要`,
      body: INDUSTRY_BODIES[WORKBENCH_INDUSTRIES[0]],
    });
  });

  it('answers the site settings of the host: the full brand on localhost, the other brand elsewhere', async () => {
    const local = await visitor.get('/rest/public/site');
    expect(local.statusCode).toBe(200);
    expect(local.headers.vary).toContain('host');
    expect(local.json()).toEqual({ brandName: '渠道网', fullBrand: true, showQuDao: true, ...DEFAULT_PUBLIC_SITE });
    const vip = (await visitor.get('/rest/public/site', { headers: { host: 'VIP.qudao.com:8443' } })).json() as PublicSite;
    expect(vip).toMatchObject({ fullBrand: true, showQuDao: true });
    const other = (await visitor.get('/rest/public/site', { headers: OTHER_HOST })).json() as PublicSite;
    expect(other).toEqual({ brandName: '广告主服务平台', fullBrand: false, showQuDao: false, ...DEFAULT_PUBLIC_SITE });
  });

  it('answers the home page: banners in order, the newest cases and articles, services by tab, industries and abouts', async () => {
    const response = await visitor.get('/rest/public/home');
    expect(response.statusCode).toBe(200);
    const home = response.json() as PublicHome;
    expect(home.site.fullBrand).toBe(true);
    expect(home.banners.map((banner) => banner.title)).toHaveLength(4);
    expect(home.banners[0]).toEqual({
      id: expect.any(Number),
      title: '让每一份招商预算都带来有效咨询',
      subtitle: expect.any(String),
      picUrl: `/rest/content/public-banners/${home.banners[0].id}.svg`,
      linkUrl: '/products',
      linkType: 1,
    });
    expect(home.banners[3]).toMatchObject({ linkUrl: null, linkType: 0 });

    expect(home.cases).toHaveLength(HOME_CASES);
    expect(home.cases.map((item) => item.title)).toEqual(SUCCESS_CASES.slice(0, HOME_CASES).map((item) => item.title));
    expect(home.cases[0]).not.toHaveProperty('content');
    expect(home.cases[0]).toMatchObject({
      picture: `/rest/content/cases/${home.cases[0].id}.svg`,
      thumbnail: `/rest/content/cases/${home.cases[0].id}/thumbnail.svg`,
      impression: SUCCESS_CASES[0].impression,
      click: SUCCESS_CASES[0].click,
    });

    expect(home.articles).toHaveLength(HOME_ARTICLES);
    expect(home.articles.map((article) => article.title)).toEqual(PUBLIC_ARTICLES.slice(0, HOME_ARTICLES).map((article) => article.title));
    // Seeded 2 days before the seeding day at 03:30 UTC: 11:30 China time.
    expect(home.articles[0]).toEqual({
      id: expect.any(Number),
      title: PUBLIC_ARTICLES[0].title,
      category: PUBLIC_ARTICLES[0].category,
      summary: PUBLIC_ARTICLES[0].summary,
      publishTime: `${addDays(SEED_DAY, -2)} 11:30:00`,
    });

    expect(home.services).toHaveLength(9);
    expect(home.services.map((service) => service.product)).toEqual(PUBLIC_PRODUCT_KEYS.flatMap((product) => [product, product, product]));
    expect(home.industries.map((industry) => industry.title)).toEqual(WORKBENCH_INDUSTRIES);
    expect(home.abouts.map((about) => about.title)).toEqual(['公司简介', '发展历程', '企业文化', '联系我们']);
    expect(home.abouts[0]).not.toHaveProperty('body');
  });

  it('pages the cases newest first with the pagination headers, and answers a case with its content', async () => {
    const response = await visitor.get('/rest/public/cases', { query: { page: '3', pageSize: '4' } });
    expect(response.statusCode).toBe(200);
    const rows = response.json() as SuccessCaseCard[];
    expect(rows.map((item) => item.company)).toEqual(SUCCESS_CASES.slice(8).map((item) => item.company));
    expect(pagination(response)).toEqual({ rows: 2, count: 10, page: 3, pageSize: 4, totalRow: 10, totalPage: 3 });
    expect(response.headers[LINK_HEADER]).toContain('rel="previous"');
    expect(response.headers[LINK_HEADER]).not.toContain('rel="next"');

    const detail = await visitor.get(`/rest/public/cases/${rows[0].id}`);
    expect(detail.statusCode).toBe(200);
    const item = detail.json() as SuccessCase;
    expect(item).toEqual({ ...rows[0], content: SUCCESS_CASES[8].content });
    expect(paragraphsOf(item.content).length).toBeGreaterThanOrEqual(2);

    expectError(await visitor.get('/rest/public/cases/2147483647'), 404, PublicContentMessage.NotFound);
  });

  it('pages the articles, filters them by category and refuses an unknown category', async () => {
    const all = await visitor.get('/rest/public/articles', { query: { pageSize: '50' } });
    expect(pagination(all).totalRow).toBe(PUBLIC_ARTICLES.length + WORKBENCH_ARTICLES.length);
    const cards = all.json() as PublicArticleCard[];
    expect(cards.map((card) => card.publishTime)).toEqual([...cards.map((card) => card.publishTime)].sort().reverse());
    expect(cards.slice(-2).map((card) => card.title)).toEqual([...WORKBENCH_ARTICLES].reverse());

    for (const category of ARTICLE_CATEGORY_KEYS) {
      const response = await visitor.get('/rest/public/articles', { query: { category, pageSize: '3' } });
      expect(response.statusCode).toBe(200);
      const expected = [...PUBLIC_ARTICLES.filter((article) => article.category === category).map((article) => article.title)];
      const workbench = WORKBENCH_ARTICLES.filter((title) => WORKBENCH_ARTICLE_BODIES[title].category === category);
      expect(pagination(response)).toMatchObject({ totalRow: expected.length + workbench.length, rows: 3, pageSize: 3 });
      expect((response.json() as PublicArticleCard[]).map((card) => card.title)).toEqual(expected.slice(0, 3));
      expect(response.headers[LINK_HEADER]).toContain(`category=${category}`);
    }
    expect((await visitor.get('/rest/public/articles', { query: { category: '' } })).statusCode).toBe(200);
    expectError(await visitor.get('/rest/public/articles', { query: { category: 'gossip' } }), 400, PublicContentMessage.CategoryInvalid);
  });

  it('answers an article, an industry and an about item in full, and 内容不存在 for unknown ids', async () => {
    const [card] = (await visitor.get('/rest/public/articles', { query: { category: 'guide', pageSize: '1' } })).json() as PublicArticleCard[];
    const article = (await visitor.get(`/rest/public/articles/${card.id}`)).json() as PublicArticle;
    expect(article).toEqual({ ...card, body: PUBLIC_ARTICLES.find((item) => item.title === card.title)!.body });
    expect(paragraphsOf(article.body).length).toBeGreaterThanOrEqual(3);

    const home = (await visitor.get('/rest/public/home')).json() as PublicHome;
    const about = (await visitor.get(`/rest/public/abouts/${home.abouts[1].id}`)).json() as PublicTopic;
    expect(about).toEqual({ ...home.abouts[1], body: ABOUT_ITEMS[1].body });

    for (const kind of ['articles', 'industries', 'abouts', 'cases']) {
      expectError(await visitor.get(`/rest/public/${kind}/999999`), 404, PublicContentMessage.NotFound);
    }
    expect((await visitor.get('/rest/public/articles/007')).statusCode).toBe(400);
  });

  it('answers the positions on the full-brand hosts only', async () => {
    const response = await visitor.get('/rest/public/positions');
    expect(response.statusCode).toBe(200);
    const positions = response.json() as Position[];
    expect(positions.map((position) => position.title)).toEqual(JOB_POSITIONS.map((position) => position.title));
    expect(positions[0]).toEqual({ id: expect.any(Number), ...JOB_POSITIONS[0], publishTime: `${addDays(SEED_DAY, -1)} 09:00:00` });
    expectError(await visitor.get('/rest/public/positions', { headers: OTHER_HOST }), 404, PublicContentMessage.NotFound);
    // The other content is the same on every host.
    expect((await visitor.get('/rest/public/cases', { headers: OTHER_HOST })).statusCode).toBe(200);
  });

  it('draws the case pictures and the site banners, escaping their texts, and 404s unknown ones', async () => {
    const [card] = (await visitor.get('/rest/public/cases', { query: { pageSize: '1' } })).json() as SuccessCaseCard[];
    for (const url of [card.picture, card.thumbnail]) {
      const picture = await visitor.get(url);
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toContain('image/svg+xml');
      expect(picture.body).toContain(card.company);
    }
    const home = (await visitor.get('/rest/public/home')).json() as PublicHome;
    const banner = await visitor.get(home.banners[0].picUrl);
    expect(banner.statusCode).toBe(200);
    expect(banner.body).toContain(home.banners[0].title);
    for (const url of ['/rest/content/cases/999999.svg', '/rest/content/cases/999999/thumbnail.svg', '/rest/content/public-banners/999999.svg']) {
      expect((await visitor.get(url)).statusCode).toBe(404);
    }
    expect((await visitor.get(`/rest/content/cases/0${card.id}.svg`)).statusCode).toBe(404);
  });

  describe('content CLI', () => {
    let dir: string;
    let log: jest.SpyInstance;
    let errors: jest.SpyInstance;
    beforeEach(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-content-'));
      log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
      errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    });
    afterEach(() => {
      jest.restoreAllMocks();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    const addedId = (): number => Number(/^Added \w+ (\d+)\.$/.exec(String(log.mock.calls.at(-1)?.[0]))?.[1]);

    it('adds a case from a body file that then comes first, its markup answered as the text it is', async () => {
      const bodyFile = path.join(dir, 'case.txt');
      fs.writeFileSync(bodyFile, `  第一段：开店经过。\r\n\r\n${SCRIPT_BODY}\r\n`);
      const code = await runCli(
        [
          'content',
          'add-case',
          '--title',
          '<img src=x onerror=alert(1)>烘焙品牌招商',
          '--company',
          '麦香坊烘焙',
          '--industry',
          '餐饮美食',
          '--summary',
          '两个月签约12家。',
          '--body-file',
          bodyFile,
          '--impression',
          '120000',
          '--click',
          '3600',
        ],
        cliEnv(t.database),
      );
      expect(code).toBe(0);
      const id = addedId();
      const [first] = (await visitor.get('/rest/public/cases', { query: { pageSize: '1' } })).json() as SuccessCaseCard[];
      expect(first).toMatchObject({
        id,
        company: '麦香坊烘焙',
        title: '<img src=x onerror=alert(1)>烘焙品牌招商',
        impression: 120000,
        click: 3600,
        goodsId: null,
      });
      const detail = await visitor.get(`/rest/public/cases/${id}`);
      expect(detail.headers['content-type']).toContain('application/json');
      expect((detail.json() as SuccessCase).content).toBe(`第一段：开店经过。\n\n${SCRIPT_BODY}`);
      expect(paragraphsOf((detail.json() as SuccessCase).content)).toEqual([
        '第一段：开店经过。',
        '<script>alert("x")</script>',
        '<b>加粗</b> & 其他',
      ]);
      // Its picture holds the texts escaped: no markup of theirs.
      const picture = await visitor.get(`/rest/content/cases/${id}.svg`);
      expect(picture.body).not.toContain('<img');
      expect(picture.body).toContain('&lt;img');
    });

    it('adds an article, a position, a service, an about item and a banner, and lists them', async () => {
      const env = cliEnv(t.database);
      expect(
        await runCli(
          ['content', 'add-article', '--title', '加盟合同要看哪些条款', '--category', 'guide', '--summary', '五个条款。', '--body', '一。\n\n二。'],
          env,
        ),
      ).toBe(0);
      const articleId = addedId();
      const [newest] = (await visitor.get('/rest/public/articles', { query: { category: 'guide', pageSize: '1' } })).json() as PublicArticleCard[];
      expect(newest).toMatchObject({ id: articleId, title: '加盟合同要看哪些条款', category: 'guide' });

      expect(
        await runCli(
          [
            'content',
            'add-position',
            '--title',
            '销售经理',
            '--city',
            '广州',
            '--headcount',
            '3',
            '--salary',
            '12K-20K',
            '--duties',
            '拓展客户。',
            '--requirements',
            '三年经验。',
          ],
          env,
        ),
      ).toBe(0);
      const positionId = addedId();
      expect(((await visitor.get('/rest/public/positions')).json() as Position[])[0]).toMatchObject({ id: positionId, city: '广州', headcount: 3 });

      expect(await runCli(['content', 'add-service', '--product', 'brand', '--title', '招商会策划', '--summary', '全程策划执行。'], env)).toBe(0);
      expect(await runCli(['content', 'add-about', '--title', '资质荣誉', '--summary', '荣誉。', '--body', '高新技术企业。'], env)).toBe(0);
      expect(await runCli(['content', 'add-banner', '--title', '新年招商季', '--link-url', '/learning?category=news'], env)).toBe(0);
      const home = (await visitor.get('/rest/public/home')).json() as PublicHome;
      // A brand service comes after the tab's others, before the next tab's.
      expect(home.services.map((service) => service.title).slice(3, 7)).toEqual(['品牌定位策划', '官网与落地页建设', '招商物料设计', '招商会策划']);
      expect(home.abouts.at(-1)?.title).toBe('资质荣誉');
      expect(home.banners.at(-1)).toMatchObject({ title: '新年招商季', linkUrl: '/learning?category=news', linkType: 1 });

      log.mockClear();
      expect(await runCli(['content', 'list', 'positions'], env)).toBe(0);
      expect(String(log.mock.calls[0][0])).toBe(`#${positionId} 销售经理 (广州, 3)`);
    });

    it('refuses bad flags before touching the database, naming what is wrong', async () => {
      const env = { SQLITE_PATH: path.join(dir, 'never.sqlite') };
      const refusals: Array<[string[], string]> = [
        [
          ['add-case', '--title', 'x'.repeat(CONTENT_TITLE_MAX + 1), '--company', 'c', '--summary', 's', '--body', 'b'],
          `--title is at most ${CONTENT_TITLE_MAX}`,
        ],
        [['add-case', '--title', 't', '--company', 'c', '--summary', 's'], 'give one of --body and --body-file'],
        [
          ['add-case', '--title', 't', '--company', 'c', '--summary', 's', '--body', 'b', '--click', '5', '--impression', '1'],
          '--click cannot exceed',
        ],
        [['add-case', '--title', 't', '--company', 'c', '--summary', 's', '--body-file', path.join(dir, 'missing.txt')], 'cannot read'],
        [['add-article', '--title', 't', '--category', 'gossip', '--summary', 's', '--body', 'b'], '--category is one of guide, marketing, news'],
        [['add-article', '--title', 't', '--category', 'news', '--summary', 's', '--body', 'a\u0000b'], '--body has control characters'],
        [['add-service', '--product', 'tv', '--title', 't', '--summary', 's'], '--product is one of smart, brand, network'],
        [
          ['add-position', '--title', 't', '--city', 'c', '--headcount', '007', '--salary', 's', '--duties', 'd', '--requirements', 'r'],
          '--headcount is a whole number',
        ],
        [['add-banner', '--title', 't', '--link-url', 'javascript:alert(1)'], '--link-url is a path'],
        [['add-banner', '--title', 't', '--body', 'b'], 'add-banner does not take --body'],
        [['add-about', '--title', 'a\nb', '--summary', 's', '--body', 'b'], '--title is one line'],
        [['list', 'everything'], 'list takes one of'],
        [['drop'], 'unknown content command drop'],
      ];
      for (const [args, message] of refusals) {
        expect(await runCli(['content', ...args], env)).toBe(2);
        expect(errors).toHaveBeenCalledWith(expect.stringContaining(message));
      }
      expect(fs.existsSync(env.SQLITE_PATH)).toBe(false);
    });
  });
});
