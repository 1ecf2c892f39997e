import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HELP_QUERY_MAX, HelpMessage } from '@portal/contracts/help';
import { MAX_PAGE_SIZE } from '@portal/contracts';
import { dialectColumns } from '../../db/columns';
import { migrations } from '../../db/migrations';
import { dialects, expectError, useDemoApp } from '../../test/harness';
import { importArticles } from './articles';
import { addArticle, editArticle, type NewArticle, setStatus } from './service';

const BASE = '/rest/customer/help';
type Card = { id: number; section: string; title: string; summary: string; updateTime: string };
type Hit = Card & { titleHighlight: Array<{ text: string; hit: boolean }>; snippet: Array<{ text: string; hit: boolean }> };

describe.each(dialects())('the help centre on %s', (dialect) => {
  const suite = useDemoApp(dialect);
  const add = (article: Partial<NewArticle> & { title: string }) => addArticle(suite.t.db, { section: 'product', body: '正文', ...article });
  const search = async (q: string, query: Record<string, string> = {}) => {
    const response = await suite.a.get(`${BASE}/search`, { query: { q, ...query } });
    expect(response.statusCode).toBe(200);
    return { hits: response.json() as Hit[], info: JSON.parse(String(response.headers['x-pagination-info'])) };
  };
  const ids = (rows: Array<{ id: number }>) => rows.map((row) => row.id);

  it('lists a section in its order, published only, with the pagination headers', async () => {
    const third = await add({ section: 'refund', title: '退款第三篇', sort: 3 });
    const first = await add({ section: 'refund', title: '退款第一篇', sort: 1, body: '**退款**须知：\n\n请联系客服' });
    const second = await add({ section: 'refund', title: '退款第二篇', sort: 2 });
    await add({ section: 'refund', title: '退款草稿', sort: 0, status: 'draft' });
    const response = await suite.a.get(`${BASE}/articles`, { query: { section: 'refund' } });
    expect(response.statusCode).toBe(200);
    expect(ids(response.json())).toEqual([first, second, third]);
    expect(response.json()[0]).toMatchObject({ section: 'refund', title: '退款第一篇', summary: '退款须知： 请联系客服' });
    expect(response.json()[0].updateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(JSON.parse(String(response.headers['x-pagination-info']))).toMatchObject({ page: 1, totalRow: 3 });

    const page2 = await suite.a.get(`${BASE}/articles`, { query: { section: 'refund', page: '2', pageSize: '2' } });
    expect(ids(page2.json())).toEqual([third]);
    const past = await suite.a.get(`${BASE}/articles`, { query: { section: 'refund', page: '5', pageSize: '2' } });
    expect(past.json()).toEqual([]);
    expect(JSON.parse(String(past.headers['x-pagination-info']))).toMatchObject({ totalRow: 3, totalPage: 2 });

    // Every section: the menu's order (product before refund).
    await add({ section: 'product', title: '产品第一篇', sort: 9 });
    const all = (await suite.a.get(`${BASE}/articles`, { query: { pageSize: String(MAX_PAGE_SIZE) } })).json() as Card[];
    const sections = all.map((row) => row.section);
    expect(sections.lastIndexOf('product')).toBeLessThan(sections.indexOf('refund'));

    expectError(await suite.a.get(`${BASE}/articles`, { query: { section: 'nope' } }), 400, HelpMessage.SectionInvalid);
    expectError(await suite.a.get(`${BASE}/articles`, { query: { pageSize: String(MAX_PAGE_SIZE + 1) } }), 400);
    // Logged-in customers only.
    expect((await suite.t.client().get(`${BASE}/articles`)).statusCode).toBe(401);
  });

  it('shows a published article; a draft, an unpublished or an unknown one is 404 and absent from the lists and the search', async () => {
    const id = await add({ section: 'features', title: '隐藏测试文章', body: '独一无二的隐藏词' });
    const shown = await suite.a.get(`${BASE}/articles/${id}`);
    expect(shown.json()).toMatchObject({ id, section: 'features', title: '隐藏测试文章', html: '<p>独一无二的隐藏词</p>\n' });
    expect(ids((await search('隐藏词')).hits)).toEqual([id]);

    await setStatus(suite.t.db, id, 'draft');
    expectError(await suite.a.get(`${BASE}/articles/${id}`), 404, HelpMessage.NotFound);
    expect(ids((await suite.a.get(`${BASE}/articles`, { query: { section: 'features' } })).json())).not.toContain(id);
    expect((await search('隐藏词')).hits).toEqual([]);
    expect((await search('隐藏')).hits).toEqual([]);
    expectError(await suite.a.get(`${BASE}/articles/999999`), 404, HelpMessage.NotFound);

    await setStatus(suite.t.db, id, 'published');
    expect((await suite.a.get(`${BASE}/articles/${id}`)).statusCode).toBe(200);
    // An edit is searched at once (the SQLite index follows by trigger).
    await editArticle(suite.t.db, id, { body: '改过的正文' });
    expect((await search('隐藏词')).hits).toEqual([]);
    expect(ids((await search('改过的')).hits)).toEqual([id]);
  });

  it('finds Chinese substrings of 1, 2 and more characters, titles first, then by order and newest', async () => {
    const bodyOnly = await add({ section: 'points-rules', title: '积分怎么算', sort: 0, body: '每次充值都会按金额发放积分。' });
    const titleLater = await add({ section: 'recharge', title: '充值到账时间', sort: 2, body: '转账后一般当天到账。' });
    const titleFirst = await add({ section: 'recharge', title: '如何充值', sort: 1, body: '联系客服办理充值。' });
    await add({ section: 'recharge', title: '与此无关', body: '没有那两个字。' });
    await add({ section: 'recharge', title: '充值草稿', body: '充值', status: 'draft' });

    const two = await search('充值');
    expect(ids(two.hits)).toEqual([titleFirst, titleLater, bodyOnly]);
    expect(two.info).toMatchObject({ totalRow: 3, page: 1 });
    expect(two.hits[0].titleHighlight).toEqual([
      { text: '如何', hit: false },
      { text: '充值', hit: true },
    ]);
    expect(two.hits[0].snippet).toEqual([
      { text: '联系客服办理', hit: false },
      { text: '充值', hit: true },
      { text: '。', hit: false },
    ]);
    expect(two.hits[2].titleHighlight).toEqual([{ text: '积分怎么算', hit: false }]);
    expect(two.hits[2].snippet.filter((part) => part.hit)).toEqual([{ text: '充值', hit: true }]);

    // The trigram index's side: 3 characters and more.
    expect(ids((await search('充值到账')).hits)).toEqual([titleLater]);
    expect(ids((await search('按金额发放')).hits)).toEqual([bodyOnly]);
    // One character.
    expect(ids((await search('账')).hits)).toEqual([titleLater]);
    // A page of one, and the next.
    const second = await search('充值', { page: '2', pageSize: '1' });
    expect(ids(second.hits)).toEqual([titleLater]);
    expect(second.info).toMatchObject({ totalRow: 3, totalPage: 3, page: 2 });
    const past = await search('充值', { page: '9', pageSize: '1' });
    expect(past.hits).toEqual([]);
    expect(past.info).toMatchObject({ totalRow: 3 });

    // Among title matches of the same order, the newest first.
    const newer = await add({ section: 'recharge', title: '充值发票', sort: 1, body: '开票。' });
    expect(ids((await search('充值')).hits).slice(0, 2)).toEqual([newer, titleFirst]);
  });

  it('finds 1- and 2-character substrings anywhere in a title or a plain text, never across the two', async () => {
    const titleStart = await add({ title: '鳕鱼开头的标题', body: '正文没有那个词。' });
    const titleEnd = await add({ title: '标题结尾是鳕鱼', body: '正文。' });
    const bodyStart = await add({ title: '无关标题一', body: '鳕鱼在正文开头。' });
    const bodyEnd = await add({ title: '无关标题二', body: '第一段。\n\n正文的最后是**鳕鱼**' });
    // 鳕 ends the title and 鱼 starts the body: 鳕鱼 is in neither.
    const across = await add({ title: '只有一个鳕', body: '鱼字开头的正文' });

    const two = await search('鳕鱼');
    expect(ids(two.hits)).toEqual([titleEnd, titleStart, bodyEnd, bodyStart]);
    expect(two.info).toMatchObject({ totalRow: 4 });
    expect(two.hits[0].titleHighlight).toEqual([
      { text: '标题结尾是', hit: false },
      { text: '鳕鱼', hit: true },
    ]);
    expect(two.hits[2].snippet).toEqual([
      { text: '第一段。 正文的最后是', hit: false },
      { text: '鳕鱼', hit: true },
    ]);
    expect(ids((await search('鳕')).hits)).toEqual([across, titleEnd, titleStart, bodyEnd, bodyStart]);
    expect(ids((await search('鱼字')).hits)).toEqual([across]);
    expect((await search('鳕鳕')).hits).toEqual([]);

    // ASCII letters in any case, punctuation, an emoji (one character, two UTF-16 units).
    const mixed = await add({ title: 'QQ群与表情😀说明', body: '加入 qq 群，（括号）里的字。' });
    const qq = await search('Qq');
    expect(ids(qq.hits)).toEqual([mixed]);
    expect(qq.hits[0].titleHighlight[0]).toEqual({ text: 'QQ', hit: true });
    expect(qq.hits[0].snippet[1]).toEqual({ text: 'qq', hit: true });
    expect(ids((await search('😀')).hits)).toEqual([mixed]);
    expect(ids((await search('情😀')).hits)).toEqual([mixed]);
    expect(ids((await search('（括')).hits)).toEqual([mixed]);
    expect(ids((await search('，（')).hits)).toEqual([mixed]);
  });

  it('ranks 2- and 1-character matches in titles first, then by order and newest, over the pages, counting all', async () => {
    const bodyLater = await add({ section: 'refund', title: '无关甲', body: '提到鲈鱼一次', sort: -5 });
    const titleLater = await add({ section: 'refund', title: '鲈鱼说明', body: '正文', sort: 3 });
    const both = await add({ section: 'refund', title: '关于鲈鱼', body: '正文也有鲈鱼', sort: 1 });
    const bodyFirst = await add({ section: 'refund', title: '无关乙', body: '鲈鱼', sort: -9 });
    await add({ section: 'refund', title: '鲈鱼草稿', body: '鲈鱼', sort: -99, status: 'draft' });

    const expected = [both, titleLater, bodyFirst, bodyLater];
    for (const q of ['鲈鱼', '鲈']) {
      const all = await search(q);
      expect(ids(all.hits)).toEqual(expected);
      expect(all.info).toMatchObject({ totalRow: 4, page: 1 });
    }
    const second = await search('鲈鱼', { page: '2', pageSize: '2' });
    expect(ids(second.hits)).toEqual([bodyFirst, bodyLater]);
    expect(second.info).toMatchObject({ totalRow: 4, totalPage: 2, page: 2 });
    const past = await search('鲈鱼', { page: '3', pageSize: '2' });
    expect(past.hits).toEqual([]);
    expect(past.info).toMatchObject({ totalRow: 4 });
    const [first] = (await search('鲈鱼')).hits;
    expect(first.titleHighlight).toEqual([
      { text: '关于', hit: false },
      { text: '鲈鱼', hit: true },
    ]);
    expect(first.snippet).toEqual([
      { text: '正文也有', hit: false },
      { text: '鲈鱼', hit: true },
    ]);
  });

  it("forgets an article's old 1- and 2-character words once it is edited or imported anew, and hides it unpublished", async () => {
    const id = await add({ section: 'features', title: '鲟鱼标题', body: '鳇鱼正文' });
    expect(ids((await search('鲟鱼')).hits)).toEqual([id]);
    expect(ids((await search('鳇')).hits)).toEqual([id]);

    await editArticle(suite.t.db, id, { title: '鲶鱼标题' });
    expect((await search('鲟鱼')).hits).toEqual([]);
    expect((await search('鲟')).hits).toEqual([]);
    expect(ids((await search('鲶鱼')).hits)).toEqual([id]);
    expect(ids((await search('鳇鱼')).hits)).toEqual([id]);
    await editArticle(suite.t.db, id, { body: '鲥鱼正文' });
    expect((await search('鳇鱼')).hits).toEqual([]);
    expect((await search('鳇')).hits).toEqual([]);
    expect(ids((await search('鲥鱼')).hits)).toEqual([id]);
    expect(ids((await search('鲶鱼')).hits)).toEqual([id]);
    // An edit of the order alone keeps the words.
    await editArticle(suite.t.db, id, { sort: 5 });
    expect(ids((await search('鲥鱼')).hits)).toEqual([id]);

    await setStatus(suite.t.db, id, 'draft');
    expect((await search('鲥鱼')).hits).toEqual([]);
    expect((await search('鲶')).hits).toEqual([]);
    await setStatus(suite.t.db, id, 'published');
    expect(ids((await search('鲥鱼')).hits)).toEqual([id]);

    // The import updates a changed file's article in place.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'help-search-'));
    fs.mkdirSync(path.join(dir, 'refund'));
    const file = path.join(dir, 'refund', 'search-words.md');
    fs.writeFileSync(file, '---\ntitle: 鳟鱼导入\n---\n鲑鱼正文');
    expect(await importArticles(suite.t.db, dir)).toMatchObject({ added: 1 });
    const [imported] = ids((await search('鳟鱼')).hits);
    expect(ids((await search('鲑鱼')).hits)).toEqual([imported]);
    fs.writeFileSync(file, '---\ntitle: 鲂鱼导入\n---\n鳊鱼正文');
    expect(await importArticles(suite.t.db, dir)).toMatchObject({ updated: 1 });
    expect((await search('鳟鱼')).hits).toEqual([]);
    expect((await search('鲑')).hits).toEqual([]);
    expect(ids((await search('鲂鱼')).hits)).toEqual([imported]);
    expect(ids((await search('鳊鱼')).hits)).toEqual([imported]);
  });

  it('finds the articles stored before the 1- and 2-character index was made (migration 0026)', async () => {
    const id = await add({ section: 'product', title: '鲮鱼旧文', body: '鲚鱼正文' });
    const migration = migrations['0026_help_short_search'];
    await migration.down!(suite.t.db as never, dialectColumns(dialect));
    await migration.up(suite.t.db as never, dialectColumns(dialect));
    expect(ids((await search('鲮鱼')).hits)).toEqual([id]);
    expect(ids((await search('鲚')).hits)).toEqual([id]);
    await editArticle(suite.t.db, id, { body: '鲛鱼正文' });
    expect((await search('鲚')).hits).toEqual([]);
    expect(ids((await search('鲛鱼')).hits)).toEqual([id]);
  });

  it("compares other letters' case as the database does: SQLite's LIKE ASCII only, PostgreSQL's ILIKE every letter", async () => {
    const id = await add({ section: 'product', title: 'ÉCOLE 课程', body: 'Ωmega 的说明' });
    const postgres = dialect === 'postgres';
    // 1 and 2 characters (the gram index): as the LIKE / ILIKE over the rows did.
    expect(ids((await search('éc')).hits)).toEqual(postgres ? [id] : []);
    expect(ids((await search('ω')).hits)).toEqual(postgres ? [id] : []);
    // 3 and more: ILIKE on PostgreSQL; SQLite's trigram tokenizer folds every letter's case.
    expect(ids((await search('école')).hits)).toEqual([id]);
    expect(ids((await search('ωmega')).hits)).toEqual([id]);
    // As written, always.
    expect(ids((await search('ÉC')).hits)).toEqual([id]);
    expect(ids((await search('Ωm')).hits)).toEqual([id]);
    expect(ids((await search('ÉCOLE 课')).hits)).toEqual([id]);
  });

  it('matches case-insensitively, keeps the text as written, and takes % _ " and \\ literally', async () => {
    const crm = await add({ section: 'crm-manual', title: '绑定CRM账号', body: 'Crm 的接口密钥请向管理员索取。' });
    const percent = await add({ section: 'crm-manual', title: '折扣说明', body: '充值满一万返利100%_"引号"\\反斜杠' });
    const upper = await search('crm');
    expect(ids(upper.hits)).toEqual([crm]);
    expect(upper.hits[0].titleHighlight).toEqual([
      { text: '绑定', hit: false },
      { text: 'CRM', hit: true },
      { text: '账号', hit: false },
    ]);
    expect(upper.hits[0].snippet[0]).toEqual({ text: 'Crm', hit: true });
    expect(ids((await search('crm 的接口')).hits)).toEqual([crm]);
    expect(ids((await search('100%')).hits)).toEqual([percent]);
    expect(ids((await search('%_')).hits)).toEqual([percent]);
    expect(ids((await search('"引号"')).hits)).toEqual([percent]);
    expect(ids((await search('\\反')).hits)).toEqual([percent]);
    expect((await search('%%%')).hits).toEqual([]);
    // Unescaped, _ would match any character and % any run of them.
    expect((await search('1_0')).hits).toEqual([]);
    expect((await search('满%返')).hits).toEqual([]);
    expect(ids((await search('号"\\')).hits)).toEqual([percent]);
    expect((await search('a"b')).hits).toEqual([]);
    expect((await search('AND OR NOT')).hits).toEqual([]);
    expect((await search('a\u0000b')).hits).toEqual([]);
  });

  it('cuts about 80 characters of the body around the first match', async () => {
    const body = `${'前文'.repeat(100)}关键位置${'后文'.repeat(100)}`;
    await add({ section: 'delivery-data', title: '长文章', body });
    const [hit] = (await search('关键位置')).hits;
    const text = hit.snippet.map((part) => part.text).join('');
    expect(hit.snippet[0]).toEqual({ text: '…', hit: false });
    expect(hit.snippet.at(-1)).toEqual({ text: '…', hit: false });
    expect(text.length).toBeLessThanOrEqual(80 + 2);
    expect(hit.snippet.filter((part) => part.hit)).toEqual([{ text: '关键位置', hit: true }]);
    expect(text.indexOf('关键位置')).toBe(21);
  });

  it('refuses a search without words or with too many, and a bad page size', async () => {
    expectError(await suite.a.get(`${BASE}/search`), 400, HelpMessage.QueryRequired);
    expectError(await suite.a.get(`${BASE}/search`, { query: { q: '' } }), 400, HelpMessage.QueryRequired);
    expectError(await suite.a.get(`${BASE}/search`, { query: { q: '   ' } }), 400, HelpMessage.QueryRequired);
    expectError(await suite.a.get(`${BASE}/search`, { query: { q: '字'.repeat(HELP_QUERY_MAX + 1) } }), 400, HelpMessage.QueryTooLong);
    expectError(await suite.a.get(`${BASE}/search`, { query: { q: '充值', pageSize: String(MAX_PAGE_SIZE + 1) } }), 400);
    expect((await suite.a.get(`${BASE}/search`, { query: { q: '字'.repeat(HELP_QUERY_MAX) } })).statusCode).toBe(200);
    // Words are trimmed.
    const id = await add({ section: 'refund', title: '修剪测试', body: '正文' });
    expect(ids((await search('  修剪测试  ')).hits)).toEqual([id]);
  });

  it("renders an article's headings under the page's one h1: # as h2, ## as h3, down to h6", async () => {
    const id = await add({ section: 'features', title: '标题层级', body: '# 一级\n\n## 二级\n\n##### 五级' });
    const { html } = (await suite.a.get(`${BASE}/articles/${id}`)).json() as { html: string };
    expect(html).toBe('<h2>一级</h2>\n<h3>二级</h3>\n<h6>五级</h6>\n');
  });

  it('serves hostile Markdown as inert HTML: escaped text, no script, no event attribute, no javascript: link', async () => {
    const body = [
      '<script>alert(1)</script>',
      '',
      '<img src=x onerror=alert(1)>',
      '',
      '[点我](javascript:alert(1)) [大写](JAVASCRIPT:alert(1)) [脚本](vbscript:msgbox(1)) ![图](data:text/html;base64,PHNjcmlwdD4=)',
      '',
      '<a href="#" onclick="steal()">链接</a> <div onmouseover="x()">块</div>',
      '',
      '[标题](https://example.com "a\\" onmouseover=\\"alert(1)")',
    ].join('\n');
    const id = await add({ section: 'features', title: '<b onclick="x()">标题</b>', body });
    const article = (await suite.a.get(`${BASE}/articles/${id}`)).json() as { html: string; title: string; summary: string };
    const { html } = article;
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    // Every attribute markdown-it writes is name="value", the value's quotes escaped: none is an event.
    const attributes = [...html.matchAll(/<[a-z][a-z0-9]*((?:\s+[a-z-]+="[^"]*")*)\s*\/?>/gi)].flatMap((tag) =>
      [...tag[1].matchAll(/([a-z-]+)="/gi)].map((attribute) => attribute[1].toLowerCase()),
    );
    expect(attributes.sort()).toEqual(['href', 'title']);
    expect(html.match(/<[a-z]/gi)?.length).toBe(html.match(/<[a-z][a-z0-9]*((?:\s+[a-z-]+="[^"]*")*)\s*\/?>/gi)?.length);
    expect(html).not.toMatch(/href\s*=\s*"?\s*(javascript|vbscript|data):/i);
    expect(html).not.toMatch(/src\s*=\s*"?\s*data:/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('<a href="https://example.com" title="a&quot; onmouseover=&quot;alert(1)">标题</a>');
    // The title and summary are text, shown as text by the page.
    expect(article.title).toBe('<b onclick="x()">标题</b>');
    expect(article.summary.startsWith('<script>alert(1)</script>')).toBe(true);
    const [hit] = (await search('alert(1)</script>')).hits;
    expect(hit.id).toBe(id);
    expect(hit.snippet.filter((part) => part.hit).map((part) => part.text)).toEqual(['alert(1)</script>']);
  });
});
