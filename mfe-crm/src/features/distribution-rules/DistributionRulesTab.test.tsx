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
import { DistributionRulesTab } from './DistributionRulesTab';

const RULES = '/es/distributerule';
const GROUPS = '/es/acceptgroup';
const ITEM_RULES = '/es/fieldmapping/listChannelSourceDistributeRule';
const SAVE_ITEM_RULES = '/es/fieldmapping/postChannelSourceDistributeRule';
const GROUP_LIST = [
  { id: 1, name: '销售一组' },
  { id: 2, name: '销售二组' },
];
const regionRule = { type: 1, areaRuleList: [{ acceptGroupId: 1, crmCode: 'ec', provinceList: ['北京', '天津'] }], channelTypeRuleList: [] };
const itemRule = (itemId: number, itemName: string, over: Record<string, unknown> = {}) => ({
  itemId,
  itemName,
  crmCode: 'ec',
  crmFCode: null,
  crmFName: null,
  dataNum: 1,
  dataNumLimit: null,
  distributeNum: 0,
  sort: 0,
  ...over,
});

let http: FakeHttp;
beforeEach(() => {
  http = installMappingHttp();
  http.on(`GET ${RULES}/listByWyCustomerId`, code(regionRule));
  http.on(`POST ${RULES}/saveList`, ({ body }) => {
    const { type, areaRuleList, channelTypeRuleList } = body as { type: number; areaRuleList: object[]; channelTypeRuleList: object[] };
    const withCode = (rows: object[]) => rows.map((row) => ({ ...row, crmCode: 'ec' }));
    return code({ type, areaRuleList: withCode(areaRuleList), channelTypeRuleList: withCode(channelTypeRuleList) }, '保存成功！');
  });
  http.on(`GET ${GROUPS}/listByWyCustomerId`, code(GROUP_LIST));
  http.on(`POST ${GROUPS}/saveList`, ({ body }) =>
    code(
      (body as Array<{ id?: number; name: string }>).map((group, index) => ({ id: group.id ?? 10 + index, name: group.name })),
      '保存成功！',
    ),
  );
  http.on(
    `GET ${ITEM_RULES}`,
    code([
      itemRule(11, '全国加盟项目'),
      itemRule(14, '华东推广项目', { crmFCode: 's1', crmFName: '百度', dataNum: 2, dataNumLimit: 30, distributeNum: 5, sort: 1 }),
    ]),
  );
  http.on(`POST ${SAVE_ITEM_RULES}`, ({ body }) =>
    code(
      (body as { list: Array<{ itemId: number }> }).list.map((row) => ({
        ...row,
        itemName: row.itemId === 11 ? '全国加盟项目' : '华东推广项目',
        crmCode: 'ec',
      })),
      '保存成功！',
    ),
  );
});
afterEach(() => http.restore());

const checkedType = () => document.querySelector('.ant-radio-wrapper-checked')?.textContent;
const shownValue = (label: string) => byLabel(label).closest('.ant-select')?.querySelector('.ant-select-content')?.textContent;
const openPopover = () => findElement('.ant-popover:not(.ant-popover-hidden)');

async function renderRules() {
  renderTab(<DistributionRulesTab crmCode="ec" />);
  await waitFor(() => expect(checkedType()).toBe('按资源地域'));
  expect(http.requestsTo(`${RULES}/listByWyCustomerId`)[0].query).toEqual({ crmCode: 'ec' });
}

