import type { Address } from '@portal/contracts/mall';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { button, codeOk, findDialog, findPopconfirm, installMallHttp, renderMall, tableRows, type FakeHttp } from '../../test/renderMall';
import AddressPage from './AddressPage';
import { regionsRoute } from './testing';

let http: FakeHttp;
beforeEach(() => {
  http = installMallHttp();
  http.on('GET /customer/mall/regions', regionsRoute);
});
afterEach(() => http.restore());

const address = (id: number, name: string, isDefault = 0, extra: Partial<Address> = {}): Address => ({
  id,
  name,
  mobile: `1380013800${id % 10}`,
  province: '浙江省',
  city: '杭州市',
  area: '西湖区',
  street: '北山街道',
  address: `某路${id}号`,
  postalCode: '310000',
  isDefault,
  ...extra,
});

/** The row of the table whose receiver is `name`. */
const rowOf = (name: string): HTMLElement => {
  const cell = screen.getByText(name);
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row of ${name}`);
  return row;
};

test('lists the addresses with receiver, mobile, region, detail, postal code and the 默认 tag on the default one', async () => {
  http.on('GET /customer/mall/addresses', codeOk([address(1, '张三', 1), address(2, '李四', 0, { postalCode: null })]));
  renderMall(<AddressPage />, '/shop-address');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('收货地址');
  await screen.findByText('张三');
  expect(tableRows().map((row) => row.slice(0, 5))).toEqual([
    ['张三默认', '13800138001', '浙江省 杭州市 西湖区 北山街道', '某路1号', '310000'],
    ['李四', '13800138002', '浙江省 杭州市 西湖区 北山街道', '某路2号', ''],
  ]);
  expect(within(rowOf('张三')).queryByText('设为默认')).not.toBeInTheDocument();
  expect(within(rowOf('李四')).getByText('设为默认')).toBeInTheDocument();
  expect(screen.getByText('已保存 2 个收货地址，最多 20 个')).toBeInTheDocument();
  expect(button('新增收货地址')).toBeEnabled();
});

test('an empty list says so, and 新增收货地址 opens the address dialog', async () => {
  http.on('GET /customer/mall/addresses', codeOk([]));
  renderMall(<AddressPage />, '/shop-address');
  expect(await screen.findByText('暂无收货地址')).toBeInTheDocument();
  fireEvent.click(button('新增收货地址'));
  const dialog = await findDialog('新增收货地址');
  expect(within(dialog).getByLabelText('收货人')).toHaveValue('');
});

test('设为默认 asks the server and shows the list it answers: the 默认 tag moves', async () => {
  http.on('GET /customer/mall/addresses', codeOk([address(1, '张三', 1), address(2, '李四')]));
  renderMall(<AddressPage />, '/shop-address');
  await screen.findByText('李四');
  http.on('PUT /customer/mall/addresses/2/default', codeOk([address(2, '李四', 1), address(1, '张三')]));
  http.on('GET /customer/mall/addresses', codeOk([address(2, '李四', 1), address(1, '张三')]));
  fireEvent.click(within(rowOf('李四')).getByText('设为默认'));
  await waitFor(() => expect(tableRows()[0][0]).toBe('李四默认'));
  expect(tableRows()[1][0]).toBe('张三');
  expect(http.requestsTo('/customer/mall/addresses/2/default', 'PUT')).toHaveLength(1);
});

test('删除 asks first: 取消 keeps the address, 确定 deletes it', async () => {
  http.on('GET /customer/mall/addresses', codeOk([address(1, '张三', 1), address(2, '李四')]));
  http.on('DELETE /customer/mall/addresses/2', codeOk([address(1, '张三', 1)]));
  renderMall(<AddressPage />, '/shop-address');
  await screen.findByText('李四');

  fireEvent.click(within(rowOf('李四')).getByText('删除').closest('button')!);
  fireEvent.click(button('取消', await findPopconfirm('确定删除该收货地址?')));
  expect(await screen.findByText('已取消删除')).toBeInTheDocument();
  expect(http.requestsTo('/customer/mall/addresses/2', 'DELETE')).toHaveLength(0);

  http.on('GET /customer/mall/addresses', codeOk([address(1, '张三', 1)]));
  fireEvent.click(within(rowOf('李四')).getByText('删除').closest('button')!);
  fireEvent.click(button('确定', await findPopconfirm('确定删除该收货地址?')));
  await waitFor(() => expect(screen.queryByText('李四')).not.toBeInTheDocument());
  expect(http.requestsTo('/customer/mall/addresses/2', 'DELETE')).toHaveLength(1);
  expect(tableRows()).toHaveLength(1);
});

test('编辑 opens the dialog with the address filled in', async () => {
  http.on('GET /customer/mall/addresses', codeOk([address(1, '张三', 1)]));
  renderMall(<AddressPage />, '/shop-address');
  await screen.findByText('张三');
  fireEvent.click(within(rowOf('张三')).getByText('编辑').closest('button')!);
  const dialog = await findDialog('编辑收货地址');
  expect(within(dialog).getByLabelText('收货人')).toHaveValue('张三');
  expect(within(dialog).getByLabelText('详细地址')).toHaveValue('某路1号');
  expect(within(dialog).getByRole('checkbox', { name: '设为默认' })).toBeChecked();
});

test('编辑 after another opening of the dialog still shows the address edited, and 新增 after it starts empty', async () => {
  http.on('GET /customer/mall/addresses', codeOk([address(1, '张三', 1), address(2, '李四', 0)]));
  renderMall(<AddressPage />, '/shop-address');
  await screen.findByText('李四');
  fireEvent.click(button('新增收货地址'));
  const adding = await findDialog('新增收货地址');
  fireEvent.change(within(adding).getByLabelText('收货人'), { target: { value: '王五' } });
  fireEvent.click(within(adding).getByRole('button', { name: /取\s*消/ }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  fireEvent.click(within(rowOf('李四')).getByText('编辑').closest('button')!);
  const editing = await findDialog('编辑收货地址');
  expect(within(editing).getByLabelText('收货人')).toHaveValue('李四');
  expect(within(editing).getByLabelText('详细地址')).toHaveValue('某路2号');
  fireEvent.click(within(editing).getByRole('button', { name: /取\s*消/ }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  fireEvent.click(button('新增收货地址'));
  expect((within(await findDialog('新增收货地址')).getByLabelText('收货人') as HTMLInputElement).value).toBe('');
});

test('at 20 addresses 新增收货地址 is disabled, with the reason beside it', async () => {
  http.on('GET /customer/mall/addresses', codeOk(Array.from({ length: 20 }, (_, i) => address(i + 1, `收货人${i + 1}`, i === 0 ? 1 : 0))));
  renderMall(<AddressPage />, '/shop-address');
  await screen.findByText('收货人20');
  expect(button('新增收货地址')).toBeDisabled();
  expect(screen.getByText('最多只能添加20个收货地址，请删除不用的地址后再新增')).toBeInTheDocument();
  expect(screen.getByText('已保存 20 个收货地址，最多 20 个')).toBeInTheDocument();
});
