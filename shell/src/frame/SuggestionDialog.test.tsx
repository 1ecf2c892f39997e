import { installFakeHttp, type FakeHttp } from '@portal/api-client/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { BRANDS } from '@portal/contracts';
import { buttonName, demoUser, fieldErrors, renderShell, setupUser } from '../testing/renderShell';
import { TopNav } from './TopNav';

const SUGGEST = '/customer/message/suggestions';

let http: FakeHttp;
beforeEach(() => {
  http = installFakeHttp();
});
afterEach(() => http.restore());

/** The full brand's top navigation with the dialog opened from 意见建议. */
const openDialog = async () => {
  renderShell(<TopNav user={demoUser} onOpenGuide={jest.fn()} onLogout={jest.fn()} />, { brand: BRANDS.full });
  await setupUser().click(screen.getByText('意见建议').closest('button') as HTMLElement);
  return (await screen.findByLabelText('建议内容')) as HTMLTextAreaElement;
};
const dialog = () => document.querySelector('.ant-modal') as HTMLElement | null;
/** Sets the text in one change; the field validates on change, asynchronously. */
const change = (text: HTMLElement, value: string) =>
  act(async () => {
    fireEvent.change(text, { target: { value } });
  });
const submit = () => setupUser().click(screen.getByText(buttonName('提交')).closest('button') as HTMLElement);

describe('the suggestion dialog', () => {
  it('opens from the top navigation with a 200-character text box and counter', async () => {
    const text = await openDialog();
    expect(screen.getByRole('dialog', { name: '意见建议' })).toBeInTheDocument();
    expect(text).toHaveAttribute('maxlength', '200');
    expect(text).toHaveAttribute('placeholder', '请输入您的意见或建议，最多200字');
    expect(screen.getByText('0 / 200')).toBeInTheDocument();
    await change(text, '希望增加导出格式');
    expect(screen.getByText('8 / 200')).toBeInTheDocument();
  });

  it('refuses a blank suggestion with 信息不能为空 and sends nothing', async () => {
    const text = await openDialog();
    await submit();
    await waitFor(() => expect(fieldErrors()).toEqual(['信息不能为空']));
    await change(text, '   ');
    await submit();
    await waitFor(() => expect(fieldErrors()).toEqual(['信息不能为空']));
    expect(http.requestsTo(SUGGEST)).toHaveLength(0);
  });

  it('never sends more than 200 characters', async () => {
    const text = await openDialog();
    // Typing stops at the maxlength; a value set past it (pasted by a script) is refused.
    await change(text, '长'.repeat(201));
    await submit();
    await waitFor(() => expect(fieldErrors()).toEqual(['最多输入200个字符']));
    expect(http.requestsTo(SUGGEST)).toHaveLength(0);
  });

  it('sends the trimmed text as a type 9, platform 2 message, thanks and closes', async () => {
    http.on(`POST ${SUGGEST}`, { body: { code: '200', message: '成功', data: null } });
    const text = await openDialog();
    await change(text, '  希望增加导出格式  ');
    await submit();
    expect(await screen.findByText('提交成功，感谢您的建议！')).toBeInTheDocument();
    expect(http.requestsTo(SUGGEST).map((request) => request.body)).toEqual([{ type: 9, platform: 2, content: '希望增加导出格式' }]);
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it("shows the server's message on failure and keeps the text", async () => {
    http.on(`POST ${SUGGEST}`, { status: 500, body: { code: '500', message: '服务器开小差了，请稍后再试' } });
    const text = await openDialog();
    await change(text, '希望增加导出格式');
    await submit();
    expect(await screen.findByText('服务器开小差了，请稍后再试')).toBeInTheDocument();
    expect(dialog()).not.toBeNull();
    expect(screen.getByLabelText('建议内容')).toHaveValue('希望增加导出格式');
  });
});
