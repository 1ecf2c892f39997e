import { codeOk, installFakeHttp, type FakeHttp } from '@portal/api-client/testing';
import { type LowBalanceItem, lowBalanceNotice } from '@portal/contracts/reports';
import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { login } from '../login/loginCalls';
import { LEADS } from '../testing/catalog';
import { buttonName, clearCookies, demoUser, renderApp, renderShell, setLoginCookie, setupUser } from '../testing/renderShell';
import { LowBalanceReminder } from './LowBalanceReminder';
import { lowBalanceReminder } from './reminderMemory';

const LOW = '/customer/report/balance/low';
const TITLE = '余额不足提醒';

const items: LowBalanceItem[] = [
  { itemId: 7, title: '上海装修加盟', money: 1234550, canConsumeDay: 2 },
  { itemId: 9, title: '北京火锅招商', money: 80, canConsumeDay: 0 },
];

let http: FakeHttp;
beforeEach(() => {
  http = installFakeHttp();
});
afterEach(() => {
  http.restore();
  window.localStorage.clear();
  clearCookies();
});

const dialog = () => screen.findByRole('dialog', { name: TITLE });
/** Lets the answer (and a lazily loaded dialog) arrive. */
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 50)));

describe('the low-balance reminder', () => {
  it('lists each low project with its days and balance, says how to top up, and is not shown again in the session', async () => {
    http.on(`GET ${LOW}`, { body: items });
    const first = renderShell(<LowBalanceReminder account="demo" />, { path: '/work-bench' });
    const shown = await dialog();
    const rows = within(within(shown).getByRole('list', { name: '余额不足的项目' })).getAllByRole('listitem');
    // Money with ¥ and thousands separators; the facts in the words of the ledger's message.
    expect(rows.map((row) => row.textContent)).toEqual(['上海装修加盟预计可用 2 天余额 ¥12,345.50', '北京火锅招商预计可用 0 天余额 ¥0.80']);
    for (const item of items) {
      const notice = lowBalanceNotice(item);
      for (const fact of [notice.title, notice.days, notice.balance]) expect(notice.text).toContain(fact);
    }
    expect(within(shown).getByText(/联系在线客服充值/)).toBeInTheDocument();

    await setupUser().click(within(shown).getByRole('button', { name: buttonName('知道了') }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent('/work-bench');
    first.unmount();

    // A reload or another page of the same session: not asked, not shown.
    renderShell(<LowBalanceReminder account="demo" />, { path: '/leads' });
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(http.requestsTo(LOW)).toHaveLength(1);
  });

  it('查看余额 opens the balance centre', async () => {
    http.on(`GET ${LOW}`, { body: items.slice(0, 1) });
    renderShell(<LowBalanceReminder account="demo" />, { path: '/work-bench' });
    await setupUser().click(within(await dialog()).getByRole('button', { name: buttonName('查看余额') }));
    expect(screen.getByTestId('location')).toHaveTextContent('/balance-center');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument());
  });

  it('leaves out 查看余额 while no remote of the page serves the balance centre', async () => {
    http.on(`GET ${LOW}`, { body: items.slice(0, 1) });
    renderShell(<LowBalanceReminder account="demo" />, { path: '/feedback', catalog: { remotes: [LEADS] } });
    const shown = await dialog();
    expect(within(shown).getByRole('button', { name: buttonName('知道了') })).toBeInTheDocument();
    expect(within(shown).queryByRole('button', { name: buttonName('查看余额') })).not.toBeInTheDocument();
  });

  it('shows nothing for an empty list, and does not ask again in the session', async () => {
    http.on(`GET ${LOW}`, { body: [] });
    const first = renderShell(<LowBalanceReminder account="demo" />);
    await waitFor(() => expect(http.requestsTo(LOW)).toHaveLength(1));
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    first.unmount();
    renderShell(<LowBalanceReminder account="demo" />);
    await settle();
    expect(http.requestsTo(LOW)).toHaveLength(1);
  });

  it('shows nothing, not even an error, when the call fails (and asks again at the next page load)', async () => {
    http.on(`GET ${LOW}`, { status: 500, body: { code: '500', message: '服务器开小差了，请稍后再试' } });
    renderShell(<LowBalanceReminder account="demo" />);
    await waitFor(() => expect(http.requestsTo(LOW)).toHaveLength(1));
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('服务器开小差了，请稍后再试')).not.toBeInTheDocument();
    expect(lowBalanceReminder.shown('demo')).toBe(false);
  });

  it('waits while another dialog (the guide) is up', async () => {
    http.on(`GET ${LOW}`, { body: items });
    function WithGuide() {
      const [guideOpen, setGuideOpen] = useState(true);
      return (
        <>
          <button onClick={() => setGuideOpen(false)}>close the guide</button>
          <LowBalanceReminder account="demo" held={guideOpen} />
        </>
      );
    }
    renderShell(<WithGuide />);
    await waitFor(() => expect(http.requestsTo(LOW)).toHaveLength(1));
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(lowBalanceReminder.shown('demo')).toBe(false);
    await setupUser().click(screen.getByRole('button', { name: 'close the guide' }));
    expect(await dialog()).toBeInTheDocument();
    expect(lowBalanceReminder.shown('demo')).toBe(true);
  });

  it('is shown again after a new login of the account, and per account', async () => {
    lowBalanceReminder.remember('demo');
    lowBalanceReminder.remember('other');
    http.on('POST /customer/login', codeOk(demoUser));
    await login({ loginAccount: 'demo', password: 'Demo12345', type: 1 });
    expect(lowBalanceReminder.shown('demo')).toBe(false);
    expect(lowBalanceReminder.shown('other')).toBe(true);
  });

  it('comes up in the frame after login, without holding the frame back', async () => {
    let answer: (reply: { body: unknown }) => void = () => undefined;
    http.on('GET /customer/user-info', codeOk(demoUser));
    http.on(`GET ${LOW}`, () => new Promise((resolve) => (answer = resolve)));
    setLoginCookie();
    renderApp('/change-password');
    // The frame is up while the reminder's call is still unanswered.
    expect(await screen.findByRole('button', { name: /钱包/ })).toBeInTheDocument();
    await waitFor(() => expect(http.requestsTo(LOW)).toHaveLength(1));
    expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument();
    act(() => answer({ body: items }));
    expect(within(await dialog()).getByText('预计可用 2 天')).toBeInTheDocument();
  });
});
