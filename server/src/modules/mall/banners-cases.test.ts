import { GOOD_CASE_CONTENT_MAX, isMallUrl, MALL_BANNERS_MAX, MallBannerLinkType, MallMessage } from '@portal/contracts/mall';
import { dialects, expectError, useDemoApp } from '../../test/harness';
import { addBanner, addGood, addGoodCase } from './service';

const BASE = '/rest/customer/mall';

describe('isMallUrl', () => {
  it('takes http(s) URLs and absolute paths of this site only', () => {
    for (const url of ['https://cdn.example.com/a.png', 'http://example.com', '/rest/demo-assets/mall/goods/1.svg', '/task-wall?x=1'])
      expect(isMallUrl(url)).toBe(true);
    for (const url of [
      '',
      'javascript:alert(1)',
      '//evil.example.com/a.png',
      '/\\evil.example.com',
      'ftp://example.com/a',
      'https://',
      'a.png',
      '/a b',
      '/a\u0000',
    ])
      expect(isMallUrl(url)).toBe(false);
    expect(isMallUrl(`/${'x'.repeat(499)}`)).toBe(true);
    expect(isMallUrl(`/${'x'.repeat(500)}`)).toBe(false);
  });
});

describe.each(dialects())('the mall carousel and success cases on %s', (dialect) => {
  const suite = useDemoApp(dialect);
  const good = () =>
    addGood(suite.t.db, {
      section: 2,
      title: '案例测试商品',
      exchangeScore: 100,
      minMarketPrice: 100,
      maxMarketPrice: 100,
      stock: 5,
      productPics: [],
    });

  it('lists no banner when there is none, then the banners in their order with their link types; logged out 401', async () => {
    const { a, b } = suite;
    expect((await a.get(`${BASE}/banners`)).json()).toEqual([]);
    const second = await addBanner(suite.t.db, { title: '积分兑好礼', picUrl: 'https://cdn.example.com/b2.png', sort: 2 });
    const first = await addBanner(suite.t.db, {
      title: '做任务赚积分',
      picUrl: '/rest/demo-assets/mall/banners/1.svg',
      linkUrl: '/task-wall',
      sort: 1,
    });
    const response = await b.get(`${BASE}/banners`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: first, title: '做任务赚积分', picUrl: '/rest/demo-assets/mall/banners/1.svg', linkUrl: '/task-wall', linkType: MallBannerLinkType.Link },
      { id: second, title: '积分兑好礼', picUrl: 'https://cdn.example.com/b2.png', linkUrl: null, linkType: MallBannerLinkType.None },
    ]);
    expect((await suite.t.client().get(`${BASE}/banners`)).statusCode).toBe(401);
    // At most MALL_BANNERS_MAX.
    for (let index = 0; index < MALL_BANNERS_MAX; index += 1) await addBanner(suite.t.db, { title: `更多 ${index}`, picUrl: '/p.svg', sort: 9 });
    expect((await a.get(`${BASE}/banners`)).json()).toHaveLength(MALL_BANNERS_MAX);
  });

  it('refuses a banner with a bad picture or link, an empty or long title', async () => {
    const banners = () => suite.t.db.selectFrom('mallBanners').select('id').execute();
    const before = (await banners()).length;
    const refused = async (banner: Parameters<typeof addBanner>[1]) => {
      await expect(addBanner(suite.t.db, banner)).rejects.toMatchObject({ statusCode: 400 });
    };
    await refused({ title: '标题', picUrl: 'javascript:alert(1)' });
    await refused({ title: '标题', picUrl: '//evil.example.com/x.png' });
    await refused({ title: '标题', picUrl: '/x.svg', linkUrl: 'javascript:alert(1)' });
    await refused({ title: '标题', picUrl: `https://example.com/${'x'.repeat(500)}` });
    await refused({ title: ' ', picUrl: '/x.svg' });
    await refused({ title: 'x'.repeat(101), picUrl: '/x.svg' });
    await refused({ title: 'a\nb', picUrl: '/x.svg' });
    expect(await banners()).toHaveLength(before);
  });

  it("answers a good's success cases with its detail, none as []; the goods list stays without them", async () => {
    const { a } = suite;
    const id = await good();
    expect((await a.get(`${BASE}/goods/${id}`)).json()).toMatchObject({ id, cases: [] });
    const caseId = await addGoodCase(suite.t.db, {
      goodId: id,
      title: '线索成本下降 32%',
      company: '杭州某餐饮品牌',
      picture: '/rest/demo-assets/mall/cases/1.svg',
      impression: 182_000,
      click: 6_400,
      content: '诊断后关停低效关键词。\n一个月内线索量提升 21%。',
    });
    const detail = (await a.get(`${BASE}/goods/${id}`)).json();
    expect(detail.cases).toEqual([
      {
        id: caseId,
        goodsId: id,
        title: '线索成本下降 32%',
        company: '杭州某餐饮品牌',
        picture: '/rest/demo-assets/mall/cases/1.svg',
        // Without its own thumbnail, the picture.
        thumbnail: '/rest/demo-assets/mall/cases/1.svg',
        impression: 182_000,
        click: 6_400,
        content: '诊断后关停低效关键词。\n一个月内线索量提升 21%。',
      },
    ]);
    const listed = ((await a.get(`${BASE}/goods`, { query: { section: '2' } })).json() as Array<Record<string, unknown>>).find(
      (row) => row.id === id,
    );
    expect(listed).toBeDefined();
    expect(listed).not.toHaveProperty('cases');
  });

  it('refuses a case of no good (404), with bad pictures, bounds or counts (400)', async () => {
    const id = await good();
    const cases = () => suite.t.db.selectFrom('mallGoodCases').select('id').where('goodId', '=', id).execute();
    await expect(addGoodCase(suite.t.db, { goodId: 999_999, title: '标题', company: '企业' })).rejects.toMatchObject({
      statusCode: 404,
      message: MallMessage.GoodNotFound,
    });
    for (const input of [
      { title: '', company: '企业' },
      { title: '标题', company: 'x'.repeat(101) },
      { title: 'x'.repeat(101), company: '企业' },
      { title: '标题', company: '企业', picture: 'data:image/png;base64,AAAA' },
      { title: '标题', company: '企业', thumbnail: '//evil.example.com/t.png' },
      { title: '标题', company: '企业', impression: -1 },
      { title: '标题', company: '企业', click: 1.5 },
      { title: '标题', company: '企业', content: 'x'.repeat(GOOD_CASE_CONTENT_MAX + 1) },
      { title: '标题', company: '企业', content: 'a\u0000b' },
    ])
      await expect(addGoodCase(suite.t.db, { goodId: id, ...input })).rejects.toMatchObject({ statusCode: 400 });
    expect(await cases()).toEqual([]);
    expect((await suite.a.get(`${BASE}/goods/${id}`)).json().cases).toEqual([]);
  });

  it("refuses a good's pictures and link that are no http(s) URL or path of this site", async () => {
    const base = { section: 1, title: '图片测试', exchangeScore: 1, minMarketPrice: 0, maxMarketPrice: 0, stock: 1 };
    await expect(addGood(suite.t.db, { ...base, productPics: ['//evil.example.com/x.png'] })).rejects.toMatchObject({ statusCode: 400 });
    await expect(addGood(suite.t.db, { ...base, productPics: [], linkUrl: 'javascript:alert(1)' })).rejects.toMatchObject({ statusCode: 400 });
    expect(
      await addGood(suite.t.db, { ...base, productPics: ['https://cdn.example.com/x.png', '/rest/demo-assets/mall/goods/1.svg'] }),
    ).toBeGreaterThan(0);
  });

  it('answers 404 for the cases of a good off sale or unknown', async () => {
    expectError(await suite.a.get(`${BASE}/goods/999999`), 404, MallMessage.GoodNotFound);
  });
});
