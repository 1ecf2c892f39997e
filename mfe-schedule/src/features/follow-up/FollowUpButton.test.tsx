import type { FakeHttp, FakeReply } from '@portal/api-client/testing';
import { FollowUpText, type FollowUpRule, type FollowUpRuleSave } from '@portal/contracts/schedule';
import { screen, waitFor, within } from '@testing-library/react';
import { buttonName, codeOk, findPopconfirm, installScheduleHttp, renderSchedule, setupUser } from '../../test/renderSchedule';
import { ITEMS } from '../schedule/testing';
import { FollowUpButton } from './FollowUpButton';

// 跟进时限 (issue 24): GET, PUT and DELETE /customer/follow-up-rules, each answering the whole list.
const RULES = '/customer/follow-up-rules';
const ALL: FollowUpRule = { itemId: 0, itemTitle: '全部项目', deadlineMinutes: 120, workingHoursOnly: true, recycle: false, recycleLimit: 0 };
const JOIN: FollowUpRule = { itemId: 11, itemTitle: '全国加盟项目', deadlineMinutes: 30, workingHoursOnly: false, recycle: true, recycleLimit: 2 };

let http: FakeHttp;
/** The server's rules: PUT and DELETE change them, GET reads them back (by itemId, as the server orders them). */
let rules: FollowUpRule[];
function installFollowUpServer(initial: FollowUpRule[]) {
  rules = [...initial];
  http = installScheduleHttp();
  http.on('GET /es/dailyarrange/itemList', codeOk(ITEMS));
  http.on(`GET ${RULES}`, () => ({ body: rules }));
  http.on(`PUT ${RULES}`, ({ body }) => {
    const rule = body as FollowUpRuleSave;
    const itemTitle = rule.itemId === 0 ? '全部项目' : (ITEMS.find((item) => item.itemId === rule.itemId)?.itemTitle ?? '');
    rules = [...rules.filter((other) => other.itemId !== rule.itemId), { ...rule, itemTitle }].sort((a, b) => a.itemId - b.itemId);
    return { body: rules };
  });
  for (const itemId of [0, 11, 14]) {
    http.on(`DELETE ${RULES}/${itemId}`, () => {
      rules = rules.filter((rule) => rule.itemId !== itemId);
      return { body: rules };
    });
  }
}
afterEach(() => http.restore());

/** Opens 跟进时限 from its button: the dialog. */
async function openRules() {
  const user = setupUser();
  renderSchedule(<FollowUpButton target={{ crmCode: 'ec', itemId: 11, date: '2026-03-05', hasProjects: true }} />);
  await user.click(screen.getByRole('button', { name: FollowUpText.Title }));
  const dialog = await screen.findByRole('dialog');
  return { user, dialog };
}

/** The rules' rows as their cells' text (the header row has no cells). */
const rows = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('table'))
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent),
    )
    .filter((cells) => cells.length > 0);

/** The form dialog, over the list's (in tests every dialog is labelled by the same id: the last one is on top). */
async function formDialog() {
  await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(2));
  return screen.getAllByRole('dialog')[1];
}

const deadline = (form: HTMLElement) => within(form).getByRole('spinbutton', { name: FollowUpText.Deadline });
const save = (form: HTMLElement) => within(form).getByRole('button', { name: buttonName(FollowUpText.Save) });
const puts = () => http.requestsTo(RULES, 'PUT').map((request) => request.body);

test('lists the rules after 加载中: 全部项目 for itemId 0, yes or no, the limit only when recycling', async () => {
  installFollowUpServer([ALL, JOIN]);
  let answer: (reply: FakeReply) => void = () => undefined;
  http.on(`GET ${RULES}`, () => new Promise<FakeReply>((resolve) => (answer = resolve)));
  const { dialog } = await openRules();
  expect(within(dialog).getByRole('status')).toHaveTextContent('加载中...');

  answer({ body: [{ ...ALL, itemTitle: '' }, JOIN] });
  await within(dialog).findByRole('table');
  expect(
    within(dialog)
      .getAllByRole('columnheader')
      .map((header) => header.textContent),
  ).toEqual(['项目', '跟进时限（分钟）', '只计工作时间', '超时回收', '最多回收次数', '操作']);
  expect(rows(dialog)).toEqual([
    ['全部项目', '120', '是', '否', '—', '编辑删除'],
    ['全国加盟项目', '30', '否', '是', '2', '编辑删除'],
  ]);
  expect(within(dialog).getByRole('button', { name: '全部项目 编辑' })).toBeEnabled();
  expect(within(dialog).getByRole('button', { name: '全国加盟项目 删除' })).toBeEnabled();
});

