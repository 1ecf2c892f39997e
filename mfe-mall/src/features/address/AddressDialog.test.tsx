import type { Address } from '@portal/contracts/mall';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { button, codeOk, formErrors, installMallHttp, lastRequest, refused, renderMall, typeInto, type FakeHttp } from '../../test/renderMall';
import { AddressDialog } from './AddressDialog';
import { regionsRoute } from './testing';

let http: FakeHttp;
beforeEach(() => {
  http = installMallHttp();
  http.on('GET /customer/mall/regions', regionsRoute);
});
afterEach(() => http.restore());

const saved = (extra: Partial<Address> = {}): Address => ({
  id: 7,
  name: '张三',
  mobile: '13800138000',
  province: '浙江省',
  city: '杭州市',
  area: '西湖区',
  street: '北山街道',
  address: '某路1号',
  postalCode: '310000',
  isDefault: 0,
  ...extra,
});

const renderDialog = (props: { address?: Address | null } = {}) => {
  const onSaved = jest.fn();
  const onClose = jest.fn();
  renderMall(<AddressDialog open onClose={onClose} onSaved={onSaved} {...props} />, '/shop-address');
  return { onSaved, onClose };
};

/**
 * Opens the region picker and picks each level in turn, as a user does (each level asked of the
 * server). An item with a level below is named with its expand icon's label after the region's name.
 */
async function pickRegion(...names: string[]) {
  fireEvent.mouseDown(screen.getByLabelText('所在地区'));
  for (const name of names)
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: (accessibleName) => accessibleName.split(' ')[0] === name }));
}

const fillValid = async () => {
  typeInto('收货人', '张三');
  typeInto('手机号码', '13800138000');
  await pickRegion('浙江省', '杭州市', '西湖区', '北山街道');
  typeInto('详细地址', '某路1号');
  typeInto('邮政编码', '310000');
};

test('shows each of the spec messages on bad input, and sends nothing', async () => {
  renderDialog();
  expect(screen.getByRole('dialog')).toHaveTextContent('新增收货地址');
  fireEvent.click(button('保存'));
  await waitFor(() => expect(formErrors()).toEqual(['长度在 1 到 5 个字符', '请输入11位手机号', '请选择省/市/区/街道', '请输入详细地址信息']));

  typeInto('收货人', '欧阳先生你好');
  typeInto('手机号码', '138');
  typeInto('详细地址', '   ');
  typeInto('邮政编码', '12345');
  await pickRegion('浙江省', '杭州市', '西湖区', '北山街道');
  fireEvent.click(button('保存'));
  await waitFor(() => expect(formErrors()).toEqual(['长度在 1 到 5 个字符', '格式不正确', '请输入详细地址信息', '格式不正确,请输入6位数字']));
  expect(http.requestsTo('/customer/mall/addresses')).toHaveLength(0);
});

test('a valid save sends the address with its four region names, then makes it the default when asked', async () => {
  http.on('POST /customer/mall/addresses', (request) => ({ status: 201, body: saved(request.body as Partial<Address>) }));
  http.on('PUT /customer/mall/addresses/7/default', codeOk([saved({ isDefault: 1 })]));
  const { onSaved, onClose } = renderDialog();
  await fillValid();
  fireEvent.click(screen.getByRole('checkbox', { name: '设为默认' }));
  fireEvent.click(button('保存'));

  await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 7, isDefault: 1 })));
  expect(lastRequest(http, '/customer/mall/addresses', 'POST').body).toEqual({
    name: '张三',
    mobile: '13800138000',
    province: '浙江省',
    city: '杭州市',
    area: '西湖区',
    street: '北山街道',
    address: '某路1号',
    postalCode: '310000',
  });
  expect(http.requestsTo('/customer/mall/addresses/7/default', 'PUT')).toHaveLength(1);
  expect(onClose).toHaveBeenCalled();
});

test('editing shows the saved address (its region by name) and saves it with PUT', async () => {
  http.on('PUT /customer/mall/addresses/7', (request) => codeOk(saved(request.body as Partial<Address>)));
  const { onSaved } = renderDialog({ address: saved({ postalCode: null }) });
  expect(screen.getByRole('dialog')).toHaveTextContent('编辑收货地址');
  expect(screen.getByLabelText('收货人')).toHaveValue('张三');
  expect(screen.getByRole('dialog')).toHaveTextContent('浙江省 / 杭州市 / 西湖区 / 北山街道');
  typeInto('详细地址', '新路2号');
  fireEvent.click(button('保存'));
  await waitFor(() => expect(onSaved).toHaveBeenCalled());
  expect(lastRequest(http, '/customer/mall/addresses/7', 'PUT').body).toMatchObject({ street: '北山街道', address: '新路2号', postalCode: '' });
  expect(http.requestsTo('/customer/mall/addresses/7/default')).toHaveLength(0);
});

test('a refusal of the server shows on its field or above the form, and keeps everything typed', async () => {
  http.on('POST /customer/mall/addresses', refused('请选择省/市/区/街道'));
  const { onSaved, onClose } = renderDialog();
  await fillValid();
  fireEvent.click(button('保存'));
  await waitFor(() => expect(formErrors()).toEqual(['请选择省/市/区/街道']));

  http.on('POST /customer/mall/addresses', refused('最多只能添加20个收货地址'));
  fireEvent.click(button('保存'));
  expect(await screen.findByRole('alert')).toHaveTextContent('最多只能添加20个收货地址');
  expect(screen.getByLabelText('收货人')).toHaveValue('张三');
  expect(screen.getByLabelText('手机号码')).toHaveValue('13800138000');
  expect(screen.getByLabelText('详细地址')).toHaveValue('某路1号');
  expect(screen.getByLabelText('邮政编码')).toHaveValue('310000');
  expect(screen.getByRole('dialog')).toHaveTextContent('浙江省 / 杭州市 / 西湖区 / 北山街道');
  expect(onSaved).not.toHaveBeenCalled();
  expect(onClose).not.toHaveBeenCalled();
});
