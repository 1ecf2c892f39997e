import { dialogOf, searchWithDialog } from './pages';
import { parseRemotesIndex, publishedDeclarationSchema, remoteFiles } from './schemas';

const reports = {
  name: 'reports',
  label: '工作台',
  version: '0.1.0',
  routes: ['/work-bench', '/orders/:id'],
  menu: [{ group: 'workbench', label: '工作台', path: '/work-bench', icon: 'dashboard', order: 0 }],
};

describe('a published declaration', () => {
  it('takes a remote with its routes and menu entries', () => {
    expect(publishedDeclarationSchema.parse(reports)).toEqual(reports);
    expect(publishedDeclarationSchema.safeParse({ ...reports, menu: [{ ...reports.menu[0], path: '/orders/7' }] }).success).toBe(true);
    expect(publishedDeclarationSchema.parse({ ...reports, dialogs: ['free-plan'] })).toEqual({ ...reports, dialogs: ['free-plan'] });
    // An entry shows a lead list's unread count, or the chat panel's.
    for (const unread of ['resource', 'chat']) {
      expect(publishedDeclarationSchema.safeParse({ ...reports, menu: [{ ...reports.menu[0], unread }] }).success).toBe(true);
    }
    const wallet = [{ label: '订单', path: '/orders/7', order: 0, figure: 'points', feature: 'points' }];
    expect(publishedDeclarationSchema.parse({ ...reports, wallet })).toEqual({ ...reports, wallet });
  });

  it.each([
    ['an entry outside its routes', { menu: [{ ...reports.menu[0], path: '/feedback' }] }],
    ['an unknown counter', { menu: [{ ...reports.menu[0], unread: 'orders' }] }],
    ['an unknown brand feature', { menu: [{ ...reports.menu[0], feature: 'vip' }] }],
    ['a path with a query', { routes: ['/work-bench?x=1'] }],
    ['no routes', { routes: [] }],
    ['an unknown field', { extra: true }],
    ['a version that is no version', { version: 'latest' }],
    ['a name in capitals', { name: 'Reports' }],
    ['a dialog named with a query', { dialogs: ['plan?x=1'] }],
    ['a dialog named twice', { dialogs: ['free-plan', 'free-plan'] }],
    ['a wallet entry outside its routes', { wallet: [{ label: '积分', path: '/channel-credit', order: 0 }] }],
    ['a wallet figure the shell cannot show', { wallet: [{ label: '订单', path: '/work-bench', order: 0, figure: 'coupons' }] }],
  ])('refuses %s', (_what, change) => {
    expect(publishedDeclarationSchema.safeParse({ ...reports, ...change }).success).toBe(false);
  });
});

describe('a dialog in the address', () => {
  it('is read from the query and opened or closed with the other parameters kept', () => {
    expect(dialogOf('?item=3&dialog=free-plan')).toBe('free-plan');
    expect(dialogOf('?item=3')).toBeNull();
    expect(searchWithDialog('?item=3', 'free-plan')).toBe('?item=3&dialog=free-plan');
    expect(searchWithDialog('?dialog=free-plan&item=3', null)).toBe('?item=3');
    expect(searchWithDialog('?dialog=free-plan', null)).toBe('');
    expect(searchWithDialog('', 'free-plan')).toBe('?dialog=free-plan');
  });
});

describe('/remotes.json', () => {
  it('keeps the good pointers and says why it left out the others', () => {
    const { pointers, rejected } = parseRemotesIndex({
      reports: { version: '0.1.0' },
      leads: { version: '0.2.0-rc.1', base: 'https://cdn.example.com/leads/0.2.0-rc.1/' },
      old: '/remotes/old/mf-manifest.json',
      bad: { version: '1' },
      insecure: { version: '1.0.0', base: 'http://cdn.example.com/x/' },
    });
    expect(pointers).toEqual({ reports: { version: '0.1.0' }, leads: { version: '0.2.0-rc.1', base: 'https://cdn.example.com/leads/0.2.0-rc.1/' } });
    expect(Object.keys(rejected)).toEqual(['old', 'bad', 'insecure']);
    expect(parseRemotesIndex([]).pointers).toEqual({});
  });

  it("finds a version's files in its folder, or under the pointer's base", () => {
    expect(remoteFiles('reports', { version: '0.1.0' })).toEqual({
      base: '/remotes/reports/0.1.0/',
      declaration: '/remotes/reports/0.1.0/remote.json',
      manifest: '/remotes/reports/0.1.0/mf-manifest.json',
    });
    expect(remoteFiles('leads', { version: '1.0.0', base: 'https://cdn.example.com/l/1.0.0/' }).manifest).toBe(
      'https://cdn.example.com/l/1.0.0/mf-manifest.json',
    );
  });
});
