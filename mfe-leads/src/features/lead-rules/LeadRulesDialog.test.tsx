import { installFakeHttp, type FakeHttp, type FakeReply, type FakeRoute } from '@portal/api-client/testing';
import { DuplicateText, PhoneCheckText } from '@portal/contracts/leads';
import { act, screen, waitFor, within } from '@testing-library/react';
import { leadRow, paginationHeader } from '../../test/leadRows';
import { buttonName, findDialog, installListHttp, openDialogs, renderLeadsPart, setupUser } from '../../test/renderLeads';
import { LeadListPage } from '../lead-list/LeadListPage';
import { RESOURCE_LIST } from '../resource/resourceList';
import { LeadRulesDialog } from './LeadRulesDialog';

// 重复线索规则 (issue 24): GET and PUT /customer/lead-rules.
const RULES = '/customer/lead-rules';
const SAVED_RULE = { duplicateWindowDays: 30, duplicateScope: 'customer', duplicateAction: 'hold' } as const;
/** The rule as GET answers it: the duplicate rule, the phone hold-back and whether the server has a phone checker. */
const SAVED = { ...SAVED_RULE, phoneHoldBack: false, phoneChecker: false } as const;
/** PUT answers the rule saved (a hold-back left out is kept). */
const echo =
  (loaded: typeof SAVED | { phoneHoldBack: boolean; phoneChecker: boolean } = SAVED): FakeRoute =>
  (request) => ({ body: { ...SAVED, ...loaded, ...(request.body as object) } });

let http: FakeHttp;
beforeEach(() => {
  http = installFakeHttp();
});
afterEach(() => http.restore());

function renderDialog() {
  const onClose = jest.fn();
  renderLeadsPart(<LeadRulesDialog open onClose={onClose} />, '/resource');
  return { onClose, user: setupUser() };
}

/** The dialog once its rule is shown. */
async function loadedDialog() {
  const dialog = await screen.findByRole('dialog', { name: '重复线索规则' });
  await within(dialog).findByRole('spinbutton', { name: '查重天数' });
  return dialog;
}

const days = (dialog: HTMLElement) => within(dialog).getByRole('spinbutton', { name: '查重天数' });
const save = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: buttonName('保存') });
const puts = () => http.requestsTo(RULES, 'PUT');

