import type { FakeHttp } from '@portal/api-client/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { accountOf, CONNECTION_PAUSED, EC_ACCOUNT } from '../../test/crmFixtures';
import {
  button,
  buttonName,
  codeOk,
  findElement,
  formErrors,
  formFields,
  formLabels,
  installCrmHttp,
  lastRequest,
  pick,
  refused,
  renderCrm,
  SERVER_ERROR,
  typeInto,
} from '../../test/renderCrm';
import { AccountTab } from './AccountTab';

const GET = '/es/crmaccountsetting/getByUser';
const POST = '/es/crmaccountsetting/post';

let http: FakeHttp;
beforeEach(() => {
  http = installCrmHttp();
  http.on(`GET ${GET}`, codeOk(EC_ACCOUNT));
  http.on(`POST ${POST}`, codeOk(EC_ACCOUNT));
});
afterEach(() => http.restore());

test("a new ec account's form: style 1 needs CorpID, AppID, AppSecret and the edition; the icon toggles style 2 and its required fields", async () => {
  http.on(`GET ${GET}`, codeOk(null));
  renderCrm(<AccountTab crmCode="ec" />);
  await screen.findByText('方式一');
  expect(formLabels()).toEqual([
    '设置方式',
    'CorpID',
    'AppID',
    'AppSecret',
    '操作人ID',
    '跟进人ID',
    '是否推送备注',
    '来源名称',
    '来源ID',
    '版本',
    '开启同步',
    ' ',
  ]);
  fireEvent.click(button('保存'));
  await waitFor(() => expect(formErrors()).toEqual(['请输入CorpID', '请输入AppID', '请输入AppSecret', '请选择版本']));

  fireEvent.click(screen.getByLabelText('切换设置方式'));
  expect(screen.getByText('方式二')).toBeInTheDocument();
  fireEvent.click(button('保存'));
  await waitFor(() =>
    expect(formErrors()).toEqual([
      '请选择权限类型',
      '请输入CorpID',
      '请输入Token名称',
      '请输入Token',
      '请输入操作人ID',
      '请输入跟进人ID',
      '请选择是否推送备注',
      '请选择版本',
    ]),
  );
  expect(http.requestsTo(POST)).toHaveLength(0);
});

test("lixiao's form needs the corp id, phone, password and the edition whose host it logs in on", async () => {
  http.on(`GET ${GET}`, codeOk(null));
  renderCrm(<AccountTab crmCode="lixiao" />, '/lxcrm-setting');
  await screen.findByText('企业ID');
  expect(screen.queryByLabelText('切换设置方式')).not.toBeInTheDocument();
  fireEvent.click(button('保存'));
  await waitFor(() => expect(formErrors()).toEqual(['请输入企业ID', '请输入登录手机号', '请输入密码', '请选择励销版本', '请选择版本']));

  typeInto('企业ID', 'corp-7');
  typeInto('登录手机号', '13800000000');
  typeInto('密码', 'secret');
  await pick('励销版本', '企微版（e.lixiaocrm.com）');
  fireEvent.click(screen.getByLabelText('saas'));
  fireEvent.click(button('保存'));
  expect(await screen.findByText('保存成功！')).toBeInTheDocument();
  expect(formFields(lastRequest(http, POST))).toMatchObject({ crmCode: 'lixiao', param1: 'corp-7', param4: 'wecom', edition: '1' });
});

test('a new ec account in style 2 is posted form-encoded with its style, and 保存成功！ shows', async () => {
  http.on(`GET ${GET}`, codeOk(null));
  renderCrm(<AccountTab crmCode="ec" />);
  await screen.findByText('方式一');
  fireEvent.click(screen.getByLabelText('切换设置方式'));
  await pick('权限类型', '客户及获取来源信息');
  typeInto('CorpID', ' corp-9 ');
  typeInto('Token名称', 'X-Token');
  typeInto('Token', 'secret-token');
  typeInto('操作人ID', '1001');
  typeInto('跟进人ID', '1002');
  await pick('是否推送备注', '否');
  fireEvent.click(screen.getByLabelText('pro'));
  fireEvent.click(screen.getByLabelText('开启同步'));
  fireEvent.click(button('保存'));

  expect(await screen.findByText('保存成功！')).toBeInTheDocument();
  expect(formFields(lastRequest(http, POST))).toEqual({
    crmCode: 'ec',
    edition: '2',
    sync: '1',
    param8: '2',
    param1: 'corp-9',
    param2: 'X-Token',
    param3: 'secret-token',
    param4: '1001',
    param5: '1002',
    param6: '0',
    param7: '',
    param9: '',
    param10: '2',
  });
  // No confirmation for a first account.
  expect(document.querySelector('.ant-modal-confirm')).toBeNull();
});

test('the saved account shows with its secret masked as answered; saving it unchanged sends the mask back, with no question', async () => {
  renderCrm(<AccountTab crmCode="ec" />);
  await waitFor(() => expect(screen.getByLabelText('CorpID')).toHaveValue('corp-1'));
  expect(screen.getByLabelText('AppSecret')).toHaveValue('******');
  expect(screen.getByLabelText('AppSecret')).toHaveAttribute('type', 'password');
  expect(screen.getByLabelText('开启同步')).toBeChecked();
  fireEvent.click(button('保存'));
  expect(await screen.findByText('保存成功！')).toBeInTheDocument();
  expect(formFields(lastRequest(http, POST))).toMatchObject({
    id: '7',
    crmCode: 'ec',
    param1: 'corp-1',
    param3: '******',
    edition: '1',
    sync: '1',
    param10: '1',
  });
  expect(document.querySelector('.ant-modal-confirm')).toBeNull();
});

