import type { FakeHttp } from '@portal/api-client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { button, codeOk, findElement, formFields, installScheduleHttp, lastRequest, refused, renderSchedule } from '../../test/renderSchedule';
import type { ScheduleTarget } from '../schedule/target';
import { AddStaffButton } from './AddStaffButton';

const STAFF_LIST = '/es/crmuser/list/11/2026-03-05';
const INSERT = '/es/dailyarrange/insertCrmUser';
const TARGET: ScheduleTarget = { crmCode: 'ec', itemId: 11, date: '2026-03-05', hasProjects: true };
const member = (id: number, userName: string, deptName: string, scheduled = false) => ({
  id,
  crmUserId: `u${id}`,
  userName,
  phone: `139000000${id}`,
  deptName,
  scheduled,
});
const STAFF = [member(31, '王五', '销售一部', true), member(32, '赵六', '销售一部'), member(33, '钱七', ''), member(34, '孙八', '销售二部')];

let http: FakeHttp;
beforeEach(() => {
  http = installScheduleHttp();
  http.on('GET /es/dailyarrange/itemList', codeOk([{ itemId: 11, itemTitle: '全国加盟项目', status: 1, scheduledDays: 3 }]));
  http.on(`GET ${STAFF_LIST}`, codeOk(STAFF));
  http.on(`POST ${INSERT}`, codeOk({ count: 4 }));
});
afterEach(() => http.restore());

/** The tree's nodes as shown: title, and whether its box is checked and disabled. */
const treeNodes = () =>
  [...document.querySelectorAll('.ant-modal [role="treeitem"]')].map((node) => {
    const box = node.querySelector('.ant-tree-checkbox');
    const marks = [box?.getAttribute('aria-checked') === 'true' && 'checked', box?.getAttribute('aria-disabled') === 'true' && 'disabled'];
    return [node.querySelector('.ant-tree-title')?.textContent, ...marks.filter(Boolean)].join(' ');
  });
const check = (name: string) => {
  const node = [...document.querySelectorAll('.ant-modal [role="treeitem"]')].find((element) =>
    element.querySelector('.ant-tree-title')?.textContent?.startsWith(name),
  );
  if (!node) throw new Error(`no node ${name}`);
  fireEvent.click(node.querySelector('.ant-tree-checkbox')!);
};

async function openAdd(target: ScheduleTarget = TARGET) {
  renderSchedule(<AddStaffButton target={target} />);
  fireEvent.click(button('添加人员'));
  const dialog = await findElement('.ant-modal');
  await within(dialog).findByText(/销售一部|暂无员工/);
  return dialog;
}

test('needs a chosen project first', async () => {
  renderSchedule(<AddStaffButton target={{ ...TARGET, itemId: null }} />);
  fireEvent.click(button('添加人员'));
  expect(await screen.findByText('请先选择项目')).toBeInTheDocument();
  expect(http.requestsTo(STAFF_LIST)).toHaveLength(0);
});

test('the staff grouped by department, the scheduled checked and disabled; the picks are sent form-encoded', async () => {
  const dialog = await openAdd();
  expect(within(dialog).getByText('全国加盟项目')).toBeInTheDocument();
  expect(lastRequest(http, STAFF_LIST).query).toEqual({ crmCode: 'ec' });
  expect(treeNodes()).toEqual([
    '销售一部（2）',
    '王五13900000031已排班 checked disabled',
    '赵六13900000032',
    '销售二部（1）',
    '孙八13900000034',
    '未分组（1）',
    '钱七13900000033',
  ]);

  fireEvent.click(button('确定', dialog));
  expect(await screen.findByText('请先选择排班人员')).toBeInTheDocument();

  check('赵六');
  check('销售二部');
  // The filter shows matching names only; picks of the others are kept.
  fireEvent.change(within(dialog).getByLabelText('输入姓名筛选'), { target: { value: '钱' } });
  await waitFor(() => expect(treeNodes()).toEqual(['未分组（1）', '钱七13900000033']));
  check('钱七');
  fireEvent.change(within(dialog).getByLabelText('输入姓名筛选'), { target: { value: '' } });
  await waitFor(() => expect(treeNodes()).toHaveLength(7));
  expect(within(dialog).getByText('已选择 3 人')).toBeInTheDocument();
  expect(treeNodes()).toEqual([
    '销售一部（2） checked',
    '王五13900000031已排班 checked disabled',
    '赵六13900000032 checked',
    '销售二部（1） checked',
    '孙八13900000034 checked',
    '未分组（1） checked',
    '钱七13900000033 checked',
  ]);

  http.on(`POST ${INSERT}`, refused('排班人员不存在', 404));
  fireEvent.click(button('确定', dialog));
  expect(await screen.findByText('排班人员不存在')).toBeInTheDocument();

  http.on(`POST ${INSERT}`, codeOk({ count: 4 }));
  fireEvent.click(button('确定', dialog));
  expect(await screen.findByText('保存成功！')).toBeInTheDocument();
  const fields = formFields(lastRequest(http, INSERT, 'POST'));
  expect({ ...fields, userIds: fields.userIds.split(',').sort() }).toEqual({
    crmCode: 'ec',
    itemId: '11',
    date: '2026-03-05',
    userIds: ['32', '33', '34'],
  });
  await waitFor(() => expect(document.querySelector('.ant-modal')).toBeNull());
});

test('everyone scheduled already: 没有可添加人员, nothing sent', async () => {
  http.on(`GET ${STAFF_LIST}`, codeOk([member(31, '王五', '销售一部', true)]));
  const dialog = await openAdd();
  expect(treeNodes()).toEqual(['销售一部（1） checked disabled', '王五13900000031已排班 checked disabled']);
  fireEvent.click(button('确定', dialog));
  expect(await screen.findByText('没有可添加人员')).toBeInTheDocument();
  expect(http.requestsTo(INSERT)).toHaveLength(0);
});

test('no staff synced yet: the tree says so', async () => {
  http.on(`GET ${STAFF_LIST}`, codeOk([]));
  const dialog = await openAdd();
  expect(within(dialog).getByText('暂无员工，请先同步CRM员工')).toBeInTheDocument();
  fireEvent.click(button('确定', dialog));
  expect(await screen.findByText('没有可添加人员')).toBeInTheDocument();
});
