import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CUSTOMER_LABELS, HELP_SECTIONS, HelpMessage, PHONE_CLASSES } from '@portal/contracts/help';
import { POINTS_PER_YUAN } from '@portal/contracts/mall';
import { useOperatorCli } from '../../test/cli';
import { dialects, expectError } from '../../test/harness';
import { readArticleFiles, SHIPPED_ARTICLES_DIR } from './articles';

const BASE = '/rest/customer/help';

describe.each(dialects())("the operator's help commands on %s", (dialect) => {
  const { suite, cli, logs, errors } = useOperatorCli(dialect);
  const printed = (): string => logs.mock.calls.map((call) => call.join(' ')).join('\n');
  const addedId = (): number => Number([...printed().matchAll(/Added help article (\d+)/g)].at(-1)![1]);
  const section = async (key: string) => (await suite.a.get(`${BASE}/articles`, { query: { section: key, pageSize: '100' } })).json();
  const articleOf = async (id: number) => (await suite.a.get(`${BASE}/articles/${id}`)).json();

  it('imports the shipped articles, every section, once: a second import changes nothing', async () => {
    expect(await cli('help-import')).toBe(0);
    const files = readArticleFiles(SHIPPED_ARTICLES_DIR);
    expect(printed()).toContain(`${files.length} added, 0 updated, 0 unchanged`);
    for (const { key } of HELP_SECTIONS) {
      const listed = await section(key);
      expect(listed.length).toBeGreaterThanOrEqual(2);
      expect(listed.length).toBeLessThanOrEqual(4);
    }
    logs.mockClear();
    expect(await cli('help-import')).toBe(0);
    expect(printed()).toContain(`0 added, 0 updated, ${files.length} unchanged`);

    // The texts the spec names come from the contracts.
    const html = async (key: string, title: string) => {
      const card = ((await section(key)) as Array<{ id: number; title: string }>).find((row) => row.title === title)!;
      return (await articleOf(card.id)).html as string;
    };
    const followUp = await html('crm-manual', '线索跟进与客户标签');
    for (const label of Object.values(CUSTOMER_LABELS)) expect(followUp).toContain(`<strong>${label}</strong>`);
    const checker = await html('features', '号码安全检测');
    for (const label of Object.values(PHONE_CLASSES)) expect(checker).toContain(`<strong>${label}</strong>`);
    const rules = await html('points-rules', '积分规则');
    expect(rules).toContain(`每充值 1 元奖励 ${POINTS_PER_YUAN} 积分`);
    expect(rules).toContain('<strong>不可提现</strong>');
    expect(rules).toContain('<strong>不支持退货、退款</strong>');
    for (const file of files) expect(file.body).not.toMatch(/\{\{/);

    // 充值 (2 characters) finds the recharge articles, the one titled with it first.
    const hits = (await suite.a.get(`${BASE}/search`, { query: { q: '充值', pageSize: '100' } })).json() as Array<{ title: string }>;
    expect(hits[0].title).toBe('如何为账户充值');
    expect(hits.map((hit) => hit.title)).toContain('积分规则');
  });

  it('adds, edits, unpublishes and publishes an article', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'help-cli-'));
    fs.writeFileSync(path.join(dir, 'body.md'), '## 第一步\n\n登录后台，打开**设置**。');
    expect(
      await cli('help-add', '--section', 'account-opening', '--title', 'CLI 新文章', '--body-file', path.join(dir, 'body.md'), '--sort=-5'),
    ).toBe(0);
    const id = addedId();
    expect(await articleOf(id)).toMatchObject({
      section: 'account-opening',
      title: 'CLI 新文章',
      summary: '第一步 登录后台，打开设置。',
      html: '<h3>第一步</h3>\n<p>登录后台，打开<strong>设置</strong>。</p>\n',
    });
    expect((await section('account-opening'))[0].id).toBe(id);

    expect(await cli('help-edit', '--id', String(id), '--title', 'CLI 改名', '--body', '新的正文', '--section', 'refund')).toBe(0);
    expect(await articleOf(id)).toMatchObject({ section: 'refund', title: 'CLI 改名', html: '<p>新的正文</p>\n' });

    expect(await cli('help-unpublish', '--id', String(id))).toBe(0);
    expectError(await suite.a.get(`${BASE}/articles/${id}`), 404, HelpMessage.NotFound);
    expect(await cli('help-publish', '--id', String(id))).toBe(0);
    expect((await articleOf(id)).title).toBe('CLI 改名');

    expect(await cli('help-add', '--section', 'refund', '--title', 'CLI 草稿', '--body', '草稿', '--draft')).toBe(0);
    expectError(await suite.a.get(`${BASE}/articles/${addedId()}`), 404, HelpMessage.NotFound);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses bad commands: usage (2) or the article (1), changing nothing', async () => {
    const usage = [
      ['help-add', '--section', 'nope', '--title', 't', '--body', 'b'],
      ['help-add', '--section', 'refund', '--body', 'b'],
      ['help-add', '--section', 'refund', '--title', 't'],
      ['help-add', '--section', 'refund', '--title', 't', '--body', 'b', '--body-file', 'x.md'],
      ['help-add', '--section', 'refund', '--title', 't', '--body', 'b', '--sort', '1.5'],
      ['help-add', '--section', 'refund', '--title', 't', '--body-file', '/no/such/file.md'],
      ['help-edit', '--id', '1'],
      ['help-edit', '--title', 't'],
      ['help-publish', '--id', 'x'],
      ['help-publish', '--id', '1', '--title', 't'],
      ['help-import', 'a', 'b'],
      ['help-add', '--unknown', 'x'],
    ];
    for (const argv of usage) expect([argv, await cli(...argv)]).toEqual([argv, 2]);
    const refused = [
      ['help-add', '--section', 'refund', '--title', '', '--body', 'b'],
      ['help-add', '--section', 'refund', '--title', '标'.repeat(101), '--body', 'b'],
      ['help-add', '--section', 'refund', '--title', 't', '--body', '   '],
      ['help-add', '--section', 'refund', '--title', 't', '--body', 'x'.repeat(50_001)],
      ['help-edit', '--id', '999999', '--title', 't'],
      ['help-publish', '--id', '999999'],
      ['help-import', '/no/such/folder'],
    ];
    for (const argv of refused) expect([argv.map((arg) => arg.slice(0, 20)), await cli(...argv)]).toEqual([argv.map((arg) => arg.slice(0, 20)), 1]);
    expect(errors).toHaveBeenCalled();
  });

  it('imports a folder of its own by file name: a changed file updates its article, keeping it unpublished', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'help-import-'));
    fs.mkdirSync(path.join(dir, 'refund'));
    const file = path.join(dir, 'refund', 'own-article.md');
    fs.writeFileSync(file, '---\ntitle: 自己的文章\nsort: 7\n---\n积分 {{POINTS_PER_YUAN}} 倍');
    expect(await cli('help-import', dir)).toBe(0);
    const card = ((await section('refund')) as Array<{ id: number; title: string }>).find((row) => row.title === '自己的文章')!;
    expect((await articleOf(card.id)).html).toBe(`<p>积分 ${POINTS_PER_YUAN} 倍</p>\n`);

    expect(await cli('help-unpublish', '--id', String(card.id))).toBe(0);
    fs.writeFileSync(file, '---\ntitle: 自己的文章（新）\nsort: 7\n---\n改过了');
    logs.mockClear();
    expect(await cli('help-import', dir)).toBe(0);
    expect(printed()).toContain('0 added, 1 updated, 0 unchanged');
    expectError(await suite.a.get(`${BASE}/articles/${card.id}`), 404, HelpMessage.NotFound);
    expect(await cli('help-publish', '--id', String(card.id))).toBe(0);
    expect(await articleOf(card.id)).toMatchObject({ title: '自己的文章（新）', html: '<p>改过了</p>\n' });

    // An unknown placeholder, a file without front matter or a folder that is no section: nothing imported.
    fs.writeFileSync(file, '---\ntitle: 坏\n---\n{{NOPE}}');
    expect(await cli('help-import', dir)).toBe(1);
    fs.writeFileSync(file, '没有 front matter');
    expect(await cli('help-import', dir)).toBe(1);
    fs.rmSync(file);
    fs.mkdirSync(path.join(dir, 'nope'));
    expect(await cli('help-import', dir)).toBe(1);
    expect((await articleOf(card.id)).title).toBe('自己的文章（新）');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
