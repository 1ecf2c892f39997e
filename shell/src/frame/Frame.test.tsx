import { codeOk, installFakeHttp, type FakeHttp } from '@portal/api-client/testing';
import { setWindowWidth } from '@portal/design-system/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { buttonName, clearCookies, demoUser, renderApp, setLoginCookie, setupUser } from '../testing/renderShell';

let api: FakeHttp;
let restoreWidth = (): void => undefined;

async function openFrame(width: number | null, path = '/change-password') {
  if (width !== null) restoreWidth = setWindowWidth(width);
  api = installFakeHttp();
  api.on('GET /customer/user-info', codeOk(demoUser));
  api.on('GET /customer/account', codeOk({ loginAccount: 'demo', registerTime: demoUser.registerTime, whetherVoice: 0, headPic: null }));
  setLoginCookie();
  renderApp(path);
  // The frame is up once its bell is (it shows on every width).
  await screen.findByRole('button', { name: /^消息通知/ });
}

afterEach(() => {
  restoreWidth();
  api.restore();
  clearCookies();
});

describe('the frame on a phone (390 px wide)', () => {
  it('puts the side menu in a drawer that the menu button opens and that closes once an entry is chosen', async () => {
    await openFrame(390);
    const user = setupUser();
    // No side menu beside the page: its entries are behind the menu button.
    expect(screen.queryByRole('link', { name: '工作台' })).not.toBeInTheDocument();
    const menuButton = screen.getByRole('button', { name: '打开菜单' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await user.click(menuButton);
    const drawer = await screen.findByRole('dialog', { name: '渠道网 · 客户中心' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(within(drawer).getByRole('link', { name: '工作台' })).toHaveAttribute('href', '/work-bench');
    await user.click(within(drawer).getByText('智能投放'));
    await user.click(await within(drawer).findByRole('link', { name: /^资源列表/ }));

    expect(screen.getByTestId('location')).toHaveTextContent('/resource');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  it("closes the drawer when the chosen entry is the page's own", async () => {
    await openFrame(390, '/work-bench');
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: '打开菜单' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('link', { name: '工作台', current: 'page' })).toBeInTheDocument();
    await user.click(within(drawer).getByRole('link', { name: '工作台' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent('/work-bench');
  });

  it('folds the top navigation into one menu beside the bell', async () => {
    await openFrame(390);
    const user = setupUser();
    for (const name of [/新手引导/, /意见建议/, /钱包/, /用户菜单/]) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^消息通知/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '更多' }));
    const menu = await screen.findByRole('menu');
    const entries = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(entries).toEqual(['新手引导', '意见建议', '消息中心', '余额中心', '充值记录', '消费报表', '账户信息', '修改密码', '退出登录']);
    expect(within(menu).getByRole('link', { name: '消息中心' })).toHaveAttribute('href', '/message-center');
    expect(within(menu).getByRole('link', { name: '余额中心' })).toHaveAttribute('href', '/balance-center');

    await user.click(within(menu).getByRole('link', { name: '账户信息' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/account-info'));
  });

  it('opens the guide and the suggestion dialog from the folded menu', async () => {
    await openFrame(390);
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: '更多' }));
    await user.click(await screen.findByRole('menuitem', { name: /新手引导/ }));
    const guide = await screen.findByRole('dialog');
    expect(within(guide).getByRole('heading', { name: '工作台概览' })).toBeInTheDocument();
    await user.click(within(guide).getByRole('button', { name: buttonName('跳过') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: '更多' }));
    await user.click(await screen.findByRole('menuitem', { name: /意见建议/ }));
    expect(await screen.findByRole('dialog', { name: /意见建议/ })).toBeInTheDocument();
  });
});

describe('the frame on a wide screen', () => {
  it('shows the side menu beside the page and the top navigation in full, no menu button', async () => {
    await openFrame(1280);
    expect(screen.getByRole('link', { name: '工作台' })).toHaveAttribute('href', '/work-bench');
    expect(screen.getByRole('button', { name: /新手引导/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /用户菜单/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '打开菜单' })).not.toBeInTheDocument();
  });

  it('keeps the desktop frame where the media queries answer nothing (jsdom, before they answer)', async () => {
    await openFrame(null);
    expect(screen.getByRole('link', { name: '工作台' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '打开菜单' })).not.toBeInTheDocument();
  });
});
