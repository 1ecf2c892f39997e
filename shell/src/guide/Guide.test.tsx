import { codeOk, installFakeHttp, type FakeHttp } from '@portal/api-client/testing';
import { FirstLogin } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { SUITE_CATALOG, FULL_SUITE } from '../testing/catalog';
import { buttonName, clearCookies, demoUser, renderApp, renderShell, setLoginCookie, setupUser } from '../testing/renderShell';
import { GuideDialog } from './GuideDialog';
import { GUIDE } from './guideSteps';

let api: FakeHttp;

const setup = async (firstLoginStutes: number) => {
  api = installFakeHttp();
  api.on('GET /customer/user-info', codeOk({ ...demoUser, firstLoginStutes }));
  api.on('PUT /customer/account/first-login', codeOk(null));
  api.on('GET /customer/account', codeOk({ loginAccount: 'demo', registerTime: demoUser.registerTime, whetherVoice: 0, headPic: null }));
  setLoginCookie();
  renderApp('/account-info');
  await screen.findByRole('button', { name: /用户菜单/ });
};

afterEach(() => {
  api.restore();
  clearCookies();
});

describe('new-user guide', () => {
  it('opens after a first login; 跳过 clears the flag on the server', async () => {
    await setup(FirstLogin.Yes);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: '工作台概览' })).toBeInTheDocument();
    await setupUser().click(within(dialog).getByRole('button', { name: buttonName('跳过') }));
    await waitFor(() => expect(api.requestsTo('/customer/account/first-login', 'PUT')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('has five steps with 跳过 on each and 完成 on the last; 新手引导 reopens it without calling the server', async () => {
    await setup(FirstLogin.Yes);
    const user = setupUser();
    let dialog = await screen.findByRole('dialog');
    for (let step = 0; step < GUIDE.length; step += 1) {
      expect(within(dialog).getByRole('heading', { name: GUIDE[step].title })).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: buttonName('跳过') })).toBeInTheDocument();
      const last = step === GUIDE.length - 1;
      expect(within(dialog).queryByRole('button', { name: buttonName('完成') }) !== null).toBe(last);
      if (!last) await user.click(within(dialog).getByRole('button', { name: '下一步' }));
    }
    await user.click(within(dialog).getByRole('button', { name: buttonName('完成') }));
    await waitFor(() => expect(api.requestsTo('/customer/account/first-login', 'PUT')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: /新手引导/ }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: GUIDE[0].title })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: buttonName('跳过') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo('/customer/account/first-login', 'PUT')).toHaveLength(1);
  });

  it.each([
    ['no remote serves the points mall', SUITE_CATALOG, '余额不足时，请及时联系在线客服充值'],
    ['a remote serves the points mall', FULL_SUITE, '积分可在积分商城兑换礼品'],
  ])('step 4 tells of points and the mall only while a remote serves it: %s', async (_when, catalog, said) => {
    api = installFakeHttp();
    renderShell(<GuideDialog open onClose={jest.fn()} />, { catalog });
    const user = setupUser();
    for (let step = 0; step < 3; step += 1) await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '下一步' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: '钱包与积分' })).toBeInTheDocument();
    expect(within(dialog).getByText(new RegExp(said))).toBeInTheDocument();
    if (catalog === SUITE_CATALOG) expect(within(dialog).queryByText(/积分商城/)).not.toBeInTheDocument();
  });

  it('does not open by itself for a returning user', async () => {
    await setup(FirstLogin.No);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requestsTo('/customer/account/first-login', 'PUT')).toHaveLength(0);
  });
});