test('by region: a province chosen in one row is disabled in the others; 保存 sends the rows', async () => {
  await renderRules();
  await waitFor(() => expect(shownValue('第1行 接收组')).toBe('销售一组'));
  fireEvent.click(button('添加规则'));
  const provinces = await findElement('[aria-label="第2行 省份"]');
  openSelect(provinces);
  await waitFor(() =>
    expect(openOptions(provinces).slice(0, 3)).toEqual([
      { text: '北京', disabled: true },
      { text: '天津', disabled: true },
      { text: '河北', disabled: false },
    ]),
  );
  // The seven regions group the provinces.
  expect(
    [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-group')].map((group) => group.textContent),
  ).toEqual(expect.arrayContaining(['华北', '东北']));
  await choose(provinces, '河北');
  await choose(byLabel('第2行 接收组'), '销售二组');

  // Row 2's choice is now out of row 1's reach.
  const first = byLabel('第1行 省份');
  openSelect(first);
  await waitFor(() =>
    expect(openOptions(first).slice(0, 3)).toEqual([
      { text: '北京', disabled: false },
      { text: '天津', disabled: false },
      { text: '河北', disabled: true },
    ]),
  );

  fireEvent.click(button('保存', screen.getByText('资源分配规则').closest('section')!));
  expect(await screen.findByText('保存成功！')).toBeInTheDocument();
  expect(bodies(http, `${RULES}/saveList`)).toEqual([
    {
      crmCode: 'ec',
      type: 1,
      areaRuleList: [
        { acceptGroupId: 1, provinceList: ['北京', '天津'] },
        { acceptGroupId: 2, provinceList: ['河北'] },
      ],
      channelTypeRuleList: [],
    },
  ]);
});

test('a row needs its provinces and its accept group before anything is sent', async () => {
  await renderRules();
  fireEvent.click(button('添加规则'));
  await findElement('[aria-label="第2行 省份"]');
  fireEvent.click(button('保存', screen.getByText('资源分配规则').closest('section')!));
  expect(await screen.findByText('请选择省份', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
  expect(screen.getByText('请选择接收组', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
  expect(http.requestsTo(`${RULES}/saveList`)).toHaveLength(0);
});

test('by channel type: 竞价 and 信息流, each in one row, to accept groups', async () => {
  await renderRules();
  fireEvent.click(screen.getByText('按渠道类型'));
  const firstType = await findElement('[aria-label="第1行 渠道类型"]');
  await choose(firstType, '竞价');
  await choose(byLabel('第1行 接收组'), '销售二组');
  fireEvent.click(button('添加规则'));
  const secondType = await findElement('[aria-label="第2行 渠道类型"]');
  openSelect(secondType);
  await waitFor(() =>
    expect(openOptions(secondType)).toEqual([
      { text: '竞价', disabled: true },
      { text: '信息流', disabled: false },
    ]),
  );
  await choose(secondType, '信息流');
  await choose(byLabel('第2行 接收组'), '销售一组');
  // Two types, two rows at most.
  expect(button('添加规则')).toBeDisabled();

  fireEvent.click(button('保存', screen.getByText('资源分配规则').closest('section')!));
  await screen.findByText('保存成功！');
  expect(bodies(http, `${RULES}/saveList`)).toEqual([
    {
      crmCode: 'ec',
      type: 2,
      areaRuleList: [],
      channelTypeRuleList: [
        { acceptGroupId: 2, channelType: 1 },
        { acceptGroupId: 1, channelType: 2 },
      ],
    },
  ]);
});

test('不限 needs no rows', async () => {
  await renderRules();
  fireEvent.click(screen.getByText('不限'));
  expect(await screen.findByText('不限：资源不按地域或渠道类型区分，全部按排班分配')).toBeInTheDocument();
  expect(document.querySelector('[aria-label="第1行 省份"]')).toBeNull();
  fireEvent.click(button('保存', screen.getByText('资源分配规则').closest('section')!));
  await screen.findByText('保存成功！');
  expect(bodies(http, `${RULES}/saveList`)).toEqual([{ crmCode: 'ec', type: 0, areaRuleList: [], channelTypeRuleList: [] }]);
});

test('删除 asks first: 取消 keeps the row, 确定 removes it', async () => {
  await renderRules();
  fireEvent.click(byLabel('第1行 删除'));
  expect(await screen.findByText('确定要删除吗?')).toBeInTheDocument();
  fireEvent.click(button('取消', await openPopover()));
  expect(await screen.findByText('已取消删除')).toBeInTheDocument();
  expect(byLabel('第1行 省份')).toBeInTheDocument();

  fireEvent.click(byLabel('第1行 删除'));
  await waitFor(() => expect(document.querySelectorAll('.ant-popover:not(.ant-popover-hidden)')).toHaveLength(1));
  fireEvent.click(button('确定', await openPopover()));
  await waitFor(() => expect(document.querySelector('[aria-label="第1行 省份"]')).toBeNull());
  fireEvent.click(button('保存', screen.getByText('资源分配规则').closest('section')!));
  await screen.findByText('保存成功！');
  expect(bodies(http, `${RULES}/saveList`)).toEqual([{ crmCode: 'ec', type: 1, areaRuleList: [], channelTypeRuleList: [] }]);
});

test("a refused save shows the server's text", async () => {
  http.on(`POST ${RULES}/saveList`, { status: 400, body: { code: '400', message: '接收组不存在' } });
  await renderRules();
  fireEvent.click(button('保存', screen.getByText('资源分配规则').closest('section')!));
  expect(await screen.findByText('接收组不存在')).toBeInTheDocument();
});

test('an answer the screen cannot read says 数据获取失败', async () => {
  http.on(`GET ${RULES}/listByWyCustomerId`, code({ type: '按地域' }));
  renderTab(<DistributionRulesTab crmCode="ec" />);
  expect(await screen.findByText('数据获取失败')).toBeInTheDocument();
});

test('a failed read of the rules shows the error with 重试', async () => {
  http.on(`GET ${RULES}/listByWyCustomerId`, SERVER_ERROR);
  renderTab(<DistributionRulesTab crmCode="lixiao" />);
  expect(await screen.findByText('服务器开小差了，请稍后再试')).toBeInTheDocument();
  http.on(`GET ${RULES}/listByWyCustomerId`, code({ type: 0, areaRuleList: [], channelTypeRuleList: [] }));
  fireEvent.click(button('重试'));
  await waitFor(() => expect(checkedType()).toBe('不限'));
});

test('管理接收组: rename, add and delete groups, checked names, then the whole list is saved', async () => {
  await renderRules();
  fireEvent.click(button('管理接收组'));
  const dialog = await findElement('.ant-modal');
  await waitFor(() => expect(byLabel<HTMLInputElement>('第1行 分组名称', dialog).value).toBe('销售一组'));

  fireEvent.change(byLabel('第1行 分组名称', dialog), { target: { value: '销售二组' } });
  fireEvent.click(button('添加分组', dialog));
  await waitFor(() => expect(dialog.querySelector('[aria-label="第3行 分组名称"]')).not.toBeNull());
  fireEvent.click(button('保存', dialog));
  expect(await within(dialog).findByText('分组名称不能重复')).toBeInTheDocument();
  expect(within(dialog).getByText('请输入分组名称')).toBeInTheDocument();
  expect(http.requestsTo(`${GROUPS}/saveList`)).toHaveLength(0);

  fireEvent.change(byLabel('第1行 分组名称', dialog), { target: { value: '华北组' } });
  fireEvent.change(byLabel('第3行 分组名称', dialog), { target: { value: '新分组' } });
  fireEvent.click(byLabel('第2行 删除', dialog));
  expect(await screen.findByText('保存后，使用该分组的规则也会一并删除')).toBeInTheDocument();
  fireEvent.click(button('确定', await openPopover()));
  await waitFor(() => expect(dialog.querySelector('[aria-label="第3行 分组名称"]')).toBeNull());

  fireEvent.click(button('保存', dialog));
  expect(await screen.findByText('保存成功！')).toBeInTheDocument();
  expect(bodies(http, `${GROUPS}/saveList`)).toEqual([[{ id: 1, name: '华北组' }, { name: '新分组' }]]);
  // The rules and the groups are read again (a deleted group takes its rule rows with it).
  await waitFor(() => expect(http.requestsTo(`${GROUPS}/listByWyCustomerId`)).toHaveLength(2));
  await waitFor(() => expect(http.requestsTo(`${RULES}/listByWyCustomerId`)).toHaveLength(2));
});

test('per-project rows: whole numbers, never coerced (-3 stays -3 and is refused); 已分配数量 shown, not editable', async () => {
  renderTab(<DistributionRulesTab crmCode="ec" />);
  const dataNum = await findElement<HTMLInputElement>('[aria-label="全国加盟项目 每轮数量"]');
  expect(dataNum.value).toBe('1');
  expect(byLabel<HTMLInputElement>('全国加盟项目 每日上限').value).toBe('');
  expect(byLabel<HTMLInputElement>('全国加盟项目 每日上限').placeholder).toBe('不限');
  expect(byLabel<HTMLInputElement>('华东推广项目 每日上限').value).toBe('30');
  expect(screen.getByText('百度')).toBeInTheDocument();
  const itemSection = screen.getByText('按项目分配').closest('section')!;
  // 已分配数量 is the server's count: shown, with no control.
  expect(within(itemSection).getByRole('columnheader', { name: '已分配数量' })).toBeInTheDocument();
  expect(itemSection.querySelector('[aria-label$="已分配数量"]')).toBeNull();
  expect(within(itemSection).getByText('5')).toBeInTheDocument();

  // Letters are not a number: the input keeps its number.
  fireEvent.change(dataNum, { target: { value: 'abc' } });
  fireEvent.blur(dataNum);
  await waitFor(() => expect(dataNum.value).toBe('1'));
  // -3 is kept as typed (not clamped to 0) and refused with the message; nothing is sent.
  fireEvent.change(dataNum, { target: { value: '-3' } });
  fireEvent.blur(dataNum);
  expect(dataNum.value).toBe('-3');
  fireEvent.click(button('保存', itemSection));
  expect(await within(itemSection).findByText('请输入数字')).toBeInTheDocument();
  expect(dataNum).toHaveAttribute('aria-invalid', 'true');
  expect(http.requestsTo(SAVE_ITEM_RULES)).toHaveLength(0);

  fireEvent.change(dataNum, { target: { value: '3' } });
  fireEvent.change(byLabel('华东推广项目 每日上限'), { target: { value: '' } });
  await waitFor(() => expect(within(itemSection).queryByText('请输入数字')).toBeNull());
  fireEvent.click(button('保存', itemSection));
  expect(await screen.findByText('保存成功！')).toBeInTheDocument();
  expect(bodies(http, SAVE_ITEM_RULES)).toEqual([
    {
      crmCode: 'ec',
      list: [
        { itemId: 11, crmFCode: null, crmFName: null, dataNum: 3, dataNumLimit: null, distributeNum: 0, sort: 0 },
        { itemId: 14, crmFCode: 's1', crmFName: '百度', dataNum: 2, dataNumLimit: null, distributeNum: 5, sort: 1 },
      ],
    },
  ]);
});

test('an unsaved rule edit asks before another page, not before another tab of the page; 保存 ends it', async () => {
  window.history.pushState(null, '', '/ec-setting?tab=rule');
  renderTab(<DistributionRulesTab crmCode="ec" />);
  const dataNum = await findElement<HTMLInputElement>('[aria-label="全国加盟项目 每轮数量"]');
  fireEvent.change(dataNum, { target: { value: '4' } });

  // Another tab of the settings page (the query only): the edits stay on the page, nothing asks.
  act(() => window.history.replaceState(null, '', '/ec-setting?tab=label'));
  expect(window.location.search).toBe('?tab=label');
  expect(screen.queryByRole('dialog')).toBeNull();

  // Another page: asked; 取消 stays with the edit.
  act(() => window.history.pushState(null, '', '/ec/data-dispose'));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('有未保存的修改');
  expect(window.location.pathname).toBe('/ec-setting');
  fireEvent.click(within(dialog).getByRole('button', { name: buttonName('取消') }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(dataNum.value).toBe('4');

  // Saved: leaving asks no more.
  fireEvent.click(button('保存', screen.getByText('按项目分配').closest('section')!));
  expect(await screen.findByText('保存成功！')).toBeInTheDocument();
  act(() => window.history.pushState(null, '', '/ec/data-dispose'));
  expect(window.location.pathname).toBe('/ec/data-dispose');
  expect(screen.queryByRole('dialog')).toBeNull();
});
