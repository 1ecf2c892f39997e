import { queryErrorMessage } from '@portal/api-client';
import { AuthMessage, changePasswordSchema, CommonMessage, PasswordPrompt, type ChangePasswordForm } from '@portal/contracts';
import { PageFrame, PasswordFields, passwordFieldErrors, zodRule, type PasswordFieldNames } from '@portal/design-system';
import { Alert, App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useChangePasswordMutation } from '../../store/shellApi';
import { LOGOUT_TARGET, useLogout } from '../../session/logout';
import { ChangePasswordText } from './texts';

const FIELDS: PasswordFieldNames<keyof ChangePasswordForm> = { old: 'oldPassword', next: 'password', confirm: 'confirm' };

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
      // A refusal with a field's code (a wrong old password) shows on that field; others as a message.
      const onFields = passwordFieldErrors(error, FIELDS);
      if (onFields) form.setFields(onFields);
      else message.error(queryErrorMessage(error, CommonMessage.OperationFailed));
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
          <PasswordFields schema={changePasswordSchema} names={FIELDS} />
          <Button type="primary" htmlType="submit" loading={saving}>
            {ChangePasswordText.Submit}
          </Button>
        </Form>
      </div>
    </PageFrame>
  );
}
