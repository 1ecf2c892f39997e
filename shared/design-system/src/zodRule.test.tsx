import { AuthMessage, changePasswordSchema, loginSchema } from '@portal/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form, Input } from 'antd';
import { PhoneInput } from './PhoneInput';
import { phoneRule } from './phoneRule';
import { renderWithProvider } from './testing/renderWithProvider';
import { zodRule } from './zodRule';

function PasswordForm({ onFinish }: { onFinish: (values: unknown) => void }) {
  return (
    <Form onFinish={onFinish}>
      <Form.Item label="原密码" name="oldPassword" rules={[zodRule(changePasswordSchema, 'oldPassword')]}>
        <Input.Password aria-label="原密码" />
      </Form.Item>
      <Form.Item label="新密码" name="password" rules={[zodRule(changePasswordSchema, 'password')]}>
        <Input.Password aria-label="新密码" />
      </Form.Item>
      <Form.Item label="确认新密码" name="confirm" dependencies={['password']} rules={[zodRule(changePasswordSchema, 'confirm')]}>
        <Input.Password aria-label="确认新密码" />
      </Form.Item>
      <Button htmlType="submit">保存修改</Button>
    </Form>
  );
}

const errorsShown = () => Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((e) => e.textContent);

describe('zodRule', () => {
  it('shows the schema messages for empty fields, with the required mark', async () => {
    const onFinish = jest.fn();
    renderWithProvider(<PasswordForm onFinish={onFinish} />);
    await userEvent.click(screen.getByRole('button', { name: '保存修改' }));
    await waitFor(() =>
      expect(errorsShown()).toEqual([AuthMessage.OldPasswordRequired, AuthMessage.NewPasswordRequired, AuthMessage.ConfirmPasswordRequired]),
    );
    expect(document.querySelectorAll('.ant-form-item-required')).toHaveLength(3);
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('reports cross-field rules on their field: mismatch and same-as-old', async () => {
    const onFinish = jest.fn();
    renderWithProvider(<PasswordForm onFinish={onFinish} />);
    await userEvent.type(screen.getByLabelText('原密码'), 'Abc12345');
    await userEvent.type(screen.getByLabelText('新密码'), 'Abc12345');
    await userEvent.type(screen.getByLabelText('确认新密码'), 'Xyz12345');
    await userEvent.click(screen.getByRole('button', { name: '保存修改' }));
    await waitFor(() => expect(errorsShown()).toEqual([AuthMessage.PasswordSameAsOld, AuthMessage.PasswordMismatch]));
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('shows the format message and lets a valid form through', async () => {
    const onFinish = jest.fn();
    renderWithProvider(<PasswordForm onFinish={onFinish} />);
    await userEvent.type(screen.getByLabelText('原密码'), 'Abc12345');
    await userEvent.type(screen.getByLabelText('新密码'), 'short');
    await userEvent.type(screen.getByLabelText('确认新密码'), 'short');
    await userEvent.click(screen.getByRole('button', { name: '保存修改' }));
    await waitFor(() => expect(errorsShown()).toEqual([AuthMessage.PasswordRule]));

    await userEvent.clear(screen.getByLabelText('新密码'));
    await userEvent.type(screen.getByLabelText('新密码'), 'New12345');
    await userEvent.clear(screen.getByLabelText('确认新密码'));
    await userEvent.type(screen.getByLabelText('确认新密码'), 'New12345');
    await userEvent.click(screen.getByRole('button', { name: '保存修改' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ oldPassword: 'Abc12345', password: 'New12345', confirm: 'New12345' }));
    expect(errorsShown()).toEqual([]);
  });

  it('marks required from the field schema, and can be told otherwise', () => {
    const form = { getFieldsValue: () => ({}) } as never;
    expect(zodRule(loginSchema, 'loginAccount')(form)).toMatchObject({ required: true });
    expect(zodRule(loginSchema, 'type')(form)).toMatchObject({ required: false });
    expect(zodRule(loginSchema, 'loginAccount', { required: false })(form)).toMatchObject({ required: false });
  });

  it('gives the first message of the field', async () => {
    const form = { getFieldsValue: () => ({ loginAccount: 'ab', password: '' }) } as never;
    const rule = zodRule(loginSchema, 'loginAccount')(form);
    await expect(rule.validator?.({}, 'ab', () => {})).rejects.toThrow('长度在 3 到 15 个字符');
    const passwordRule = zodRule(loginSchema, 'password')(form);
    await expect(passwordRule.validator?.({}, '', () => {})).rejects.toThrow(AuthMessage.PasswordRequired);
  });
});

describe('PhoneInput and phoneRule', () => {
  function PhoneForm({ onFinish }: { onFinish: (values: unknown) => void }) {
    return (
      <Form onFinish={onFinish}>
        <Form.Item label="手机号" name="telephone" rules={[phoneRule]}>
          <PhoneInput aria-label="手机号" />
        </Form.Item>
        <Button htmlType="submit">保存修改</Button>
      </Form>
    );
  }

  it('keeps digits only, at most 11', async () => {
    renderWithProvider(<PhoneInput aria-label="手机号" />);
    const input = screen.getByLabelText('手机号');
    expect(input).toHaveAttribute('maxlength', '11');
    expect(input).toHaveAttribute('placeholder', '请输入手机号');
    await userEvent.type(input, '1a3-8 0013');
    expect(input).toHaveValue('138 0013'.replace(' ', ''));
  });

  it('says 请输入手机号 when empty and 格式不正确 when malformed', async () => {
    const onFinish = jest.fn();
    renderWithProvider(<PhoneForm onFinish={onFinish} />);
    await userEvent.click(screen.getByRole('button', { name: '保存修改' }));
    await waitFor(() => expect(errorsShown()).toEqual(['请输入手机号']));

    await userEvent.type(screen.getByLabelText('手机号'), '12345678901');
    await userEvent.click(screen.getByRole('button', { name: '保存修改' }));
    await waitFor(() => expect(errorsShown()).toEqual(['格式不正确']));
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('passes a valid mobile number', async () => {
    const onFinish = jest.fn();
    renderWithProvider(<PhoneForm onFinish={onFinish} />);
    await userEvent.type(screen.getByLabelText('手机号'), '13800138000');
    await userEvent.click(screen.getByRole('button', { name: '保存修改' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ telephone: '13800138000' }));
  });
});
