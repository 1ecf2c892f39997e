import type { FakeHttp } from '@portal/api-client/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  bodies,
  button,
  byLabel,
  choose,
  code,
  findElement,
  installMappingHttp,
  openOptions,
  openSelect,
  renderTab,
  SERVER_ERROR,
} from '../field-mapping/testing';
import { buttonName } from '../../test/renderCrm';
import { LabelMappingTab } from './LabelMappingTab';

const LM = '/es/crmlabelmapping';
const CLASSES = [
  { classId: 'c1', className: '高意向' },
  { classId: 'c2', className: '加盟咨询' },
];
const labels = (over: Record<string, unknown> = {}) => ({ updatedAt: '2026-11-23 10:00:00', classes: CLASSES, rows: [], ...over });
const SAVED = { classId: 'c1', className: '高意向', itemId: 11, channelId: 21, resType: 1 };

let http: FakeHttp;
beforeEach(() => {
  http = installMappingHttp();
  http.on(`GET ${LM}/getByUser`, code(labels({ rows: [SAVED] })));
  http.on(`POST ${LM}/post`, ({ body }) => code(labels({ rows: (body as { list: unknown[] }).list }), '保存成功！'));
});
afterEach(() => http.restore());

const rowCount = () => document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length;
const shownValue = (label: string) => byLabel(label).closest('.ant-select')?.querySelector('.ant-select-content')?.textContent;

test('shows the saved rows: class, project, channel and resType', async () => {
  renderTab(<LabelMappingTab crmCode="lixiao" />);
  await waitFor(() => expect(rowCount()).toBe(1));
  expect(http.requestsTo(`${LM}/getByUser`)[0].query).toEqual({ crmCode: 'lixiao' });
  await waitFor(() => expect(shownValue('第1行 项目')).toBe('全国加盟项目'));
  expect(shownValue('第1行 标签分类')).toBe('高意向');
  await waitFor(() => expect(shownValue('第1行 渠道')).toBe('百度竞价'));
  expect(shownValue('第1行 资源类型')).toBe('表单');
});