test('a changed CorpID asks first: 取消 says 已取消 and saves nothing; 确定 saves', async () => {
  renderCrm(<AccountTab crmCode="ec" />);
  await waitFor(() => expect(screen.getByLabelText('CorpID')).toHaveValue('corp-1'));
  typeInto('CorpID', 'corp-2');
  fireEvent.click(button('保存'));
  expect(await findElement('.ant-modal-confirm-title')).toHaveTextContent('修改CorpID将清空之前的配置，确定要修改吗？');
  fireEvent.click(button('取消'));
  expect(await screen.findByText('已取消')).toBeInTheDocument();
  expect(http.requestsTo(POST)).toHaveLength(0);

  fireEvent.click(button('保存'));
  await waitFor(() => expect(document.querySelectorAll('.ant-modal-confirm')).not.toHaveLength(0));
  fireEvent.click(button('确定'));
  expect(await screen.findByText('保存成功！')).toBeInTheDocument();
  expect(formFields(lastRequest(http, POST)).param1).toBe('corp-2');
});

test('an edit not saved asks before another page: 取消 keeps it; the saved values again leave at once', async () => {
  renderCrm(<AccountTab crmCode="ec" />);
  await waitFor(() => expect(screen.getByLabelText('CorpID')).toHaveValue('corp-1'));
  typeInto('CorpID', 'corp-2');
  expect(await screen.findByText('有未保存的修改')).toBeInTheDocument();

  act(() => window.history.pushState(null, '', '/ec/data-dispose'));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('离开后，未保存的修改将丢失。确定要离开吗？');
  expect(window.location.pathname).toBe('/ec-setting');
  fireEvent.click(within(dialog).getByRole('button', { name: buttonName('取消') }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(screen.getByLabelText('CorpID')).toHaveValue('corp-2');

  typeInto('CorpID', 'corp-1');
  await waitFor(() => expect(screen.queryByText('有未保存的修改')).toBeNull());
  act(() => window.history.pushState(null, '', '/ec/data-dispose'));
  expect(window.location.pathname).toBe('/ec/data-dispose');
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(http.requestsTo(POST)).toHaveLength(0);
});

test("another CRM's changed tenant asks the general question", async () => {
  http.on(`GET ${GET}`, codeOk(accountOf('lixiao', { param1: 'corp-1', param2: '13800000000', param3: '******', param4: 'dingtalk' })));
  renderCrm(<AccountTab crmCode="lixiao" />, '/lxcrm-setting');
  await waitFor(() => expect(screen.getByLabelText('企业ID')).toHaveValue('corp-1'));
  typeInto('企业ID', 'corp-2');
  fireEvent.click(button('保存'));
  expect(await findElement('.ant-modal-confirm-title')).toHaveTextContent('修改账号将清空之前的配置，确定要修改吗？');
});

test("a refused save shows the server's reason, never 保存成功！; without a reason 保存失败", async () => {
  http.on(`POST ${POST}`, refused('CRM账号验证失败，请检查账号信息'));
  renderCrm(<AccountTab crmCode="ec" />);
  await waitFor(() => expect(screen.getByLabelText('CorpID')).toHaveValue('corp-1'));
  fireEvent.click(button('保存'));
  expect(await screen.findByText('CRM账号验证失败，请检查账号信息')).toBeInTheDocument();
  expect(screen.queryByText('保存成功！')).not.toBeInTheDocument();

  http.on(`POST ${POST}`, { status: 200, body: { code: '500', message: '' } });
  fireEvent.click(button('保存'));
  expect(await screen.findByText('保存失败')).toBeInTheDocument();
  expect(screen.queryByText('保存成功！')).not.toBeInTheDocument();
});

test('a paused connection shows with 恢复推送, which resumes it', async () => {
  http.on(`GET ${GET}`, codeOk({ ...EC_ACCOUNT, connection: CONNECTION_PAUSED }));
  http.on('POST /es/crmpushconnection/resume', codeOk({}));
  renderCrm(<AccountTab crmCode="ec" />);
  expect(await screen.findByText('推送已暂停')).toBeInTheDocument();
  expect(screen.getByText(/连续 5 次推送失败/)).toHaveTextContent('待推送的 7 条线索不会丢失');
  fireEvent.click(button('恢复推送'));
  expect(await screen.findByText('已恢复推送')).toBeInTheDocument();
  expect(lastRequest(http, '/es/crmpushconnection/resume', 'POST').body).toEqual({ crmCode: 'ec' });
  // The account (and its connection) is asked again.
  await waitFor(() => expect(http.requestsTo(GET)).toHaveLength(2));
});

test('a failed load shows the server message with 重试', async () => {
  http.on(`GET ${GET}`, SERVER_ERROR);
  renderCrm(<AccountTab crmCode="ec" />);
  expect(await screen.findByText('服务器开小差了，请稍后再试')).toBeInTheDocument();
  http.on(`GET ${GET}`, codeOk(EC_ACCOUNT));
  fireEvent.click(button('重试'));
  await waitFor(() => expect(screen.getByLabelText('CorpID')).toHaveValue('corp-1'));
});
