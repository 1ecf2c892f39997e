import { queryErrorMessage } from '@portal/api-client';
import { AuthMessage, changePasswordSchema, CommonMessage, PasswordPrompt, type ChangePasswordForm } from '@portal/contracts';
import { PageFrame, zodRule } from '@portal/design-system';
import { Alert, App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useChangePasswordMutation } from '../../store/shellApi';
import { LOGOUT_TARGET, useLogout } from '../../session/logout';
import { ChangePasswordText } from './texts';

/** `/change-password`: old, new and confirm; on success the session ends and the user logs in again. */
export function ChangePasswordPage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<ChangePasswordForm>();
  const [saving, setSaving] = useState(false);
  const [changePassword] = useChangePasswordMutation();
  const logout = useLogout();

  const submit = async (values: ChangePasswordForm) => {
    setSaving(true);
    try {
      await changePassword({ body: values }).unwrap();
    } catch (error) {
      setSaving(false);
      const text = queryErrorMessage(error, CommonMessage.OperationFailed);
      if (text === AuthMessage.OldPasswordWrong) form.setFields([{ name: 'oldPassword', errors: [text] }]);
      else message.error(text);
      return;
    }
    message.success(AuthMessage.PasswordChanged);
    // The login page repeats the message after the full load.
    await logout(LOGOUT_TARGET.passwordChanged);
  };

  return (
    <PageFrame title={ChangePasswordText.Title}>
      <div style={{ maxWidth: 420 }}>
        <Alert type="info" showIcon title={ChangePasswordText.Rule} style={{ marginBottom: 24 }} />
        <Form<ChangePasswordForm>
          form={form}
          name="change-password"
          layout="vertical"
          initialValues={{ oldPassword: '', password: '', confirm: '' }}
          onFinish={submit}
        >
          <Form.Item label={ChangePasswordText.OldPassword} name="oldPassword" rules={[zodRule(changePasswordSchema, 'oldPassword')]}>
            <Input.Password placeholder={PasswordPrompt.Old} autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            label={ChangePasswordText.NewPassword}
            name="password"
            dependencies={['oldPassword']}
            rules={[zodRule(changePasswordSchema, 'password')]}
          >
            <Input.Password placeholder={PasswordPrompt.New} autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label={ChangePasswordText.ConfirmPassword}
            name="confirm"
            dependencies={['password']}
            rules={[zodRule(changePasswordSchema, 'confirm')]}
          >
            <Input.Password placeholder={PasswordPrompt.Confirm} autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            {ChangePasswordText.Submit}
          </Button>
        </Form>
      </div>
    </PageFrame>
  );
}