test('新增跟进时限 offers 全部项目 and the projects without a rule, sends the rule and the list shows it', async () => {
  installFollowUpServer([JOIN]);
  const { user, dialog } = await openRules();
  await within(dialog).findByRole('table');
  await user.click(within(dialog).getByRole('button', { name: FollowUpText.Add }));
  const form = await formDialog();

  // 全部项目 is chosen first; 全国加盟项目 has a rule already; a project not on air cannot be chosen.
  await user.click(within(form).getByRole('combobox', { name: FollowUpText.Project }));
  expect(await screen.findByTitle('华东推广项目')).toHaveAttribute('aria-disabled', 'false');
  expect(screen.getByTitle('下架项目（已下架）')).toHaveAttribute('aria-disabled', 'true');
  expect(screen.queryByTitle('全国加盟项目')).not.toBeInTheDocument();
  await user.click(screen.getByTitle('华东推广项目'));

  const limit = within(form).getByRole('spinbutton', { name: FollowUpText.RecycleLimit });
  expect(limit).toBeDisabled();
  await user.type(deadline(form), '45');
  await user.click(within(form).getByRole('switch', { name: FollowUpText.WorkingHoursOnly }));
  await user.click(within(form).getByRole('switch', { name: FollowUpText.Recycle }));
  await waitFor(() => expect(limit).toBeEnabled());
  await user.clear(limit);
  await user.type(limit, '3');
  await user.click(save(form));

  expect(await screen.findByText(FollowUpText.Saved)).toBeInTheDocument();
  expect(puts()).toEqual([{ itemId: 14, deadlineMinutes: 45, workingHoursOnly: true, recycle: true, recycleLimit: 3 }]);
  await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(1));
  await waitFor(() =>
    expect(rows(dialog)).toEqual([
      ['全国加盟项目', '30', '否', '是', '2', '编辑删除'],
      ['华东推广项目', '45', '是', '是', '3', '编辑删除'],
    ]),
  );
});

test("an out-of-range deadline shows the contracts' message and sends nothing; a refusal shows the server's and keeps what was typed", async () => {
  installFollowUpServer([JOIN]);
  const { user, dialog } = await openRules();
  await within(dialog).findByRole('table');
  await user.click(within(dialog).getByRole('button', { name: FollowUpText.Add }));
  const form = await formDialog();

  await user.type(deadline(form), '10081');
  await user.click(save(form));
  expect(await within(form).findByText(FollowUpText.DeadlineInvalid)).toBeInTheDocument();
  expect(deadline(form)).toHaveAttribute('aria-invalid', 'true');
  expect(puts()).toEqual([]);

  http.on(`PUT ${RULES}`, { status: 500, body: { code: '500', message: '服务器开小差了，请稍后再试' } });
  await user.clear(deadline(form));
  await user.type(deadline(form), '10080');
  await user.click(save(form));
  expect(await within(form).findByRole('alert')).toHaveTextContent('服务器开小差了，请稍后再试');
  expect(puts()).toEqual([{ itemId: 0, deadlineMinutes: 10080, workingHoursOnly: false, recycle: false, recycleLimit: 0 }]);
  expect(deadline(form)).toHaveValue('10080');
  expect(screen.getAllByRole('dialog')).toHaveLength(2);
});

test('编辑 keeps the project; a rule that stops recycling is sent with no limit', async () => {
  installFollowUpServer([ALL, JOIN]);
  const { user, dialog } = await openRules();
  await user.click(await within(dialog).findByRole('button', { name: '全国加盟项目 编辑' }));
  const form = await formDialog();
  expect(within(form).getByRole('combobox', { name: FollowUpText.Project })).toBeDisabled();
  expect(within(form).getByTitle('全国加盟项目')).toBeInTheDocument();
  expect(deadline(form)).toHaveValue('30');

  await user.click(within(form).getByRole('switch', { name: FollowUpText.Recycle }));
  await waitFor(() => expect(within(form).getByRole('spinbutton', { name: FollowUpText.RecycleLimit })).toBeDisabled());
  await user.click(save(form));
  expect(await screen.findByText(FollowUpText.Saved)).toBeInTheDocument();
  expect(puts()).toEqual([{ itemId: 11, deadlineMinutes: 30, workingHoursOnly: false, recycle: false, recycleLimit: 0 }]);
});

test('删除 asks first, then sends DELETE with the itemId (0: 全部项目) and the row goes', async () => {
  installFollowUpServer([ALL, JOIN]);
  const { user, dialog } = await openRules();
  await user.click(await within(dialog).findByRole('button', { name: '全部项目 删除' }));
  const confirm = await findPopconfirm('确定要删除吗?');
  await user.click(within(confirm).getByRole('button', { name: buttonName('确定') }));

  expect(await screen.findByText(FollowUpText.Removed)).toBeInTheDocument();
  expect(http.requestsTo(`${RULES}/0`, 'DELETE')).toHaveLength(1);
  await waitFor(() => expect(rows(dialog)).toEqual([['全国加盟项目', '30', '否', '是', '2', '编辑删除']]));
});

test('a failed load says why and 重试 asks again; no rules shows the empty word', async () => {
  installFollowUpServer([]);
  http.on(`GET ${RULES}`, { status: 500, body: { code: '500', message: '服务器开小差了，请稍后再试' } });
  const { user, dialog } = await openRules();
  expect(await within(dialog).findByText('服务器开小差了，请稍后再试')).toBeInTheDocument();

  http.on(`GET ${RULES}`, { body: [] });
  await user.click(within(dialog).getByRole('button', { name: buttonName('重试') }));
  expect(await within(dialog).findByText(FollowUpText.Empty)).toBeInTheDocument();
  expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: FollowUpText.Add })).toBeEnabled();
});
