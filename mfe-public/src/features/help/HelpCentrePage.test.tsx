import { BRANDS } from '@portal/contracts';
import { HELP_SECTIONS, HelpMessage, type HelpArticle, type HelpArticleCard, type HelpSearchHit } from '@portal/contracts/help';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { HELP_ARTICLE_ROUTE, PublicPath } from '../../routes';
import { codeOk, installPublicHttp, lastRequest, refused, renderPublic, SERVER_ERROR, setupUser, type FakeHttp } from '../../test/renderPublic';
import HelpCentrePage from './HelpCentrePage';

let http: FakeHttp;
beforeEach(() => {
  http = installPublicHttp();
});
afterEach(() => http.restore());

const card = (id: number, section: HelpArticleCard['section'], title: string): HelpArticleCard => ({
  id,
  section,
  title,
  summary: `${title}的摘要`,
  updateTime: '2026-11-28 10:00:00',
});

const article = (id: number, section: HelpArticle['section'], title: string, html: string): HelpArticle => ({ ...card(id, section, title), html });

/** A page of a list as the server answers it: the rows, the pagination in its header. */
const pageOf = (rows: unknown[], { page = 1, pageSize = 10, totalRow = rows.length } = {}) => ({
  status: 200,
  body: rows,
  headers: { 'x-pagination-info': JSON.stringify({ page, pageSize, totalRow, totalPage: Math.ceil(totalRow / pageSize) }) },
});

const renderAt = (path: string, page = <HelpCentrePage />) =>
  renderPublic(
    <Routes>
      <Route path={PublicPath.Help} element={page} />
      <Route path={HELP_ARTICLE_ROUTE} element={page} />
    </Routes>,
    path,
  );

const menu = () => screen.getByRole('navigation', { name: '帮助栏目' });

