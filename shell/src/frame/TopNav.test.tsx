import { codeOk, installFakeHttp, type FakeHttp } from '@portal/api-client/testing';
import { getEventBus, resetUnreadCounters, setMessageUnread, SessionLogoutEvent, UserUpdatedEvent } from '@portal/event-bus';
import { act, screen, waitFor, within } from '@testing-library/react';
import { BRANDS } from '@portal/contracts';
import { hardNavigation } from '../session/hardNavigation';
import { FULL_SUITE, SITE, SUITE_CATALOG } from '../testing/catalog';
import { clearCookies, demoUser, renderApp, renderShell, setLoginCookie, setupUser } from '../testing/renderShell';
import { DEFAULT_AVATAR } from './defaultAvatar';
import { TopNav } from './TopNav';

let api: FakeHttp | null = null;
afterEach(() => {
  api?.restore();
  api = null;
  clearCookies();
  resetUnreadCounters();
  jest.restoreAllMocks();
});

const openUserMenu = async () => {
  await setupUser().click(screen.getByRole('button', { name: /用户菜单/ }));
};

describe('top navigation', () => {
  it('shows task wall, suggestion, help and the shipping address on the full brand, their pages served', async () => {
    renderShell(<TopNav user={demoUser} onOpenGuide={jest.fn()} onLogout={jest.fn()} />, { brand: BRANDS.full, catalog: FULL_SUITE });
    expect(screen.getByRole('link', { name: /任务墙/ })).toHaveAttribute('href', '/task-wall');
    expect(screen.getByRole('link', { name: /帮助中心/ })).toHaveAttribute('href', '/common-problem');
    expect(screen.getByRole('button', { name: /意见建议/ })).toBeInTheDocument();
    await openUserMenu();
    expect(await screen.findByText('收货地址')).toBeInTheDocument();
    expect(screen.getByText('账户信息')).toBeInTheDocument();
    expect(screen.getByText('修改密码')).toBeInTheDocument();
    expect(screen.getByText('退出登录')).toBeInTheDocument();
  });

  it('hides them on the other brand', async () => {
    renderShell(<TopNav user={demoUser} onOpenGuide={jest.fn()} onLogout={jest.fn()} />, { brand: BRANDS.other, catalog: FULL_SUITE });
    expect(screen.queryByText('任务墙')).not.toBeInTheDocument();
    expect(screen.queryByText('意见建议')).not.toBeInTheDocument();
    expect(screen.queryByText('帮助中心')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /新手引导/ })).toBeInTheDocument();
    await openUserMenu();
    expect(await screen.findByText('账户信息')).toBeInTheDocument();
    expect(screen.queryByText('收货地址')).not.toBeInTheDocument();
  });

  it('hides a link to a page no remote declares, and shows it once a remote declares the page', async () => {
    // Today's suite: no remote serves the task wall, help or the shipping address.
    const { unmount } = renderShell(<TopNav user={demoUser} onOpenGuide={jest.fn()} onLogout={jest.fn()} />, { catalog: SUITE_CATALOG });
    expect(screen.getByRole('button', { name: /意见建议/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /任务墙/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /帮助中心/ })).not.toBeInTheDocument();
    await openUserMenu();
    expect(await screen.findByText('账户信息')).toBeInTheDocument();
    expect(screen.queryByText('收货地址')).not.toBeInTheDocument();
    unmount();

    // The site remote declares the help centre, the mall is not on the page: the help link comes
    // back, the task wall stays hidden.
    renderShell(<TopNav user={demoUser} onOpenGuide={jest.fn()} onLogout={jest.fn()} />, { catalog: { remotes: [...SUITE_CATALOG.remotes, SITE] } });
    expect(screen.getByRole('link', { name: /帮助中心/ })).toHaveAttribute('href', '/common-problem');
    expect(screen.queryByRole('link', { name: /任务墙/ })).not.toBeInTheDocument();
  });

  it('opens the free plan as a dialog over the page shown, once a remote declares the dialog', async () => {
    const { unmount } = renderShell(<TopNav user={demoUser} onOpenGuide={jest.fn()} onLogout={jest.fn()} />, { catalog: SUITE_CATALOG });
    expect(screen.queryByRole('link', { name: /免费方案/ })).not.toBeInTheDocument();
    unmount();

    renderShell(<TopNav user={demoUser} onOpenGuide={jest.fn()} onLogout={jest.fn()} />, {
      catalog: { remotes: [...SUITE_CATALOG.remotes, SITE] },
      path: '/feedback?page=2',
    });
    const link = screen.getByRole('link', { name: /免费方案/ });
    expect(link).toHaveAttribute('href', '/feedback?page=2&dialog=free-plan');
    await setupUser().click(link);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/feedback?page=2&dialog=free-plan'));
  });

  it('shows the default avatar, then the new one when the user is updated; the notification bell counts unread messages (99+)', async () => {
    api = installFakeHttp();
    api.on('GET /customer/user-info', codeOk(demoUser));
    api.on('GET /customer/account', codeOk({ ...demoUser }));
    setLoginCookie();
    renderApp('/change-password');
    const trigger = await screen.findByRole('button', { name: /用户菜单/ });
    expect(trigger.querySelector('img')).toHaveAttribute('src', DEFAULT_AVATAR);

    act(() => getEventBus().publish(new UserUpdatedEvent({ user: { headPic: '/rest/files/avatars/me.png' } })));
    await waitFor(() => expect(trigger.querySelector('img')).toHaveAttribute('src', '/rest/files/avatars/me.png'));

    // The bell counts all unread notices: the customer counter, which the server keeps as the total.
    const bell = screen.getByRole('button', { name: /^消息通知/ });
    act(() => {
      setMessageUnread('system', 3);
      setMessageUnread('user', 4);
      setMessageUnread('customer', 7);
    });
    expect(await within(bell).findByText('7')).toBeInTheDocument();
    act(() => setMessageUnread('customer', 200));
    expect(await within(bell).findByText('99+')).toBeInTheDocument();
  });

  it('logs out from the user menu: server call, cookie cleared, logout published, back to /', async () => {
    api = installFakeHttp();
    api.on('GET /customer/user-info', codeOk(demoUser));
    api.on('POST /customer/logout', codeOk(null));
    const assign = jest.spyOn(hardNavigation, 'assign').mockImplementation(() => undefined);
    const logouts: unknown[] = [];
    const subscription = getEventBus().subscribe(SessionLogoutEvent, (event) => logouts.push(event.payload));
    setLoginCookie();
    renderApp('/change-password');
    await screen.findByRole('button', { name: /用户菜单/ });
    await openUserMenu();
    await setupUser().click(await screen.findByText('退出登录'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(api.requestsTo('/customer/logout', 'POST')).toHaveLength(1);
    expect(document.cookie).not.toContain('portal_login');
    expect(logouts).toEqual([{ reason: 'user' }]);
    subscription.unsubscribe();
  });

  it('goes to account info from the user menu', async () => {
    api = installFakeHttp();
    api.on('GET /customer/user-info', codeOk(demoUser));
    api.on('GET /customer/account', codeOk({ ...demoUser }));
    setLoginCookie();
    renderApp('/change-password');
    await screen.findByRole('button', { name: /用户菜单/ });
    await openUserMenu();
    await setupUser().click(await screen.findByText('账户信息'));
    // Router navigations are transitions: the location shows once the lazy page has loaded.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/account-info'));
  });
});
