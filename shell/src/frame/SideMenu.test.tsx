import { setUnreadCounters } from '@portal/event-bus';
import { act, screen, within } from '@testing-library/react';
import { BRANDS } from '@portal/contracts';
import { catalogRemote, LEADS, REPORTS, SUITE_CATALOG } from '../testing/catalog';
import { renderShell, setupUser } from '../testing/renderShell';
import { MENU_GROUPS, MENU_SECTIONS } from './menuGroups';
import { SideMenu } from './SideMenu';
import { menuSelection, visibleMenu } from './visibleMenu';

const menuTexts = () => Array.from(document.querySelectorAll('.ant-menu-title-content')).map((element) => element.textContent);
const entriesOf = (remotes: ReadonlyArray<{ menu: typeof LEADS.menu }>) => remotes.flatMap((remote) => remote.menu);

const crm = catalogRemote({
  name: 'crm',
  label: 'CRM',
  routes: ['/ec-setting', '/:type/data-dispose'],
  menu: [
    { group: 'crm-ec', label: '排班', path: '/ec/data-dispose', order: 20 },
    { group: 'crm-ec', label: '推送设置', path: '/ec-setting', order: 10 },
    { group: 'crm-lixiao', label: '排班', path: '/lixiao/data-dispose', order: 20 },
  ],
});
const mall = catalogRemote({
  name: 'mall',
  label: '积分商城',
  routes: ['/shopping-mall'],
  menu: [{ group: 'mall', label: '积分商城', path: '/shopping-mall', order: 0 }],
});

describe('side menu', () => {
  it("shows the entries the page's remotes declare and hides empty groups (today: 工作台 and the lead lists)", async () => {
    renderShell(<SideMenu />, { path: '/work-bench' });
    await act(async () => undefined); // rc-menu records its keys in an effect after the first render
    expect(menuTexts()).toEqual(['工作台', '常规投放', '智能投放']);
    expect(screen.queryByText('CRM同步')).not.toBeInTheDocument();
    expect(document.querySelector('.ant-menu-item-selected')).toHaveTextContent('工作台');
    const nodes = visibleMenu(MENU_GROUPS, entriesOf(SUITE_CATALOG.remotes), BRANDS.full);
    expect(nodes.map((node) => [node.label, node.children?.map((child) => child.label)])).toEqual([
      ['工作台', undefined],
      ['常规投放', ['竞价资源', '信息流资源', '留言板资源']],
      ['智能投放', ['资源列表']],
    ]);
  });

  it('leaves out what a missing remote would have shown: no leads remote, no lead lists', async () => {
    renderShell(<SideMenu />, { path: '/work-bench', catalog: { remotes: [REPORTS] } });
    await act(async () => undefined);
    expect(menuTexts()).toEqual(['工作台']);
  });

  it('slots entries into their groups in their order, down to CRM sub-groups; an unknown group is left out', async () => {
    const stray = catalogRemote({
      name: 'stray',
      label: '迷路',
      routes: ['/stray'],
      menu: [{ group: 'nowhere', label: '迷路', path: '/stray', order: 0 }],
    });
    const remotes = [REPORTS, { ...LEADS, menu: [LEADS.menu[0]] }, crm, stray];
    const nodes = visibleMenu(MENU_GROUPS, entriesOf(remotes), BRANDS.full);
    expect(nodes.map((node) => node.label)).toEqual(['工作台', '常规投放', 'CRM同步']);
    expect(nodes[1].children).toEqual([{ key: '/feedback', label: '竞价资源', path: '/feedback', unread: 'feedback' }]);
    const crmGroups = nodes[2].children ?? [];
    expect(crmGroups.map((group) => [group.label, group.children?.map((entry) => entry.path)])).toEqual([
      ['EC', ['/ec-setting', '/ec/data-dispose']],
      ['励销', ['/lixiao/data-dispose']],
    ]);

    renderShell(<SideMenu />, { path: '/feedback', catalog: { remotes } });
    expect(screen.getByText('常规投放')).toBeInTheDocument();
    const selected = document.querySelector('.ant-menu-item-selected') as HTMLElement;
    expect(within(selected).getByText('竞价资源')).toBeInTheDocument();
    expect(screen.queryByText('信息流资源')).not.toBeInTheDocument();

    const user = setupUser();
    await user.click(screen.getByText('CRM同步'));
    await user.click(await screen.findByText('EC'));
    await user.click(await screen.findByText('推送设置'));
    expect(screen.getByTestId('location')).toHaveTextContent('/ec-setting');
  });

  it('hides the points mall on the other brand even when a remote provides it, and an entry needing a feature', () => {
    const remotes = [REPORTS, mall, { ...LEADS, menu: [{ ...LEADS.menu[0], feature: 'tasks' as const }] }];
    expect(visibleMenu(MENU_GROUPS, entriesOf(remotes), BRANDS.full).map((node) => node.label)).toEqual(['工作台', '常规投放', '积分商城']);
    expect(visibleMenu(MENU_GROUPS, entriesOf(remotes), BRANDS.other).map((node) => node.label)).toEqual(['工作台']);
  });

  it('shows the unread count an entry declares beside it, capped at 99+, and follows the counters', async () => {
    setUnreadCounters({ leads: { feedback: 3, infoList: 120, resource: 0, baiList: 4 } });
    renderShell(<SideMenu />, { path: '/feedback' });
    const user = setupUser();
    await user.click(screen.getByText('智能投放'));
    const badge = (label: string) => (screen.getByText(label).closest('li') as HTMLElement).querySelector('.ant-badge');
    expect(badge('竞价资源')).toHaveTextContent('3');
    expect(badge('信息流资源')).toHaveTextContent('99+');
    expect(badge('资源列表')?.querySelector('.ant-scroll-number')).toBeNull();

    // A lead marked read elsewhere (the leads remote) moves the badge at once.
    act(() => setUnreadCounters({ leads: { resource: 7, feedback: 2 } }));
    expect(badge('资源列表')).toHaveTextContent('7');
    expect(badge('竞价资源')).toHaveTextContent('2');
    act(() => setUnreadCounters({ leads: { feedback: 0, infoList: 0, resource: 0, baiList: 0 } }));
  });

  it("shows the chat's unread count beside an entry declaring it, following the counter on the bus", async () => {
    const chatEntry = { group: 'smart', label: '在线对话', path: '/online-chat', order: 15, unread: 'chat' as const };
    const leads = catalogRemote({ ...LEADS, routes: [...LEADS.routes, '/online-chat'], menu: [...LEADS.menu, chatEntry] });
    setUnreadCounters({ chat: 5 });
    renderShell(<SideMenu />, { path: '/online-chat', catalog: { remotes: [REPORTS, leads] } });
    const link = screen.getByRole('link', { name: /^在线对话/ });
    // The badge's title holds the count (its digits roll while it changes).
    expect(within(link).getByTitle('5')).toBeInTheDocument();
    act(() => setUnreadCounters({ chat: 12 }));
    expect(within(link).getByTitle('12')).toBeInTheDocument();
    act(() => setUnreadCounters({ chat: 0 }));
    expect(within(link).queryByTitle('12')).not.toBeInTheDocument();
    expect(link).toHaveAccessibleName('在线对话');
  });
});

