import { installFakeHttp, type FakeHttp } from '@portal/api-client/testing';
import type { BalanceReport } from '@portal/contracts/reports';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { BRANDS } from '@portal/contracts';
import { LEADS, FULL_SUITE } from '../testing/catalog';
import { demoUser, renderShell, setupUser } from '../testing/renderShell';
import { TopNav } from './TopNav';
import { WalletPopover } from './WalletPopover';

const BALANCE = '/customer/report/balance';
const POINTS = '/customer/mall/points';

const report: BalanceReport = {
  rows: [],
  summary: { increment: 5000000, money: 123450, beforeYesterdayCostMoney: 2000, yesterdayCostMoney: 3000 },
};

let http: FakeHttp;
beforeEach(() => {
  http = installFakeHttp();
});
afterEach(() => http.restore());

const walletButton = () => screen.getByRole('button', { name: /钱包/ });

describe('the wallet popover', () => {
  it('shows the total cash balance in yuan and links to the balance centre, top-up records and consumption report', async () => {
    let answer: (reply: { body: unknown }) => void = () => undefined;
    http.on(`GET ${BALANCE}`, () => new Promise((resolve) => (answer = resolve)));
    renderShell(<WalletPopover />, { path: '/work-bench' });
    // Nothing is fetched while closed.
    expect(http.requestsTo(BALANCE)).toHaveLength(0);
    // Its accessible name contains its visible text (WCAG 2.5.3).
    expect(walletButton()).toHaveTextContent('钱包');

    await setupUser().click(walletButton());
    const links = await screen.findByRole('navigation', { name: '我的钱包' });
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => answer({ body: report }));
    expect(await screen.findByText('¥1,234.50')).toBeInTheDocument();
    expect(screen.getByText('现金余额')).toBeInTheDocument();

    expect(
      within(links)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['余额中心', '/balance-center'],
      ['充值记录', '/payment-record'],
      ['消费报表', '/expenses-record'],
    ]);
    await setupUser().click(within(links).getByRole('link', { name: '充值记录' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/payment-record');
  });

  it('says when the balance could not be loaded, the links still there', async () => {
    http.on(`GET ${BALANCE}`, { status: 500, body: { code: '500', message: '服务器开小差了，请稍后再试' } });
    renderShell(<WalletPopover />);
    await setupUser().click(walletButton());
    expect(await screen.findByText('服务器开小差了，请稍后再试')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '余额中心' })).toBeInTheDocument();
  });

  it('is reachable by keyboard: Tab to it, Enter opens with the focus on the first link, Escape closes back on the button', async () => {
    http.on(`GET ${BALANCE}`, { body: report });
    renderShell(<WalletPopover />);
    const user = setupUser();
    await user.tab();
    expect(walletButton()).toHaveFocus();
    await user.keyboard('{Enter}');
    const first = await screen.findByRole('link', { name: '余额中心' });
    await waitFor(() => expect(first).toHaveFocus());
    expect(walletButton()).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(screen.getByRole('link', { name: '充值记录' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(walletButton()).toHaveFocus();
    expect(walletButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('stays closed after an entry is chosen with the pointer, though the pointer rests over the closing popup', async () => {
    http.on(`GET ${BALANCE}`, { body: report });
    jest.useFakeTimers();
    try {
      renderShell(<WalletPopover />, { path: '/work-bench' });
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime, pointerEventsCheck: PointerEventsCheckLevel.Never });
      await user.hover(walletButton());
      act(() => jest.advanceTimersByTime(200));
      expect(walletButton()).toHaveAttribute('aria-expanded', 'true');
      // Onto the popup (its hover delay asks to stay open) and choose an entry at once.
      const entry = screen.getByRole('link', { name: '充值记录' });
      await user.hover(entry);
      await user.click(entry);
      act(() => jest.advanceTimersByTime(1000));
      expect(screen.getByTestId('location')).toHaveTextContent('/payment-record');
      expect(walletButton()).toHaveAttribute('aria-expanded', 'false');
      // Reaching for the button again opens it again.
      await user.unhover(entry);
      await user.hover(walletButton());
      act(() => jest.advanceTimersByTime(200));
      expect(walletButton()).toHaveAttribute('aria-expanded', 'true');
    } finally {
      jest.useRealTimers();
    }
  });

  it('leaves out the links to pages no remote of the page declares', async () => {
    http.on(`GET ${BALANCE}`, { body: report });
    // Only the leads remote on this page: the balance pages are nobody's, the balance still shows.
    renderShell(<WalletPopover />, { catalog: { remotes: [LEADS] } });
    await setupUser().click(walletButton());
    expect(await screen.findByText('¥1,234.50')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '我的钱包' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '余额中心' })).not.toBeInTheDocument();
  });

  it('shows the points and the shop orders that the mall declares, on the full brand, the points fetched at every opening', async () => {
    http.on(`GET ${BALANCE}`, { body: report });
    let score = 12340;
    http.on(`GET ${POINTS}`, () => ({ body: { currentScore: score, todayScore: 10, yesterdayScore: 0 } }));
    renderShell(<WalletPopover />, { catalog: FULL_SUITE });
    expect(http.requestsTo(POINTS)).toHaveLength(0);
    const user = setupUser();
    await user.click(walletButton());
    const links = await screen.findByRole('navigation', { name: '我的钱包' });
    expect(await within(links).findByText('12,340')).toBeInTheDocument();
    expect(
      within(links)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['积分', '/channel-credit'],
      ['余额中心', '/balance-center'],
      ['充值记录', '/payment-record'],
      ['消费报表', '/expenses-record'],
      ['商城订单', '/my-order'],
    ]);

    // Closed and opened again after an exchange: the lower figure.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(walletButton()).toHaveAttribute('aria-expanded', 'false'));
    score = 2340;
    await user.click(walletButton());
    expect(await screen.findByText('2,340')).toBeInTheDocument();
    expect(http.requestsTo(POINTS)).toHaveLength(2);
  });

  it('says when the points could not be loaded', async () => {
    http.on(`GET ${BALANCE}`, { body: report });
    http.on(`GET ${POINTS}`, { status: 500, body: { code: '500', message: '服务器开小差了，请稍后再试' } });
    renderShell(<WalletPopover />, { catalog: FULL_SUITE });
    await setupUser().click(walletButton());
    expect(await screen.findByText('服务器开小差了，请稍后再试')).toBeInTheDocument();
    expect(screen.getByText('¥1,234.50')).toBeInTheDocument();
  });

  it('leaves out the points and shop orders on a brand without them, and asks for no points', async () => {
    http.on(`GET ${BALANCE}`, { body: report });
    renderShell(<WalletPopover />, { catalog: FULL_SUITE, brand: BRANDS.other });
    await setupUser().click(walletButton());
    const links = await screen.findByRole('navigation', { name: '我的钱包' });
    expect(
      within(links)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['余额中心', '充值记录', '消费报表']);
    expect(http.requestsTo(POINTS)).toHaveLength(0);
  });

  it('is in the top navigation of either brand', () => {
    renderShell(<TopNav user={demoUser} onOpenGuide={jest.fn()} onLogout={jest.fn()} />, { brand: BRANDS.other });
    expect(walletButton()).toBeInTheDocument();
  });
});
