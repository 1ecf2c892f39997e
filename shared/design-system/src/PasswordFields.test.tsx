import { AuthErrorCode, AuthMessage, forcedPasswordFormSchema, PasswordPrompt } from '@portal/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { PasswordFields, passwordFieldErrors, type PasswordFieldNames } from './PasswordFields';
import { renderWithProvider } from './testing/renderWithProvider';

const FORCED: PasswordFieldNames = { old: 'oldPassword', next: 'newPassword', confirm: 'confirmPassword' };

function ForcedForm({ onFinish }: { onFinish: (values: unknown) => void }) {
  return (
    <Form onFinish={onFinish} initialValues={{ loginAccount: 'demo' }}>
      <Form.Item name="loginAccount" hidden>
        <Input />
      </Form.Item>
      <Form.Item label="原密码" name="oldPassword">
        <Input.Password placeholder={PasswordPrompt.Old} />
      </Form.Item>
      <PasswordFields schema={forcedPasswordFormSchema} names={FORCED} />
      <Button htmlType="submit">确认修改</Button>
    </Form>
  );
}

const errorsShown = () => Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((e) => e.textContent);
const type = (placeholder: string, value: string) => fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: /确认修改/ }));

describe('PasswordFields', () => {
  it('has the labels and prompts, and asks the browser for a new password', () => {
    renderWithProvider(<ForcedForm onFinish={jest.fn()} />);
    expect(screen.getByLabelText('新密码')).toHaveAttribute('placeholder', PasswordPrompt.New);
    expect(screen.getByLabelText('确认新密码')).toHaveAttribute('placeholder', PasswordPrompt.Confirm);
    expect(screen.getByLabelText('新密码')).toHaveAttribute('autocomplete', 'new-password');
  });

  it.each([
    ['empty', '', '', [AuthMessage.NewPasswordRequired, AuthMessage.ConfirmPasswordRequired]],
    ['without digits', 'abcdefghij', 'abcdefghij', [AuthMessage.PasswordRule]],
    ['not confirmed', 'New12345', 'New54321', [AuthMessage.PasswordMismatch]],
    ['the old one', 'Old12345', 'Old12345', [AuthMessage.PasswordSameAsOld]],
  ])("refuses a new password that is %s with the spec's message", async (_case, next, confirm, messages) => {
    const onFinish = jest.fn();
    renderWithProvider(<ForcedForm onFinish={onFinish} />);
    type(PasswordPrompt.Old, 'Old12345');
    type(PasswordPrompt.New, next);
    type(PasswordPrompt.Confirm, confirm);
    submit();
    await waitFor(() => expect(errorsShown()).toEqual(messages));
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('takes a valid new password', async () => {
    const onFinish = jest.fn();
    renderWithProvider(<ForcedForm onFinish={onFinish} />);
    type(PasswordPrompt.Old, 'Old12345');
    type(PasswordPrompt.New, 'New12345');
    type(PasswordPrompt.Confirm, 'New12345');
    submit();
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith(expect.objectContaining({ newPassword: 'New12345', confirmPassword: 'New12345' })));
  });
});

describe('passwordFieldErrors', () => {
  it("places a refusal on its field by the server's code, with the server's text", () => {
    expect(passwordFieldErrors({ status: 400, code: AuthErrorCode.OldPasswordWrong, message: AuthMessage.OldPasswordWrong }, FORCED)).toEqual([
      { name: 'oldPassword', errors: [AuthMessage.OldPasswordWrong] },
    ]);
  });

  it('leaves refusals of other codes to the form, whatever their text says', () => {
    expect(passwordFieldErrors({ code: AuthErrorCode.ChangeTokenInvalid, message: AuthMessage.ChangeTokenInvalid }, FORCED)).toBeNull();
    // Same text, generic code: not matched by its words.
    expect(passwordFieldErrors({ code: '400', message: AuthMessage.OldPasswordWrong }, FORCED)).toBeNull();
    expect(passwordFieldErrors(new Error(AuthMessage.OldPasswordWrong), FORCED)).toBeNull();
    expect(passwordFieldErrors(null, FORCED)).toBeNull();
  });
});
