import type { FakeHttp } from '@portal/api-client/testing';
import { DEFAULT_LEAD_RULES, PHONE_RECHECK_MAX, PhoneCheckText, type Lead } from '@portal/contracts/leads';
import { Button } from 'antd';
import { act, screen, waitFor, within } from '@testing-library/react';
import { leadRow, paginationHeader } from '../../test/leadRows';
import { installListHttp, renderLeadsPart, rowElements, setupUser } from '../../test/renderLeads';
import { RESOURCE_LIST } from '../resource/resourceList';
import { LeadListPage } from './LeadListPage';
import { phoneTypeColor } from './PhoneTypeCell';
import { useLeadActions } from './useLeadActions';

// Phone-number classes (issue 24): 号码类型 shows the checker's class, 检测中 / 已拦截 when the
// number holds the lead back, and 重新检测号码 asks for the checks again.
const RESOURCE = '/customer/feedback/resource';
const RECHECK = '/customer/leads/phone-check';

let http: FakeHttp;
beforeEach(() => {
  http = installListHttp();
});
afterEach(() => http.restore());

const renderResource = () => renderLeadsPart(<LeadListPage list={RESOURCE_LIST} />, '/resource');
const listAnswers = (rows: Lead[]) => http.on(`GET ${RESOURCE}`, { body: rows, headers: paginationHeader(rows.length) });
const withChecker = () => http.on('GET /customer/lead-rules', { body: { ...DEFAULT_LEAD_RULES, phoneChecker: true } });

const rowOf = (name: string) => {
  const row = rowElements().find((tr) => within(tr).queryByText(name));
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

describe('号码类型', () => {
  it("shows the checker's class once checked, else 正常 / 疑似问题, with 检测中 or 已拦截 and their reasons", async () => {
    listAnswers([
      leadRow({ id: 1, name: '空', phoneClass: 'empty', mobileStatus: 0 }),
      leadRow({ id: 2, name: '实', phoneClass: 'real' }),
      leadRow({ id: 3, name: '停', phoneClass: 'suspended', mobileStatus: 0 }),
      leadRow({ id: 4, name: '沉', phoneClass: 'silent', mobileStatus: 0 }),
      leadRow({ id: 5, name: '险', phoneClass: 'risky', mobileStatus: 0, phoneHeld: 'held' }),
      leadRow({ id: 6, name: '等', mobileStatus: 1, phoneHeld: 'waiting' }),
      leadRow({ id: 7, name: '疑', mobileStatus: 0 }),
    ]);
    const user = setupUser();
    renderResource();
    await screen.findByText('疑');

    /** A row's 号码类型 cell. */
    const cell = (name: string) =>
      within(rowOf(name))
        .getByText(/^(空号|实号|停机|沉默号|风险号|正常|疑似问题)$/)
        .closest('td');
    expect(cell('空')).toHaveTextContent(/^空号$/);
    expect(cell('实')).toHaveTextContent(/^实号$/);
    expect(cell('停')).toHaveTextContent(/^停机$/);
    expect(cell('沉')).toHaveTextContent(/^沉默号$/);
    expect(cell('险')).toHaveTextContent(/^风险号已拦截$/);
    expect(cell('等')).toHaveTextContent(/^正常检测中$/);
    expect(cell('疑')).toHaveTextContent(/^疑似问题$/);

    // The marks' full reasons: on hover, and on focus for the keyboard.
    await user.hover(within(rowOf('等')).getByText('检测中'));
    expect(await screen.findByText(PhoneCheckText.Waiting)).toBeInTheDocument();
    act(() => within(rowOf('险')).getByText('已拦截').focus());
    expect(await screen.findByText(PhoneCheckText.heldReason('风险号'))).toBeInTheDocument();
  });

  it('colours 实号 and 正常 green, 空号 and 风险号 red, the doubtful ones orange', () => {
    const color = (lead: Partial<Lead>) => phoneTypeColor({ phoneClass: null, phoneHeld: null, mobileStatus: 1, ...lead });
    expect([color({ phoneClass: 'real' }), color({})]).toEqual(['green', 'green']);
    expect([color({ phoneClass: 'empty' }), color({ phoneClass: 'risky' })]).toEqual(['red', 'red']);
    expect([color({ phoneClass: 'suspended' }), color({ phoneClass: 'silent' }), color({ mobileStatus: 0 })]).toEqual(['orange', 'orange', 'orange']);
  });
});

describe('重新检测号码', () => {
  // By its text, then its button: role queries over the whole wide table are slow in jsdom.
  const recheck = () => screen.getByText(PhoneCheckText.Recheck).closest('button') as HTMLElement;

  it("sends the selected ids, says how many were queued and clears the choice; a refusal shows the server's reason", async () => {
    withChecker();
    listAnswers([leadRow({ id: 1, name: '甲' }), leadRow({ id: 2, name: '乙' }), leadRow({ id: 3, name: '丙' })]);
    http.on(`POST ${RECHECK}`, { status: 404, body: { code: '404', message: PhoneCheckText.RecheckNotFound } });
    const user = setupUser();
    renderResource();
    await screen.findByText('丙');
    expect(await screen.findByText(PhoneCheckText.Recheck)).toBeInTheDocument();
    // Nothing chosen: nothing to check.
    expect(recheck()).toBeDisabled();

    await user.click(within(rowOf('甲')).getByRole('checkbox'));
    await user.click(within(rowOf('丙')).getByRole('checkbox'));
    await user.click(recheck());
    expect(await screen.findByText(PhoneCheckText.RecheckNotFound)).toBeInTheDocument();
    expect(screen.getByText('已选 2 条')).toBeInTheDocument();

    http.on(`POST ${RECHECK}`, { body: { queued: 2 } });
    await user.click(recheck());
    expect(await screen.findByText(PhoneCheckText.recheckQueued(2))).toBeInTheDocument();
    expect(http.requestsTo(RECHECK, 'POST').map((request) => request.body)).toEqual([{ ids: [1, 3] }, { ids: [1, 3] }]);
    await waitFor(() => expect(screen.queryByText('已选 2 条')).not.toBeInTheDocument());
  });

  it('is not offered when the server has no phone checker', async () => {
    listAnswers([leadRow({ id: 1, name: '甲' })]);
    renderResource();
    await screen.findByText('甲');
    await waitFor(() => expect(http.requestsTo('/customer/lead-rules')).toHaveLength(1));
    await act(async () => undefined);
    expect(screen.getByText('批量分配')).toBeInTheDocument();
    expect(screen.queryByText(PhoneCheckText.Recheck)).not.toBeInTheDocument();
  });

  // The lists' choice stops at LEAD_BATCH_MAX (500, the same bound): the action refuses more itself.
  it(`refuses more than ${PHONE_RECHECK_MAX} leads with the contracts' message, without a request`, async () => {
    const many = Array.from({ length: PHONE_RECHECK_MAX + 1 }, (_, index) => leadRow({ id: index + 1 }));
    function Recheck() {
      const actions = useLeadActions();
      return <Button onClick={() => void actions.batchRecheckPhones(many)}>{PhoneCheckText.Recheck}</Button>;
    }
    renderLeadsPart(<Recheck />, '/resource');
    await setupUser().click(screen.getByRole('button', { name: PhoneCheckText.Recheck }));
    expect(await screen.findByText(PhoneCheckText.RecheckTooMany)).toBeInTheDocument();
    expect(http.requestsTo(RECHECK)).toEqual([]);
  });
});