test('添加 adds a row that needs a class and a project; 保存 sends every row', async () => {
  renderTab(<LabelMappingTab crmCode="lixiao" />);
  await waitFor(() => expect(rowCount()).toBe(1));
  fireEvent.click(button('添加'));
  await waitFor(() => expect(rowCount()).toBe(2));
  expect(shownValue('第2行 资源类型')).toBe('不限');

  fireEvent.click(button('保存'));
  expect(await screen.findByText('请选择标签分类', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
  expect(screen.getByText('请选择项目', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
  expect(http.requestsTo(`${LM}/post`)).toHaveLength(0);

  await choose(byLabel('第2行 标签分类'), '加盟咨询');
  await choose(byLabel('第2行 项目'), '华东推广项目');
  await choose(byLabel('第2行 资源类型'), '智能聊天');
  fireEvent.click(button('保存'));
  expect(await screen.findByText('保存成功！')).toBeInTheDocument();
  expect(bodies(http, `${LM}/post`)).toEqual([
    {
      crmCode: 'lixiao',
      list: [SAVED, { classId: 'c2', className: '加盟咨询', itemId: 14, channelId: null, resType: 2 }],
    },
  ]);
});

test('a row added and not saved: leaving asks (取消 keeps it); after 保存 leaving asks no more', async () => {
  renderTab(<LabelMappingTab crmCode="lixiao" />);
  await waitFor(() => expect(rowCount()).toBe(1));
  fireEvent.click(button('添加'));
  expect(await screen.findByText('有未保存的修改')).toBeInTheDocument();

  act(() => window.history.pushState(null, '', '/lixiao/data-dispose'));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('有未保存的修改');
  fireEvent.click(within(dialog).getByRole('button', { name: buttonName('取消') }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(window.location.pathname).toBe('/ec-setting');
  expect(rowCount()).toBe(2);

  await choose(byLabel('第2行 标签分类'), '加盟咨询');
  await choose(byLabel('第2行 项目'), '华东推广项目');
  fireEvent.click(button('保存'));
  expect(await screen.findByText('保存成功！')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText('有未保存的修改')).toBeNull());
  act(() => window.history.pushState(null, '', '/lixiao/data-dispose'));
  expect(window.location.pathname).toBe('/lixiao/data-dispose');
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('inactive projects cannot be chosen; the channel can be cleared back to any', async () => {
  renderTab(<LabelMappingTab crmCode="huoban" />);
  await waitFor(() => expect(shownValue('第1行 渠道')).toBe('百度竞价'));
  openSelect(byLabel('第1行 项目'));
  await waitFor(() => expect(openOptions()).toContainEqual({ text: '下架项目（已下架）', disabled: true }));
  fireEvent.mouseDown(byLabel('第1行 渠道').closest('.ant-select')!.querySelector('.ant-select-clear')!);
  fireEvent.click(byLabel('第1行 渠道').closest('.ant-select')!.querySelector('.ant-select-clear')!);
  fireEvent.click(button('保存'));
  await screen.findByText('保存成功！');
  expect(bodies(http, `${LM}/post`)).toEqual([{ crmCode: 'huoban', list: [{ ...SAVED, channelId: null }] }]);
});

test('删除 asks first; 取消 keeps the row, 确定 removes it, and saving an empty list clears the mapping', async () => {
  renderTab(<LabelMappingTab crmCode="lixiao" />);
  await waitFor(() => expect(rowCount()).toBe(1));
  fireEvent.click(byLabel('第1行 删除'));
  expect(await screen.findByText('确定要删除吗?')).toBeInTheDocument();
  fireEvent.click(button('取消', await findElement('.ant-popover:not(.ant-popover-hidden)')));
  expect(await screen.findByText('已取消删除')).toBeInTheDocument();
  expect(rowCount()).toBe(1);

  fireEvent.click(byLabel('第1行 删除'));
  await waitFor(() => expect(document.querySelectorAll('.ant-popover:not(.ant-popover-hidden)')).toHaveLength(1));
  fireEvent.click(button('确定', document.querySelector('.ant-popover:not(.ant-popover-hidden)') as HTMLElement));
  await waitFor(() => expect(rowCount()).toBe(0));
  fireEvent.click(button('保存'));
  await screen.findByText('保存成功！');
  expect(bodies(http, `${LM}/post`)).toEqual([{ crmCode: 'lixiao', list: [] }]);
});

test('before any update it asks for 更新数据, which brings the classes to choose from', async () => {
  http.on(`GET ${LM}/getByUser`, code(labels({ updatedAt: null, classes: [] })));
  http.on(`GET ${LM}/updateCrmLabelInfo`, () => {
    http.on(`GET ${LM}/getByUser`, code(labels()));
    return code(labels());
  });
  renderTab(<LabelMappingTab crmCode="ec" />);
  expect(await screen.findByText('还没有CRM的标签分类，请先点击“更新数据”从CRM获取标签')).toBeInTheDocument();
  fireEvent.click(button('更新数据'));
  expect(await screen.findByText('更新成功')).toBeInTheDocument();
  expect(http.requestsTo(`${LM}/updateCrmLabelInfo`)[0].query).toEqual({ crmCode: 'ec' });
  fireEvent.click(button('添加'));
  await waitFor(() => expect(rowCount()).toBe(1));
  openSelect(byLabel('第1行 标签分类'));
  await waitFor(() => expect(openOptions().map((option) => option.text)).toEqual(['高意向', '加盟咨询']));
});

test('a failed read says so with 重试; a refused save shows the server text, else 保存失败', async () => {
  http.on(`GET ${LM}/getByUser`, SERVER_ERROR);
  renderTab(<LabelMappingTab crmCode="lixiao" />);
  expect(await screen.findByText('服务器开小差了，请稍后再试')).toBeInTheDocument();
  http.on(`GET ${LM}/getByUser`, code(labels({ rows: [SAVED] })));
  fireEvent.click(button('重试'));
  await waitFor(() => expect(rowCount()).toBe(1));

  http.on(`POST ${LM}/post`, { status: 400, body: { code: '400', message: '项目不存在' } });
  fireEvent.click(button('保存'));
  expect(await screen.findByText('项目不存在')).toBeInTheDocument();
  http.on(`POST ${LM}/post`, { status: 500, body: { code: '500', message: '操作失败' } });
  fireEvent.click(button('保存'));
  expect(await screen.findByText('保存失败')).toBeInTheDocument();
});

test("xbb's labels are configured like the others': its mapping is asked for xbb", async () => {
  renderTab(<LabelMappingTab crmCode="xbb" />);
  await waitFor(() => expect(http.requestsTo(`${LM}/getByUser`)).toHaveLength(1));
  expect(http.requestsTo(`${LM}/getByUser`)[0].query).toMatchObject({ crmCode: 'xbb' });
});
