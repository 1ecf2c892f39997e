import type { FakeHttp } from '@portal/api-client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { button, codeOk, findElement, installScheduleHttp, lastRequest, refused, renderSchedule } from '../../test/renderSchedule';
import { AcceptGroupsButton } from './AcceptGroupsButton';

const LIST = '/es/acceptgroup/listByWyCustomerId';
const SAVE = '/es/acceptgroup/saveList';
const GROUPS = [
  { id: 1, name: '销售一组' },
  { id: 2, name: '销售二组' },
];

let http: FakeHttp;
beforeEach(() => {
  http = installScheduleHttp();
  http.on(`GET ${LIST}`, codeOk(GROUPS));
  http.on(`POST ${SAVE}`, ({ body }) =>
    codeOk((body as Array<{ id?: number; name: string }>).map((group, index) => ({ id: group.id ?? 10 + index, name: group.name }))),
  );
});
afterEach(() => http.restore());

const input = (label: string, container: ParentNode) => {
  const found = container.querySelector<HTMLInputElement>(`[aria-label="${label}"]`);
  if (!found) throw new Error(`no control ${label}`);
  return found;
};
const openPopover = () => findElement('.ant-popover:not(.ant-popover-hidden)');

async function openGroups() {
  renderSchedule(<AcceptGroupsButton target={{ crmCode: 'ec', itemId: null, date: '2026-03-05', hasProjects: true }} />);
  fireEvent.click(button('接收组管理'));
  const dialog = await findElement('.ant-modal');
  await waitFor(() => expect(input('第1行 分组名称', dialog).value).toBe('销售一组'));
  return dialog;
}

test('rename, add and delete, checked as the server checks, then the whole list is saved', async () => {
  const dialog = await openGroups();
  expect(within(dialog).getByText('接收组管理')).toBeInTheDocument();
  expect(input('第2行 分组名称', dialog).value).toBe('销售二组');

  fireEvent.change(input('第1行 分组名称', dialog), { target: { value: '销售二组' } });
  fireEvent.click(button('添加分组', dialog));
  await waitFor(() => expect(dialog.querySelector('[aria-label="第3行 分组名称"]')).not.toBeNull());
  fireEvent.click(button('保存', dialog));
  expect(await within(dialog).findByText('分组名称不能重复')).toBeInTheDocument();
  expect(within(dialog).getByText('请输入分组名称')).toBeInTheDocument();
  expect(http.requestsTo(SAVE)).toHaveLength(0);

  fireEvent.change(input('第1行 分组名称', dialog), { target: { value: '华北组' } });
  fireEvent.change(input('第3行 分组名称', dialog), { target: { value: '新分组' } });
  fireEvent.click(input('第2行 删除', dialog));
  expect(await screen.findByText('确定要删除吗?')).toBeInTheDocument();
  fireEvent.click(button('确定', await openPopover()));
  await waitFor(() => expect(dialog.querySelector('[aria-label="第3行 分组名称"]')).toBeNull());
  expect(input('第2行 分组名称', dialog).value).toBe('新分组');

  fireEvent.click(button('保存', dialog));
  expect(await screen.findByText('保存成功！')).toBeInTheDocument();
  expect(lastRequest(http, SAVE, 'POST').body).toEqual([{ id: 1, name: '华北组' }, { name: '新分组' }]);
  await waitFor(() => expect(document.querySelector('.ant-modal')).toBeNull());
});

test('a cancelled delete keeps the group: 已取消删除', async () => {
  const dialog = await openGroups();
  fireEvent.click(input('第1行 删除', dialog));
  expect(await screen.findByText('保存后，排班中属于该分组的人员将不再属于任何分组，使用该分组的分配规则也会一并删除')).toBeInTheDocument();
  fireEvent.click(button('取消', await openPopover()));
  expect(await screen.findByText('已取消删除')).toBeInTheDocument();
  expect(input('第1行 分组名称', dialog).value).toBe('销售一组');
});

test("a refused save shows the server's reason and keeps the dialog", async () => {
  http.on(`POST ${SAVE}`, refused('接收组不存在', 404));
  const dialog = await openGroups();
  fireEvent.click(button('保存', dialog));
  expect(await screen.findByText('接收组不存在')).toBeInTheDocument();
  expect(lastRequest(http, SAVE, 'POST').body).toEqual(GROUPS);
  expect(document.querySelector('.ant-modal')).not.toBeNull();
});
