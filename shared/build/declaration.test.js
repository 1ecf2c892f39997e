const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { createConfig, remoteOutputPath } = require('./index');
const { publishedDeclaration } = require('./declaration');

const repo = path.join(__dirname, '../..');

describe("a remote's published declaration (remote.json)", () => {
  it("is the remote's src/remote.ts, checked, with the version built", () => {
    const leads = publishedDeclaration({ name: 'leads', file: path.join(repo, 'mfe-leads/src/remote.ts'), version: '0.1.0' });
    expect(leads).toMatchObject({ name: 'leads', label: '线索', version: '0.1.0' });
    expect(leads.routes).toContain('/feedback-detail');
    expect(leads.menu.map((entry) => [entry.group, entry.label, entry.unread])).toEqual([
      ['regular', '竞价资源', 'feedback'],
      ['regular', '信息流资源', 'infoList'],
      ['regular', '留言板资源', 'baiList'],
      ['smart', '资源列表', 'resource'],
      ['smart', '在线对话', 'chat'],
    ]);
    const reports = publishedDeclaration({ name: 'reports', file: path.join(repo, 'mfe-reports/src/remote.ts'), version: '1.2.3' });
    expect(reports.menu[0]).toEqual({ group: 'workbench', label: '工作台', path: '/work-bench', icon: 'dashboard', order: 0 });
    expect(reports.menu.map((entry) => [entry.group, entry.label, entry.path])).toEqual([
      ['workbench', '工作台', '/work-bench'],
      ['regular', '日报表', '/cpc-daily-statement'],
      ['regular', '接收报表', '/cpc-receive-list'],
      ['smart', '日报表', '/daily-statement'],
      ['smart', '接收报表', '/receive-list'],
      ['promote', '推广管理', '/promote-data'],
    ]);
    expect(reports.routes).toEqual(expect.arrayContaining(['/balance-center', '/payment-record', '/expenses-record', '/intel-analysis']));
  });

  describe('stops the build', () => {
    let dir;
    beforeEach(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'declaration-'));
    });
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
    let written = 0;
    const write = (source) => {
      written += 1;
      const file = path.join(dir, `remote${written}.ts`);
      fs.writeFileSync(file, source);
      return file;
    };

    it("on an unknown icon or a bad version, or an entry leading outside its routes, in the schema's words", () => {
      const badFields = write(
        `export const remote = { name: 'x', label: 'X', routes: ['/x'], menu: [{ group: 'regular', label: 'Y', path: '/x', order: 1, icon: 'rocket' }] };`,
      );
      expect(() => publishedDeclaration({ name: 'x', file: badFields, version: '1.0' })).toThrow(
        /is not a valid remote declaration:\n {2}menu\.0\.icon: .*\n {2}version: /,
      );
      const outside = write(
        `export const remote = { name: 'x', label: 'X', routes: ['/x'], menu: [{ group: 'regular', label: 'Y', path: '/y', order: 1 }] };`,
      );
      expect(() => publishedDeclaration({ name: 'x', file: outside, version: '1.0.0' })).toThrow("menu.0.path: /y is not among the remote's routes");
    });

    it('on a name other than the federation name, or no declaration', () => {
      expect(() =>
        publishedDeclaration({
          name: 'y',
          file: write(`export const remote = { name: 'x', label: 'X', routes: ['/x'], menu: [] };`),
          version: '1.0.0',
        }),
      ).toThrow('declares "x", but the federation name is "y"');
      expect(() => publishedDeclaration({ name: 'x', file: write('export const other = 1;'), version: '1.0.0' })).toThrow(
        "must export the remote's declaration as `remote`",
      );
    });
  });

  it('goes with the build into the version folder of the remote', () => {
    /* eslint-disable portal/boundaries -- a real remote's webpack config and package.json are this test's fixture, read as data */
    const config = require('../../mfe-leads/webpack.config.js')({}, { mode: 'production' });
    const version = require('../../mfe-leads/package.json').version;
    /* eslint-enable portal/boundaries */
    expect(config.output.path).toBe(remoteOutputPath('leads', version));
    expect(config.output.path).toBe(path.join(repo, 'dist/remotes/leads', version));
    expect(config.plugins.map((plugin) => plugin.constructor.name)).toContain('RemoteDeclarationPlugin');
    const shell = createConfig({ name: 'shell', dir: path.join(repo, 'shell'), kind: 'host', singletons: ['react'] })({}, { mode: 'production' });
    expect(shell.plugins.map((plugin) => plugin.constructor.name)).not.toContain('RemoteDeclarationPlugin');
  });
});
