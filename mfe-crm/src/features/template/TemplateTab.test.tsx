import type { FakeHttp } from '@portal/api-client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { button, codeOk, formFields, installCrmHttp, lastRequest, pick, refused, renderCrm, SERVER_ERROR } from '../../test/renderCrm';
import { TemplateTab } from './TemplateTab';

const T = '/es/crmtemplatemapping';
const TEMPLATES = [
  { id: 'tpl-1', name: '加盟咨询模板' },
  { id: 'tpl-2', name: '在线客服模板' },
];

let http: FakeHttp;
beforeEach(() => {
  http = installCrmHttp();
  http.on(`GET ${T}/listTemplate`, codeOk(TEMPLATES));
  http.on(`GET ${T}/getByUser`, codeOk([{ id: 1, crmCode: 'ec', crmTemplateId: 'tpl-1', type: 1 }]));
  http.on(`POST ${T}/post`, codeOk({ id: 2, crmCode: 'ec', crmTemplateId: 'tpl-2', type: 2 }));
});
afterEach(() => http.restore());

const row = (type: number) => document.querySelector(`[data-testid="template-${type}"]`) as HTMLElement;

test('表单 shows its saved template; 智能聊天 picks one and saves it form-encoded', async () => {
  renderCrm(<TemplateTab />);
  await waitFor(() => expect(within(row(1)).getByText('加盟咨询模板')).toBeInTheDocument());
  // Nothing chosen: the rule says so.
  fireEvent.click(button('保存', row(2)));
  expect(await within(row(2)).findByText('请选择模板')).toBeInTheDocument();

  await pick('智能聊天', '在线客服模板');
  fireEvent.click(button('保存', row(2)));
  expect(await screen.findByText('保存成功！')).toBeInTheDocument();
  expect(formFields(lastRequest(http, `${T}/post`, 'POST'))).toEqual({ crmTemplateId: 'tpl-2', type: '2' });
});

test("a refused save shows the server's reason", async () => {
  http.on(`POST ${T}/post`, refused('模板不存在，请先更新数据'));
  renderCrm(<TemplateTab />);
  await waitFor(() => expect(within(row(1)).getByText('加盟咨询模板')).toBeInTheDocument());
  fireEvent.click(button('保存', row(1)));
  expect(await screen.findByText('模板不存在，请先更新数据')).toBeInTheDocument();
});

test('no templates in ec, and a failed load', async () => {
  http.on(`GET ${T}/listTemplate`, codeOk([]));
  const { unmount } = renderCrm(<TemplateTab />);
  expect(await screen.findByText('EC暂无模板')).toBeInTheDocument();
  unmount();
  http.on(`GET ${T}/listTemplate`, SERVER_ERROR);
  renderCrm(<TemplateTab />);
  expect(await screen.findByText('服务器开小差了，请稍后再试')).toBeInTheDocument();
});