test('the menu lists the eight sections in order; the first is shown at the bare path, and a section link switches the list', async () => {
  http.on('GET /customer/help/articles', (request) =>
    request.query.section === 'refund'
      ? pageOf([card(7, 'refund', '如何申请退款')])
      : pageOf([card(1, 'product', '渠道网是什么'), card(2, 'product', '产品价格')]),
  );
  renderAt('/common-problem');
  expect(await screen.findByRole('link', { name: '渠道网是什么' })).toHaveAttribute('href', '/common-problem/1');
  expect(screen.getByText('渠道网是什么的摘要')).toBeInTheDocument();
  expect(screen.getAllByText('更新时间：2026-11-28 10:00:00')).toHaveLength(2);
  expect(lastRequest(http, '/customer/help/articles').query).toMatchObject({ section: 'product', page: '1', pageSize: '10' });

  const links = within(menu()).getAllByRole('link');
  expect(links.map((link) => link.textContent)).toEqual(HELP_SECTIONS.map((section) => section.label));
  expect(links.map((link) => link.textContent)).toEqual(['产品介绍', 'CRM使用手册', '功能介绍', '开户', '充值', '退款', '投放数据', '积分规则']);
  expect(within(menu()).getByRole('link', { name: '产品介绍' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  expect(screen.getByRole('heading', { level: 2, name: '产品介绍' })).toBeInTheDocument();

  fireEvent.click(within(menu()).getByRole('link', { name: '退款' }));
  expect(await screen.findByRole('link', { name: '如何申请退款' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: '渠道网是什么' })).not.toBeInTheDocument();
  expect(window.location.search).toBe('?section=refund');
  expect(lastRequest(http, '/customer/help/articles').query).toMatchObject({ section: 'refund' });
  expect(within(menu()).getByRole('link', { name: '退款' })).toHaveAttribute('aria-current', 'page');
  expect(within(menu()).getByRole('link', { name: '产品介绍' })).not.toHaveAttribute('aria-current');

  // Each list is an address: back shows the first section's again.
  act(() => window.history.back());
  expect(await screen.findByRole('link', { name: '渠道网是什么' })).toBeInTheDocument();
  expect(window.location.search).toBe('');
  expect(within(menu()).getByRole('link', { name: '产品介绍' })).toHaveAttribute('aria-current', 'page');
});

test('a section is paged in the address: 共 N 条, and another page asks the server for it', async () => {
  http.on('GET /customer/help/articles', (request) =>
    pageOf([card(Number(request.query.page) * 10, 'recharge', `充值问题 ${request.query.page}`)], { page: Number(request.query.page), totalRow: 12 }),
  );
  renderAt('/common-problem?section=recharge');
  expect(await screen.findByRole('link', { name: '充值问题 1' })).toBeInTheDocument();
  expect(screen.getByText('共 12 条')).toBeInTheDocument();
  fireEvent.click(screen.getByTitle('2'));
  expect(await screen.findByRole('link', { name: '充值问题 2' })).toBeInTheDocument();
  expect(new URLSearchParams(window.location.search).get('page')).toBe('2');
  expect(lastRequest(http, '/customer/help/articles').query).toMatchObject({ section: 'recharge', page: '2' });
});

test('an article opens by its link: its HTML shows under its title, with a link back to its section', async () => {
  http.on('GET /customer/help/articles', pageOf([card(3, 'crm-manual', '如何设置CRM推送')]));
  http.on(
    'GET /customer/help/articles/3',
    codeOk(article(3, 'crm-manual', '如何设置CRM推送', '<p>打开<strong>CRM设置</strong>页面</p><ul><li>填写接口地址</li></ul>')),
  );
  renderAt('/common-problem?section=crm-manual');
  fireEvent.click(await screen.findByRole('link', { name: '如何设置CRM推送' }));
  expect(await screen.findByRole('heading', { level: 2, name: '如何设置CRM推送' })).toBeInTheDocument();
  expect(window.location.pathname).toBe('/common-problem/3');
  const body = screen.getByRole('article', { name: '如何设置CRM推送' });
  expect(within(body).getByText('CRM设置').tagName).toBe('STRONG');
  expect(within(body).getByRole('listitem')).toHaveTextContent('填写接口地址');
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  expect(within(menu()).getByRole('link', { name: 'CRM使用手册' })).toHaveAttribute('aria-current', 'true');

  fireEvent.click(screen.getByRole('link', { name: '返回CRM使用手册' }));
  expect(await screen.findByRole('link', { name: '如何设置CRM推送' })).toBeInTheDocument();
  expect(`${window.location.pathname}${window.location.search}`).toBe('/common-problem?section=crm-manual');
});

test('a deep link to an article shows it; an unknown or unpublished one says so, without 重试', async () => {
  http.on('GET /customer/help/articles/12', codeOk(article(12, 'points-rules', '积分规则说明', '<p>每充值1元获得2积分</p>')));
  const { unmount } = renderAt('/common-problem/12');
  expect(await screen.findByRole('heading', { level: 2, name: '积分规则说明' })).toBeInTheDocument();
  expect(screen.getByText('每充值1元获得2积分')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '返回积分规则' })).toHaveAttribute('href', '/common-problem?section=points-rules');
  unmount();

  http.on('GET /customer/help/articles/13', refused(HelpMessage.NotFound, 404));
  renderAt('/common-problem/13');
  expect(await screen.findByRole('alert')).toHaveTextContent(HelpMessage.NotFound);
  expect(screen.queryByRole('button', { name: '重试' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: '返回帮助中心' })).toHaveAttribute('href', '/common-problem');
});

test('an address that names no article id is not found without a call', async () => {
  renderAt('/common-problem/abc');
  expect(await screen.findByRole('alert')).toHaveTextContent(HelpMessage.NotFound);
  expect(http.requestsTo('/customer/help/articles/abc')).toHaveLength(0);
});

const hit = (id: number, title: string): HelpSearchHit => ({
  ...card(id, 'recharge', title),
  titleHighlight: [
    { text: '如何', hit: false },
    { text: '充值', hit: true },
  ],
  snippet: [
    { text: '在余额中心可以', hit: false },
    { text: '充值', hit: true },
    { text: '，<b>不是标记</b>', hit: false },
  ],
});

test('a search sends its words and shows the hits with the matches marked, the snippet as text; none says 没有找到相关文章', async () => {
  http.on('GET /customer/help/articles', pageOf([card(1, 'product', '渠道网是什么')]));
  http.on('GET /customer/help/search', (request) => (request.query.q === '充值' ? pageOf([hit(5, '如何充值')]) : pageOf([])));
  renderAt('/common-problem');
  await screen.findByRole('link', { name: '渠道网是什么' });
  const box = screen.getByRole('searchbox', { name: '搜索帮助' });
  expect(screen.getByRole('search')).toContainElement(box);
  await setupUser().type(box, ' 充值 {Enter}');

  // jsdom has no default style for <mark>, so its accessible name puts a space before the mark
  // (a browser, where <mark> is inline, names the link 如何充值).
  const result = await screen.findByRole('link', { name: /^如何\s?充值$/ });
  expect(result).toHaveTextContent(/^如何充值$/);
  expect(result).toHaveAttribute('href', '/common-problem/5');
  expect(lastRequest(http, '/customer/help/search').query).toMatchObject({ q: '充值', page: '1' });
  expect(window.location.search).toBe(`?q=${encodeURIComponent('充值')}`);
  const marks = document.querySelectorAll('mark');
  expect([...marks].map((mark) => mark.textContent)).toEqual(['充值', '充值']);
  expect(result.querySelector('mark')).toHaveTextContent('充值');
  // The snippet's text is text: what looks like markup is shown, not made.
  expect(screen.getByText(/不是标记/).textContent).toContain('<b>不是标记</b>');
  expect(document.querySelector('b')).toBeNull();
  expect(screen.getByText('共 1 条')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: '“充值”的搜索结果' })).toBeInTheDocument();
  expect(within(menu()).queryAllByRole('link', { current: 'page' })).toHaveLength(0);

  fireEvent.change(screen.getByRole('searchbox', { name: '搜索帮助' }), { target: { value: '退货' } });
  fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
  expect(await screen.findByText('没有找到相关文章')).toBeInTheDocument();
  expect(lastRequest(http, '/customer/help/search').query).toMatchObject({ q: '退货' });
});

