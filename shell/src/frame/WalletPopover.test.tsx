import { installFakeHttp, type FakeHttp } from '@portal/api-client/testing';
import type { BalanceReport } from '@portal/contracts/reports';
import { act, screen, waitFor, within } from '@testing-library/react';
import { BRANDS } from '@portal/contracts';
import { LEADS } from '../testing/catalog';
import { demoUser, renderShell, setupUser } from '../testing/renderShell';
import { TopNav } from './TopNav';
import { WalletPopover } from './WalletPopover';

const BALANCE = '/customer/report/balance';

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

  it('leaves out the links to pages no remote of the page declares', async () => {
    http.on(`GET ${BALANCE}`, { body: report });
    // Only the leads remote on this page: the balance pages are nobody's, the balance still shows.
    renderShell(<WalletPopover />, { catalog: { remotes: [LEADS] } });
    await setupUser().click(walletButton());
    expect(await screen.findByText('¥1,234.50')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '我的钱包' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '余额中心' })).not.toBeInTheDocument();
  });

  it('is in the top navigation of either brand', () => {
    renderShell(<TopNav user={demoUser} onOpenGuide={jest.fn()} onLogout={jest.fn()} />, { brand: BRANDS.other });
    expect(walletButton()).toBeInTheDocument();
  });
});
