import { render, SITE_PATHS } from './server';
import { fakeSiteApi, FULL_SITE, HOME, ok, OTHER_SITE } from './testing';

const ASSETS = { js: ['/remotes/site/0.1.0/site/js/site.abc.js'], css: [] };

/** The page's document as the server sends it, and the state the browser hydrates with. */
async function page(path: string, routes = {}, options: { query?: Record<string, string>; loggedIn?: boolean; site?: typeof FULL_SITE } = {}) {
  const { api, reads } = fakeSiteApi(routes, options.site ?? FULL_SITE);
  const out = await render({ path, query: options.query ?? {}, api, loggedIn: options.loggedIn ?? false, assets: ASSETS });
  const data = /<script type="application\/json" id="site-data">(.*?)<\/script>/s.exec(out.html)?.[1];
  return {
    ...out,
    reads,
    state: data ? JSON.parse(data) : null,
    text: out.html.replace(/<style>[\s\S]*?<\/style>/, '').replace(/<script type="application\/json"[\s\S]*?<\/script>/, ''),
  };
}

describe('the visitor site rendered on the server', () => {
  it('puts the home page text in the HTML: title, description, headline, banner, cases, articles, the login link and the script', async () => {
    const home = await page('/', { '/public/home': ok(HOME) });
    expect(home.status).toBe(200);
    expect(home.text).toContain('<title>渠道网 - 连锁加盟品牌的全网招商伙伴</title>');
    expect(home.text).toContain('<meta name="description" content="智能投放、品牌全案、全网营销');
    expect(home.text).toContain('<h1>连锁加盟品牌的全网招商伙伴</h1>');
    expect(home.text).toContain('茶饮品牌三个月新增加盟咨询2300条');
    expect(home.text).toContain('href="/succeed-details?id=7"');
    // The cases and the articles in carousels: rows that scroll inside their box (turned by buttons once the script runs).
    expect(home.text).toContain('aria-roledescription="carousel" aria-label="成功案例" role="group"');
    expect(home.text).toContain('aria-roledescription="carousel" aria-label="招商干货" role="group"');
    expect(home.text).toContain('2025年餐饮加盟市场趋势解读');
    expect(home.text).toContain('href="/login"');
    expect(home.text).not.toContain('返回工作台');
    expect(home.text).toContain('<script defer src="/remotes/site/0.1.0/site/js/site.abc.js"></script>');
    expect(home.state).toMatchObject({ path: '/', loggedIn: false, site: FULL_SITE, data: { cases: [{ id: 7 }] } });
    expect(home.reads).toEqual(['/public/site', '/public/home']);
  });

  it('shows 返回工作台 to a logged-in visitor, and 加入我们 only on the full brand with the footer of showQuDao', async () => {
    const logged = await page('/', { '/public/home': ok(HOME) }, { loggedIn: true });
    expect(logged.text).toContain('返回工作台');
    expect(logged.text).toContain('href="/work-bench"');
    expect(logged.text).toContain('加入我们');
    expect(logged.text).toContain('渠道网（北京）科技有限公司');
    const other = await page('/', { '/public/home': ok({ ...HOME, site: OTHER_SITE }) }, { site: OTHER_SITE });
    expect(other.text).not.toContain('加入我们');
    expect(other.text).not.toContain('渠道网（北京）科技有限公司');
    expect((await page('/join-us', { '/public/positions': ok([]) }, { site: OTHER_SITE })).status).toBe(404);
  });

  it('renders a case by ?id=, its text as text: markup in the content is escaped, never run', async () => {
    const item = { ...HOME.cases[0]!, content: '第一段<script>alert(1)</script>\n\n第二段' };
    const detail = await page('/succeed-details', { '/public/cases/7': ok(item) }, { query: { id: '7' } });
    expect(detail.status).toBe(200);
    expect(detail.text).toContain('<p>第一段&lt;script&gt;alert(1)&lt;/script&gt;</p><p>第二段</p>');
    // The JSON block cannot be closed by the data either.
    expect(detail.html).not.toContain('<script>alert(1)</script>');
    expect(detail.html).toContain('\\u003cscript>alert(1)');
  });

  it('answers 404 with the not-found page for a missing, malformed or unknown id', async () => {
    for (const query of [{}, { id: 'abc' }, { id: '0' }, { id: '99' }] as Array<Record<string, string>>) {
      const missing = await page('/succeed-details', {}, { query });
      expect(missing.status).toBe(404);
      expect(missing.text).toContain('页面不存在');
      expect(missing.text).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('pages the cases and the articles with links that work without a script, and filters articles by category', async () => {
    const cases = await page('/cases', { '/public/cases': ok([HOME.cases[0]], { page: 2, totalPage: 3, totalRow: 30 }) }, { query: { page: '2' } });
    expect(cases.reads).toContain('/public/cases?page=2&pageSize=12');
    expect(cases.text).toContain('href="/cases?page=1"');
    expect(cases.text).toContain('href="/cases?page=3"');
    expect(cases.text).toContain('第 2 / 3 页');
    const learning = await page('/learning', { '/public/articles': ok(HOME.articles) }, { query: { category: 'news', page: 'x' } });
    expect(learning.reads).toContain('/public/articles?page=1&pageSize=12&category=news');
    const unknown = await page('/learning', { '/public/articles': ok(HOME.articles) }, { query: { category: '<b>' } });
    expect(unknown.reads).toContain('/public/articles?page=1&pageSize=12');
  });

  it('renders the form pages: the diagnosis form posts to the public call without a script, with the honeypot', async () => {
    const form = await page('/diagnosis', {}, { query: { scene: 'partner' } });
    expect(form.text).toContain('action="/rest/public/messages"');
    expect(form.text).toContain('name="scene" value="partner"');
    expect(form.text).toContain('name="website"');
    // The branch-partner consultation asks no enterprise name.
    expect(form.text).not.toContain('name="enterpriseName"');
    const result = await page('/form-result', {}, { query: { form: 'survey', error: '提交过于频繁，请稍后再试' } });
    expect(result.text).toContain('提交过于频繁，请稍后再试');
    expect(result.text).toContain('href="/survey"');
  });

  it('lists every page path it renders', () => {
    expect(SITE_PATHS).toEqual(
      expect.arrayContaining([
        '/',
        '/advantage',
        '/products',
        '/cases',
        '/succeed-details',
        '/learning',
        '/article-details',
        '/about',
        '/about-details',
        '/industry-details',
        '/join-us',
        '/diagnosis',
        '/free-plan',
        '/form-result',
      ]),
    );
  });
});