test('an empty search is not sent and says why; words over 50 characters are refused', async () => {
  http.on('GET /customer/help/articles', pageOf([card(1, 'product', '渠道网是什么')]));
  renderAt('/common-problem');
  await screen.findByRole('link', { name: '渠道网是什么' });
  const box = screen.getByRole('searchbox', { name: '搜索帮助' });
  fireEvent.change(box, { target: { value: '   ' } });
  fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
  expect(await screen.findByRole('alert')).toHaveTextContent(HelpMessage.QueryRequired);
  expect(box).toHaveAttribute('aria-invalid', 'true');
  expect(box).toHaveAccessibleDescription(HelpMessage.QueryRequired);

  fireEvent.change(box, { target: { value: '字'.repeat(51) } });
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
  expect(await screen.findByRole('alert')).toHaveTextContent(HelpMessage.QueryTooLong);
  expect(http.requestsTo('/customer/help/search')).toHaveLength(0);
  expect(window.location.search).toBe('');
});

test('a failed call shows the error with 重试, and 重试 asks again', async () => {
  let calls = 0;
  http.on('GET /customer/help/articles', () => {
    calls += 1;
    return calls === 1 ? SERVER_ERROR : pageOf([card(1, 'product', '渠道网是什么')]);
  });
  renderAt('/common-problem');
  expect(await screen.findByRole('alert')).toHaveTextContent('服务器开小差了，请稍后再试');
  fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
  expect(await screen.findByRole('link', { name: '渠道网是什么' })).toBeInTheDocument();
  await waitFor(() => expect(http.requestsTo('/customer/help/articles')).toHaveLength(2));
});

test('a failed search shows the error with 重试', async () => {
  http.on('GET /customer/help/search', SERVER_ERROR);
  renderAt(`/common-problem?q=${encodeURIComponent('开户')}`);
  expect(await screen.findByRole('alert')).toHaveTextContent('服务器开小差了，请稍后再试');
  expect(screen.getByRole('button', { name: /重\s*试/ })).toBeInTheDocument();
  expect(screen.getByRole('searchbox', { name: '搜索帮助' })).toHaveValue('开户');
});

test('on a brand without the help centre the page is not found and calls nothing', async () => {
  renderAt('/common-problem', <HelpCentrePage brand={BRANDS.other} />);
  expect(await screen.findByRole('heading', { level: 1, name: '页面不存在' })).toBeInTheDocument();
  expect(screen.getByText('当前平台未开放帮助中心')).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: '帮助栏目' })).not.toBeInTheDocument();
  expect(http.requests).toHaveLength(0);
});
