import { setUnreadCounters } from '@portal/event-bus';
import { act, screen, within } from '@testing-library/react';
import { BRANDS } from '../brand/brands';
import { findRemoteForPath, REMOTES, type RemoteDefinition } from '../remotes/registry';
import { renderShell, setupUser } from '../testing/renderShell';
import { MENU_GROUPS } from './menuGroups';
import { SideMenu } from './SideMenu';
import { visibleMenu } from './visibleMenu';

const reportsOnly = REMOTES.filter((remote) => remote.name === 'reports');
const ownedBy = (remotes: readonly RemoteDefinition[]) => (path: string) => findRemoteForPath(path, remotes) !== undefined;
const menuTexts = () => Array.from(document.querySelectorAll('.ant-menu-title-content')).map((element) => element.textContent);

describe('side menu', () => {
  it('shows only the entries of registered remotes and hides empty groups (today: 工作台 and the lead lists)', async () => {
    renderShell(<SideMenu />, { path: '/work-bench' });
    await act(async () => undefined); // rc-menu records its keys in an effect after the first render
    expect(menuTexts()).toEqual(['工作台', '常规投放', '智能投放']);
    expect(screen.queryByText('CRM同步')).not.toBeInTheDocument();
    expect(document.querySelector('.ant-menu-item-selected')).toHaveTextContent('工作台');
    const groups = visibleMenu(MENU_GROUPS, ownedBy(REMOTES), BRANDS.full);
    expect(groups.map((group) => [group.label, group.entries?.map((entry) => entry.label)])).toEqual([
      ['工作台', undefined],
      ['常规投放', ['竞价资源', '信息流资源']],
      ['智能投放', ['资源列表']],
    ]);
  });

  it('shows a group with only the owned entries, down to CRM sub-groups', async () => {
    const remotes: RemoteDefinition[] = [
      ...reportsOnly,
      { name: 'leads', label: '线索', routes: ['/feedback', '/bai-list'] },
      { name: 'crm', label: 'CRM', routes: ['/ec-setting'] },
      { name: 'schedule', label: '排班', routes: ['/:type/data-dispose'] },
    ];
    const groups = visibleMenu(MENU_GROUPS, ownedBy(remotes), BRANDS.full);
    expect(groups.map((group) => group.label)).toEqual(['工作台', '常规投放', 'CRM同步']);
    expect(groups[1].entries).toEqual([{ label: '竞价资源', path: '/feedback' }]);
    const crm = groups[2].groups ?? [];
    expect(crm.map((group) => [group.label, group.entries?.map((entry) => entry.path)])).toEqual([
      ['EC', ['/ec-setting', '/ec/data-dispose']],
      ['励销', ['/lixiao/data-dispose']],
      ['销帮帮', ['/xbb/data-dispose']],
      ['伙伴云', ['/huoban/data-dispose']],
    ]);

    renderShell(<SideMenu remotes={remotes} />, { path: '/feedback' });
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

  it('hides the points mall on the other brand even when a remote provides it', () => {
    const remotes: RemoteDefinition[] = [...reportsOnly, { name: 'mall', label: '积分商城', routes: ['/shopping-mall'] }];
    expect(visibleMenu(MENU_GROUPS, ownedBy(remotes), BRANDS.full).map((group) => group.label)).toEqual(['工作台', '积分商城']);
    expect(visibleMenu(MENU_GROUPS, ownedBy(remotes), BRANDS.other).map((group) => group.label)).toEqual(['工作台']);
  });

  it('shows the unread count of each lead list beside its entry, capped at 99+, and follows the counters', async () => {
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
});