describe('the duplicate rule dialog 重复线索规则', () => {
  it("shows 加载中 while the rule loads, then the customer's rule with the explanation", async () => {
    let answer: (reply: FakeReply) => void = () => undefined;
    http.on(`GET ${RULES}`, () => new Promise<FakeReply>((resolve) => (answer = resolve)));
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: '重复线索规则' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('加载中...');
    expect(within(dialog).queryByRole('spinbutton')).not.toBeInTheDocument();

    answer({ body: { duplicateWindowDays: 7, duplicateScope: 'project', duplicateAction: 'new', phoneHoldBack: false, phoneChecker: false } });
    expect(await within(dialog).findByRole('spinbutton', { name: '查重天数' })).toHaveValue('7');
    expect(within(dialog).getByText('电话或其他联系方式与查重天数内的线索相同时，标记为重复')).toBeInTheDocument();
    const scope = within(dialog).getByRole('radiogroup', { name: '查重范围' });
    expect(within(scope).getByRole('radio', { name: '同一项目' })).toBeChecked();
    expect(within(scope).getByRole('radio', { name: '全部项目' })).not.toBeChecked();
    const action = within(dialog).getByRole('radiogroup', { name: '重复线索处理' });
    expect(within(action).getByRole('radio', { name: '按新线索分配和推送' })).toBeChecked();
    expect(within(action).getByRole('radio', { name: '不分配、不推送' })).not.toBeChecked();
  });

  it('a failed load says why and 重试 asks again', async () => {
    let fail = true;
    http.on(`GET ${RULES}`, () => (fail ? { status: 500, body: { code: '500', message: '服务器开小差了，请稍后再试' } } : { body: SAVED }));
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: '重复线索规则' });
    expect(await within(dialog).findByText('服务器开小差了，请稍后再试')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: buttonName('保存') })).not.toBeInTheDocument();

    fail = false;
    await user.click(within(dialog).getByRole('button', { name: buttonName('重试') }));
    expect(await within(dialog).findByRole('spinbutton', { name: '查重天数' })).toHaveValue('30');
    expect(http.requestsTo(RULES, 'GET')).toHaveLength(2);
  });

  // 0 to 365 (0 turns the check off): the contracts' leadRulesSaveSchema, as the server checks the body.
  it.each(['-1', '366', '2.5', ''])("refuses %p days with the contracts' message and sends nothing", async (typed) => {
    http.on(`GET ${RULES}`, { body: SAVED });
    const { user, onClose } = renderDialog();
    const dialog = await loadedDialog();
    await user.clear(days(dialog));
    if (typed) await user.type(days(dialog), typed);
    await user.click(save(dialog));
    expect(await within(dialog).findByText(DuplicateText.WindowInvalid)).toBeInTheDocument();
    expect(days(dialog)).toHaveAttribute('aria-invalid', 'true');
    expect(puts()).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('saves the chosen rule with PUT, says 保存成功！ and closes', async () => {
    http.on(`GET ${RULES}`, { body: SAVED });
    http.on(`PUT ${RULES}`, echo());
    const { user, onClose } = renderDialog();
    const dialog = await loadedDialog();
    await user.clear(days(dialog));
    await user.type(days(dialog), '365');
    await user.click(within(dialog).getByRole('radio', { name: '同一项目' }));
    await user.click(within(dialog).getByRole('radio', { name: '按新线索分配和推送' }));
    await user.click(save(dialog));

    expect(await screen.findByText('保存成功！')).toBeInTheDocument();
    expect(puts().map((request) => request.body)).toEqual([{ duplicateWindowDays: 365, duplicateScope: 'project', duplicateAction: 'new' }]);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('offers the follow-up on the first lead’s CRM record, naming the CRMs that have one, and saves it', async () => {
    http.on(`GET ${RULES}`, { body: SAVED });
    http.on(`PUT ${RULES}`, echo());
    const { user } = renderDialog();
    const dialog = await loadedDialog();
    await user.click(within(dialog).getByRole('radio', { name: '不分配，在首条线索的CRM记录上写跟进（EC、励销、销帮帮）' }));
    await user.click(save(dialog));

    expect(await screen.findByText('保存成功！')).toBeInTheDocument();
    expect(puts().map((request) => (request.body as { duplicateAction: string }).duplicateAction)).toEqual(['note']);
  });

  it('saves 0 days, which turns the check off (the field says so)', async () => {
    http.on(`GET ${RULES}`, { body: SAVED });
    http.on(`PUT ${RULES}`, echo());
    const { user, onClose } = renderDialog();
    const dialog = await loadedDialog();
    expect(days(dialog)).toHaveAccessibleDescription(/填 0 则不查重/);
    await user.clear(days(dialog));
    await user.type(days(dialog), '0');
    await user.click(save(dialog));
    expect(await screen.findByText('保存成功！')).toBeInTheDocument();
    expect(puts().map((request) => request.body)).toEqual([{ ...SAVED_RULE, duplicateWindowDays: 0 }]);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal, else 保存失败, and keeps the dialog open with the values", async () => {
    http.on(`GET ${RULES}`, { body: SAVED });
    http.on(`PUT ${RULES}`, { status: 429, body: { code: '429', message: '操作过于频繁，请稍后再试' } });
    const { user, onClose } = renderDialog();
    const dialog = await loadedDialog();
    await user.clear(days(dialog));
    await user.type(days(dialog), '15');
    await user.click(within(dialog).getByRole('radio', { name: '同一项目' }));
    await user.click(save(dialog));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('操作过于频繁，请稍后再试');
    expect(puts()).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(days(dialog)).toHaveValue('15');
    expect(within(dialog).getByRole('radio', { name: '同一项目' })).toBeChecked();

    // An answer that says nothing readable: the dialog's own 保存失败.
    http.on(`PUT ${RULES}`, { body: { saved: true } });
    await user.click(save(dialog));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('保存失败'));
    expect(puts()).toHaveLength(2);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("puts the server's refusal of a field on that field", async () => {
    http.on(`GET ${RULES}`, { body: SAVED });
    http.on(`PUT ${RULES}`, { status: 400, body: { code: '400', message: DuplicateText.WindowInvalid } });
    const { user } = renderDialog();
    const dialog = await loadedDialog();
    await user.click(save(dialog));
    await waitFor(() => expect(days(dialog)).toHaveAttribute('aria-invalid', 'true'));
    expect(await within(dialog).findByText(DuplicateText.WindowInvalid)).toBeInTheDocument();
    // Not repeated above the form.
    expect(within(dialog).getAllByText(DuplicateText.WindowInvalid)).toHaveLength(1);
  });
});

// The phone hold-back (issue 24): 空号、风险号不分配、不推送, possible only with a phone checker.
describe('the phone hold-back switch', () => {
  const holdBack = (dialog: HTMLElement) => within(dialog).getByRole('switch', { name: PhoneCheckText.HoldLabel });

  it('is disabled and says why without a phone checker; saving leaves it out of the body (kept as it is)', async () => {
    http.on(`GET ${RULES}`, { body: { ...SAVED, phoneHoldBack: true } });
    http.on(`PUT ${RULES}`, echo({ phoneHoldBack: true, phoneChecker: false }));
    const { user, onClose } = renderDialog();
    const dialog = await loadedDialog();
    expect(holdBack(dialog)).toBeDisabled();
    expect(holdBack(dialog)).toBeChecked();
    expect(holdBack(dialog)).toHaveAccessibleDescription(new RegExp(PhoneCheckText.NoChecker));
    expect(within(dialog).getByText(PhoneCheckText.NoChecker)).toBeInTheDocument();

    await user.click(save(dialog));
    expect(await screen.findByText('保存成功！')).toBeInTheDocument();
    expect(puts().map((request) => request.body)).toEqual([SAVED_RULE]);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('with a checker, explains itself, and turning it on saves phoneHoldBack with the rule', async () => {
    http.on(`GET ${RULES}`, { body: { ...SAVED, phoneChecker: true } });
    // The checker went away since the dialog opened: the server's refusal is shown on the switch.
    http.on(`PUT ${RULES}`, { status: 400, body: { code: '400', message: PhoneCheckText.NoChecker } });
    const { user, onClose } = renderDialog();
    const dialog = await loadedDialog();
    expect(holdBack(dialog)).toBeEnabled();
    expect(holdBack(dialog)).not.toBeChecked();
    expect(holdBack(dialog)).toHaveAccessibleDescription(PhoneCheckText.HoldHelp);
    expect(within(dialog).queryByText(PhoneCheckText.NoChecker)).not.toBeInTheDocument();

    await user.click(holdBack(dialog));
    expect(holdBack(dialog)).toBeChecked();
    await user.click(save(dialog));
    await waitFor(() => expect(holdBack(dialog)).toHaveAccessibleDescription(new RegExp(PhoneCheckText.NoChecker)));
    expect(onClose).not.toHaveBeenCalled();

    http.on(`PUT ${RULES}`, echo({ phoneHoldBack: false, phoneChecker: true }));
    await user.click(save(dialog));
    expect(await screen.findByText('保存成功！')).toBeInTheDocument();
    expect(puts().map((request) => request.body)).toEqual([
      { ...SAVED_RULE, phoneHoldBack: true },
      { ...SAVED_RULE, phoneHoldBack: true },
    ]);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('重复规则 in a lead list', () => {
  it("opens the dialog from the list's search bar by keyboard, asks for the rule again, and Escape closes it", async () => {
    http.restore();
    http = installListHttp();
    http.on('GET /customer/feedback/resource', { body: [leadRow({ name: '张三' })], headers: paginationHeader(1) });
    http.on(`GET ${RULES}`, { body: SAVED });
    const user = setupUser();
    renderLeadsPart(<LeadListPage list={RESOURCE_LIST} />, '/resource');
    await screen.findByText('张三');
    const searchBar = screen.getByLabelText('电话').closest('form') as HTMLElement;
    const open = within(searchBar).getByRole('button', { name: '重复规则' });
    // The list asks for the rule itself (whether the server has a phone checker); opening asks
    // again and shows that answer, not the list's copy (another tab may have changed the rule).
    await waitFor(() => expect(http.requestsTo(RULES)).toHaveLength(1));
    http.on(`GET ${RULES}`, { body: { ...SAVED, duplicateWindowDays: 7 } });
    expect(open).toHaveAttribute('aria-haspopup', 'dialog');
    act(() => open.focus());
    await user.keyboard('{Enter}');
    const dialog = await findDialog('重复线索规则');
    expect(await within(dialog).findByLabelText('查重天数')).toHaveValue('7');
    expect(http.requestsTo(RULES)).toHaveLength(2);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(openDialogs('重复线索规则')).toEqual([]));
  });
});
