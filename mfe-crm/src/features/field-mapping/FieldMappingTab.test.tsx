import type { FakeHttp, FakeReply } from '@portal/api-client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FieldMappingTab } from './FieldMappingTab';
import {
  bodies,
  button,
  byLabel,
  choose,
  code,
  findDialog,
  findElement,
  findPopconfirm,
  installMappingHttp,
  openDialogs,
  openOptions,
  openSelect,
  renderTab,
  SERVER_ERROR,
  STATIC_FIELDS_PATH,
} from './testing';

const FM = '/es/fieldmapping';
const text = (fieldCode: string, name: string, required = false) => ({ code: fieldCode, name, type: 'text', required, options: [], children: [] });
const FIELDS = [
  text('customer_name', '客户名称', true),
  { ...text('mobile', '手机'), type: 'phone', required: true },
  {
    ...text('intent', '意向项目'),
    type: 'option',
    options: [
      { value: 'o1', text: '餐饮' },
      { value: 'o2', text: '教育' },
    ],
  },
  { ...text('address', '地址'), children: [text('addr_province', '省份'), text('addr_detail', '详细地址')] },
];
const mapping = (over: Record<string, unknown> = {}) => ({
  crmCode: 'lixiao',
  resType: 1,
  updatedAt: '2026-11-23 10:00:00',
  crmFields: FIELDS,
  rows: [],
  ...over,
});
const NEVER_UPDATED = mapping({ updatedAt: null, crmFields: [] });
const savedRow = (crmFCode: string, crmFName: string, over: Record<string, unknown> = {}) => ({
  crmFCode,
  crmFName,
  wyFCode: null,
  itemId: null,
  channelId: null,
  wyDefaultValue: null,
  wyDefaultBooleanValue: null,
  wyUseDefault: false,
  children: [],
  ...over,
});

let http: FakeHttp;
beforeEach(() => {
  http = installMappingHttp();
  http.on(`GET ${FM}/getByUser`, code(mapping()));
  http.on(`POST ${FM}/post`, ({ body }) => code(mapping({ rows: (body as { list: unknown[] }).list }), '保存成功！'));
});
afterEach(() => http.restore());

const header = (name: string): HTMLElement =>
  screen.getByText(name, { selector: '.ant-collapse-header span' }).closest('.ant-collapse-header') as HTMLElement;
const openPanel = (name: string) => fireEvent.click(header(name));
const panelNames = () =>
  [...document.querySelectorAll('.ant-collapse-header')].map((element) => element.querySelector('.ant-collapse-title span')?.textContent);
const savedList = () => (bodies(http, `${FM}/post`).at(-1) as { list: Array<Record<string, unknown>> }).list;

test('before any update it asks for 更新数据, which pulls the CRM fields (required ones marked) and says 更新成功', async () => {
  http.on(`GET ${FM}/getByUser`, code(NEVER_UPDATED));
  http.on(`GET ${FM}/updateFieldMappingAndSource`, () => {
    http.on(`GET ${FM}/getByUser`, code(mapping()));
    return code(mapping());
  });
  renderTab(<FieldMappingTab crmCode="lixiao" />);
  expect(await screen.findByText('还没有CRM的字段，请先点击“更新数据”从CRM获取字段')).toBeInTheDocument();

  fireEvent.click(button('更新数据'));
  expect(await screen.findByText('更新成功')).toBeInTheDocument();
  await waitFor(() => expect(panelNames()).toEqual(['*客户名称', '*手机', '意向项目', '地址']));
  expect(http.requestsTo(`${FM}/updateFieldMappingAndSource`)[0].query).toEqual({ crmCode: 'lixiao', resType: '1' });
  expect(within(header('客户名称')).getByLabelText('必填')).toBeInTheDocument();
  expect(within(header('意向项目')).queryByLabelText('必填')).toBeNull();
  expect(within(header('意向项目')).getByText('未映射')).toBeInTheDocument();
});

test('a failed update shows the server text and keeps the list', async () => {
  http.on(`GET ${FM}/updateFieldMappingAndSource`, { status: 502, body: { code: '502', message: 'CRM服务暂时不可用，请稍后再试' } });
  renderTab(<FieldMappingTab crmCode="lixiao" />);
  await screen.findByText('意向项目');
  fireEvent.click(button('更新数据'));
  expect(await screen.findByText('CRM服务暂时不可用，请稍后再试')).toBeInTheDocument();
  expect(panelNames()).toHaveLength(4);
});