describe('side menu entries as links, and the section of a page', () => {
  // The test catalogue's leads remote declares /bai-list under 常规投放, as mfe-leads' remote.ts does.
  const withBaiList = SUITE_CATALOG;

  it('renders every entry as a link to its page; a click navigates in the page', async () => {
    renderShell(<SideMenu />, { path: '/work-bench', catalog: withBaiList });
    const user = setupUser();
    expect(screen.getByRole('link', { name: '工作台' })).toHaveAttribute('href', '/work-bench');
    await user.click(screen.getByText('常规投放'));
    expect(await screen.findByRole('link', { name: /^竞价资源/ })).toHaveAttribute('href', '/feedback');
    expect(screen.getByRole('link', { name: /^信息流资源/ })).toHaveAttribute('href', '/info-list');
    // The search-engine message board, whose leads the 常规投放 reports count, is in that group.
    expect(screen.getByRole('link', { name: /^留言板资源/ })).toHaveAttribute('href', '/bai-list');
    await user.click(screen.getByRole('link', { name: /^留言板资源/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/bai-list');
    expect(screen.getByRole('link', { current: 'page' })).toHaveAccessibleName(/^留言板资源/);
  });

  it("highlights a lead detail page's list, with its group open", () => {
    renderShell(<SideMenu />, { path: '/feedback-detail?id=7' });
    const current = screen.getByRole('link', { current: true });
    expect(current).toHaveAccessibleName(/^竞价资源/);
    expect(current).toHaveAttribute('href', '/feedback');
    expect(screen.queryByRole('link', { current: 'page' })).not.toBeInTheDocument();
  });

  it.each([
    ['/intel-analysis', '/promote-data'],
    ['/keyword-analysis', '/promote-data'],
    ['/form-list', '/info-list'],
    ['/feedback-detail', '/feedback'],
    ['/resource', '/resource'],
  ])('selects the entry of the section of %s: %s', (pathname, entry) => {
    const promote = { ...REPORTS, menu: [...REPORTS.menu, { group: 'promote', label: '推广管理', path: '/promote-data', order: 0 }] };
    const nodes = visibleMenu(MENU_GROUPS, entriesOf([promote, LEADS]), BRANDS.full);
    expect(menuSelection(nodes, pathname, MENU_SECTIONS).selected).toBe(entry);
  });

  it('selects nothing on a page of no section (the wallet pages)', () => {
    const nodes = visibleMenu(MENU_GROUPS, entriesOf(SUITE_CATALOG.remotes), BRANDS.full);
    expect(menuSelection(nodes, '/balance-center', MENU_SECTIONS)).toEqual({ openKeys: [] });
  });
});