test('update data keeps the edits, adds the new fields and drops the ones the CRM no longer has', async () => {
  http.on(`GET ${FM}/updateFieldMappingAndSource`, code(mapping({ crmFields: [FIELDS[0], FIELDS[2], text('wechat', '微信')] })));
  renderTab(<FieldMappingTab crmCode="lixiao" />);
  await screen.findByText('客户名称');
  openPanel('客户名称');
  await choose(byLabel('客户名称 产品字段'), '姓名');
  fireEvent.click(button('更新数据'));
  await screen.findByText('更新成功');
  await waitFor(() => expect(panelNames()).toEqual(['*客户名称', '意向项目', '微信']));
  expect(within(header('客户名称')).getByText('映射到：姓名')).toBeInTheDocument();
});

test('项目 (itemTitle) asks for a project, inactive ones disabled, and saves its id', async () => {
  renderTab(<FieldMappingTab crmCode="lixiao" />);
  await screen.findByText('意向项目');
  openPanel('意向项目');
  await choose(byLabel('意向项目 产品字段'), '项目');
  const picker = await findElement('[aria-label="意向项目 项目"]');
  openSelect(picker);
  await waitFor(() =>
    expect(openOptions()).toEqual([
      { text: '全国加盟项目', disabled: false },
      { text: '华东推广项目', disabled: false },
      { text: '下架项目（已下架）', disabled: true },
    ]),
  );

  fireEvent.click(button('保存'));
  expect(await screen.findByText('请选择项目', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
  expect(http.requestsTo(`${FM}/post`)).toHaveLength(0);

  await choose(picker, '华东推广项目');
  expect(within(header('意向项目')).getByText('映射到：项目（华东推广项目）')).toBeInTheDocument();
  fireEvent.click(button('保存'));
  expect(await screen.findByText('保存成功！')).toBeInTheDocument();
  expect(savedList()[2]).toMatchObject({ crmFCode: 'intent', wyFCode: 'itemTitle', itemId: 14, wyUseDefault: false, wyDefaultValue: null });
});

test('找不到选项 needs a default value: for an option field one of the CRM options', async () => {
  renderTab(<FieldMappingTab crmCode="lixiao" />);
  await screen.findByText('意向项目');
  openPanel('意向项目');
  await choose(byLabel('意向项目 产品字段'), '找不到选项');
  const useDefault = byLabel<HTMLInputElement>('意向项目 使用默认值');
  expect(useDefault).toBeChecked();
  expect(useDefault).toBeDisabled();
  expect(screen.getByText('找不到对应的产品字段：推送时发送默认值')).toBeInTheDocument();

  fireEvent.click(button('保存'));
  expect(await screen.findByText('请输入默认值')).toBeInTheDocument();
  expect(http.requestsTo(`${FM}/post`)).toHaveLength(0);

  const input = document.querySelector('.ant-collapse-panel-active .ant-form-item-has-error input') as HTMLElement;
  openSelect(input);
  await waitFor(() => expect(openOptions().map((option) => option.text)).toEqual(['餐饮', '教育']));
  await choose(input, '教育');
  await waitFor(() => expect(screen.queryByText('请输入默认值')).toBeNull());
  fireEvent.click(button('保存'));
  await screen.findByText('保存成功！');
  expect(savedList()[2]).toMatchObject({ crmFCode: 'intent', wyFCode: 'noSelect', wyUseDefault: true, wyDefaultValue: 'o2', itemId: null });
});

test('saves the whole list as JSON: product fields, defaults and child fields', async () => {
  http.on(
    `GET ${FM}/getByUser`,
    code(
      mapping({
        rows: [
          savedRow('customer_name', '客户名称', { wyFCode: 'name' }),
          savedRow('mobile', '手机', { wyFCode: 'mobile', channelId: 21 }),
          savedRow('address', '地址', {
            children: [{ crmFCode: 'addr_province', crmFName: '省份', wyFChildCode: 'province', wyDefaultValue: null, wyUseDefault: false }],
          }),
        ],
      }),
    ),
  );
  renderTab(<FieldMappingTab crmCode="lixiao" />);
  await screen.findByText('客户名称');
  // Saved rows are the list: 意向项目 was not among them.
  expect(panelNames()).toEqual(['*客户名称', '*手机', '地址']);

  openPanel('地址');
  // The CRM's other child, not saved yet, is offered too.
  fireEvent.click(byLabel('地址 详细地址 使用默认值'));
  fireEvent.change(await findElement('.ant-collapse-panel-active input[placeholder="请输入默认值"]'), { target: { value: ' 北京市海淀区 ' } });
  fireEvent.click(byLabel('地址 使用默认值'));
  fireEvent.change(document.querySelectorAll('.ant-collapse-panel-active input[placeholder="请输入默认值"]')[0], { target: { value: '未知' } });

  fireEvent.click(button('保存'));
  expect(await screen.findByText('保存成功！')).toBeInTheDocument();
  const empty = { itemId: null, channelId: null, wyDefaultValue: null, wyDefaultBooleanValue: null, wyUseDefault: false, children: [] };
  expect(bodies(http, `${FM}/post`)).toEqual([
    {
      crmCode: 'lixiao',
      resType: 1,
      list: [
        { ...empty, crmFCode: 'customer_name', crmFName: '客户名称', wyFCode: 'name' },
        { ...empty, crmFCode: 'mobile', crmFName: '手机', wyFCode: 'mobile', channelId: 21 },
        {
          ...empty,
          crmFCode: 'address',
          crmFName: '地址',
          wyFCode: null,
          wyUseDefault: true,
          wyDefaultValue: '未知',
          children: [
            { crmFCode: 'addr_province', crmFName: '省份', wyFChildCode: 'province', wyDefaultValue: null, wyUseDefault: false },
            { crmFCode: 'addr_detail', crmFName: '详细地址', wyFChildCode: null, wyDefaultValue: '北京市海淀区', wyUseDefault: true },
          ],
        },
      ],
    },
  ]);
});

test('删除 asks 确定要删除吗?: 取消 says 已取消删除 and keeps the row, 确定 removes it from what is saved', async () => {
  renderTab(<FieldMappingTab crmCode="lixiao" />);
  await screen.findByText('意向项目');
  fireEvent.click(byLabel('意向项目 删除'));
  expect(await screen.findByText('确定要删除吗?')).toBeInTheDocument();
  fireEvent.click(button('取消', await findElement('.ant-popover:not(.ant-popover-hidden)')));
  expect(await screen.findByText('已取消删除')).toBeInTheDocument();
  expect(panelNames()).toHaveLength(4);
  // Asking did not unfold the panel.
  expect(document.querySelector('.ant-collapse-panel-active')).toBeNull();

  fireEvent.click(byLabel('意向项目 删除'));
  await waitFor(() => expect(document.querySelectorAll('.ant-popover:not(.ant-popover-hidden)')).toHaveLength(1));
  fireEvent.click(button('确定', document.querySelector('.ant-popover:not(.ant-popover-hidden)') as HTMLElement));
  await waitFor(() => expect(panelNames()).toEqual(['*客户名称', '*手机', '地址']));
  expect(http.requestsTo(`${FM}/post`)).toHaveLength(0);

  fireEvent.click(button('保存'));
  await screen.findByText('保存成功！');
  expect(savedList().map((row) => row.crmFCode)).toEqual(['customer_name', 'mobile', 'address']);
});

test('an empty list is refused with 该账号暂无项目 without a call', async () => {
  http.on(`GET ${FM}/getByUser`, code(mapping({ crmFields: [] })));
  renderTab(<FieldMappingTab crmCode="lixiao" />);
  expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
  fireEvent.click(button('保存'));
  expect(await screen.findByText('该账号暂无项目')).toBeInTheDocument();
  expect(http.requestsTo(`${FM}/post`)).toHaveLength(0);
});

test("a refused save shows the server's text, else 保存失败", async () => {
  http.on(`POST ${FM}/post`, { status: 400, body: { code: '400', message: 'CRM字段不存在，请先更新数据' } });
  renderTab(<FieldMappingTab crmCode="lixiao" />);
  await screen.findByText('意向项目');
  fireEvent.click(button('保存'));
  expect(await screen.findByText('CRM字段不存在，请先更新数据')).toBeInTheDocument();
  http.on(`POST ${FM}/post`, { status: 500, body: { code: '500', message: '操作失败' } });
  fireEvent.click(button('保存'));
  expect(await screen.findByText('保存失败')).toBeInTheDocument();
});

test('智能聊天 reads the smart chat mapping; a failed read says so with 重试', async () => {
  renderTab(<FieldMappingTab crmCode="ec" />);
  await screen.findByText('意向项目');
  expect(http.requestsTo(`${FM}/getByUser`)[0].query).toEqual({ crmCode: 'ec', resType: '1' });

  http.on(`GET ${FM}/getByUser`, SERVER_ERROR);
  fireEvent.click(screen.getByText('智能聊天'));
  expect(await screen.findByText('服务器开小差了，请稍后再试')).toBeInTheDocument();
  expect(http.requestsTo(`${FM}/getByUser`)[1].query).toEqual({ crmCode: 'ec', resType: '2' });

  http.on(`GET ${FM}/getByUser`, code(mapping({ resType: 2, crmFields: [FIELDS[0]] })));
  fireEvent.click(button('重试'));
  await waitFor(() => expect(panelNames()).toEqual(['*客户名称']));
});

const LEAVE_QUESTION = '离开后，未保存的修改将丢失。确定要离开吗？';

test('switching to 智能聊天 with unsaved edits asks first: 取消 keeps the form mapping and its edit, 离开 shows the smart chat one', async () => {
  renderTab(<FieldMappingTab crmCode="lixiao" />);
  await screen.findByText('意向项目');
  // An edit: a row deleted, not saved.
  fireEvent.click(byLabel('意向项目 删除'));
  fireEvent.click(button('确定', await findPopconfirm('确定要删除吗?')));
  await waitFor(() => expect(panelNames()).toEqual(['*客户名称', '*手机', '地址']));
  expect(screen.getByText('有未保存的修改')).toBeInTheDocument();

  fireEvent.click(screen.getByText('智能聊天'));
  fireEvent.click(button('取消', await findDialog(LEAVE_QUESTION)));
  await waitFor(() => expect(openDialogs(LEAVE_QUESTION)).toEqual([]));
  expect(panelNames()).toEqual(['*客户名称', '*手机', '地址']);
  expect(http.requestsTo(`${FM}/getByUser`).map((request) => request.query.resType)).toEqual(['1']);

  http.on(`GET ${FM}/getByUser`, code(mapping({ resType: 2, crmFields: [FIELDS[0]] })));
  fireEvent.click(screen.getByText('智能聊天'));
  fireEvent.click(button('离开', await findDialog(LEAVE_QUESTION)));
  await waitFor(() => expect(panelNames()).toEqual(['*客户名称']));
  expect(http.requestsTo(`${FM}/getByUser`).at(-1)?.query).toEqual({ crmCode: 'lixiao', resType: '2' });
  expect(screen.queryByText('有未保存的修改')).toBeNull();
  expect(http.requestsTo(`${FM}/post`)).toHaveLength(0);
});

/** The choices of the select whose input is `input`, once it is open and has them: its listbox's options, as text. */
async function choicesOf(input: HTMLElement): Promise<string[]> {
  openSelect(input);
  return waitFor(() => {
    const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!listbox) throw new Error('the select is not open');
    return within(listbox)
      .getAllByRole('option')
      .map((option) => option.textContent ?? '');
  });
}

/** An answer the test gives when it wants to (the call pending until then). */
function pending(): { reply: () => Promise<FakeReply>; answer: (reply: FakeReply) => void } {
  let answer: (reply: FakeReply) => void = () => undefined;
  const promise = new Promise<FakeReply>((resolve) => {
    answer = resolve;
  });
  return { reply: () => promise, answer };
}

test('the product fields offered are what the static field list of the tab’s CRM answers, with its names', async () => {
  // Not the contract's list: other names, another order, fewer fields, and one the mapping's save does not take.
  http.on(
    `GET ${STATIC_FIELDS_PATH}`,
    code([
      { wyFCode: 'mobile', wyFName: '手机号码', wyFType: 'phone' },
      { wyFCode: 'name', wyFName: '客户姓名', wyFType: 'text' },
      { wyFCode: 'itemTitle', wyFName: '项目', wyFType: 'option' },
      { wyFCode: 'wechat', wyFName: '微信号', wyFType: 'text' },
      { wyFCode: 'noSelect', wyFName: '找不到选项', wyFType: 'text' },
    ]),
  );
  http.on(`GET ${FM}/getByUser`, code(mapping({ crmCode: 'xbb', rows: [savedRow('mobile', '手机', { wyFCode: 'mobile' })] })));
  renderTab(<FieldMappingTab crmCode="xbb" />);
  // The header names the saved choice as the list does.
  expect(await screen.findByText('映射到：手机号码')).toBeInTheDocument();
  expect(http.requestsTo(STATIC_FIELDS_PATH).map((request) => request.query)).toEqual([{ crmCode: 'xbb' }]);

  openPanel('手机');
  expect(await choicesOf(screen.getByLabelText('手机 产品字段'))).toEqual(['手机号码', '客户姓名', '项目', '找不到选项']);
  await choose(screen.getByLabelText('手机 产品字段'), '客户姓名');
  expect(await screen.findByText('映射到：客户姓名')).toBeInTheDocument();
  fireEvent.click(button('保存'));
  await screen.findByText('保存成功！');
  expect(savedList()).toEqual([expect.objectContaining({ crmFCode: 'mobile', wyFCode: 'name' })]);
});

test('the product field pickers are disabled while the static field list loads, and take its choices when it comes', async () => {
  const fields = pending();
  http.on(`GET ${STATIC_FIELDS_PATH}`, fields.reply);
  renderTab(<FieldMappingTab crmCode="lixiao" />);
  await screen.findByText('客户名称');
  openPanel('客户名称');
  const picker = await waitFor(() => screen.getByLabelText('客户名称 产品字段'));
  expect(picker).toBeDisabled();
  expect(screen.getByRole('img', { name: 'loading' })).toBeInTheDocument();

  fields.answer(code([{ wyFCode: 'name', wyFName: '客户姓名', wyFType: 'text' }]));
  await waitFor(() => expect(screen.getByLabelText('客户名称 产品字段')).toBeEnabled());
  expect(screen.queryByRole('img', { name: 'loading' })).toBeNull();
  expect(await choicesOf(screen.getByLabelText('客户名称 产品字段'))).toEqual(['客户姓名']);
});

test('a failed static field list says so with 重试, the pickers disabled, and the edits made meanwhile stay', async () => {
  const fields = pending();
  http.on(`GET ${STATIC_FIELDS_PATH}`, fields.reply);
  renderTab(<FieldMappingTab crmCode="ec" />);
  await screen.findByText('意向项目');
  // Edits while the list loads: a row deleted, a default typed.
  fireEvent.click(screen.getByLabelText('意向项目 删除'));
  fireEvent.click(button('确定', await findPopconfirm('确定要删除吗?')));
  await waitFor(() => expect(panelNames()).toEqual(['*客户名称', '*手机', '地址']));
  openPanel('地址');
  fireEvent.click(screen.getByLabelText('地址 使用默认值'));
  fireEvent.change(await screen.findByPlaceholderText('请输入默认值'), { target: { value: '未知' } });

  fields.answer(SERVER_ERROR);
  const failed = await screen.findByRole('alert');
  expect(failed).toHaveTextContent('产品字段获取失败：服务器开小差了，请稍后再试');
  expect(screen.getByLabelText('地址 产品字段')).toBeDisabled();
  expect(panelNames()).toEqual(['*客户名称', '*手机', '地址']);
  expect(screen.getByDisplayValue('未知')).toBeInTheDocument();
  expect(screen.getByText('有未保存的修改')).toBeInTheDocument();

  http.on(`GET ${STATIC_FIELDS_PATH}`, code([{ wyFCode: 'address', wyFName: '详细地址', wyFType: 'text' }]));
  fireEvent.click(button('重试', failed));
  await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  expect(http.requestsTo(STATIC_FIELDS_PATH).map((request) => request.query)).toEqual([{ crmCode: 'ec' }, { crmCode: 'ec' }]);
  await waitFor(() => expect(screen.getByLabelText('地址 产品字段')).toBeEnabled());
  expect(panelNames()).toEqual(['*客户名称', '*手机', '地址']);
  expect(screen.getByDisplayValue('未知')).toBeInTheDocument();
  expect(await choicesOf(screen.getByLabelText('地址 产品字段'))).toEqual(['详细地址']);
});
