import { errorMessage } from '@portal/api-client';
import { AuthMessage, CommonMessage, forcedPasswordFormSchema, PasswordPrompt, type ForcedPasswordForm } from '@portal/contracts';
import { zodRule } from '@portal/design-system';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { LoginText } from './texts';

export interface ForcedPasswordDialogProps {
  open: boolean;
  /** The account typed on the login form (prefilled). */
  loginAccount: string;
  /** The password typed on the login form: the old password must equal it. */
  typedPassword?: string;
  /** PUT /customer/password/forced (the caller adds the login's changeToken); rejects with the server's error. */
  onSubmit: (values: ForcedPasswordForm) => Promise<void>;
  onCancel: () => void;
}

/** Opened when login answers code 10002: the account must change its password before going on. */
export function ForcedPasswordDialog({ open, loginAccount, typedPassword, onSubmit, onCancel }: ForcedPasswordDialogProps) {
  const [form] = Form.useForm<ForcedPasswordForm>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    setError(null);
    try {
      await onSubmit(values);
    } catch (failure) {
      const message = errorMessage(failure, CommonMessage.OperationFailed);
      if (message === AuthMessage.OldPasswordWrong) form.setFields([{ name: 'oldPassword', errors: [message] }]);
      else setError(message);
    } finally {
      setSaving(false);
    }
  };

  const matchesTypedPassword = {
    validator: async (_: unknown, value: string | undefined) => {
      if (typedPassword !== undefined && value && value !== typedPassword) throw new Error(AuthMessage.OldPasswordWrong);
    },
  };

  return (
    <Modal
      open={open}
      title={LoginText.ForcedTitle}
      okText={LoginText.ForcedConfirm}
      cancelText={LoginText.Cancel}
      confirmLoading={saving}
      onOk={submit}
      onCancel={onCancel}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Alert type="warning" showIcon title={AuthMessage.ForcePasswordChange} style={{ marginBottom: 16 }} />
      <Form<ForcedPasswordForm>
        form={form}
        name="forced-password-change"
        layout="vertical"
        initialValues={{ loginAccount, oldPassword: '', newPassword: '', confirmPassword: '' }}
        onFinish={submit}
      >
        <Form.Item label={LoginText.AccountLabel} name="loginAccount" rules={[zodRule(forcedPasswordFormSchema, 'loginAccount')]}>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item
          label={LoginText.OldPasswordLabel}
          name="oldPassword"
          rules={[zodRule(forcedPasswordFormSchema, 'oldPassword'), matchesTypedPassword]}
          validateFirst
        >
          <Input.Password placeholder={PasswordPrompt.Old} autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label={LoginText.NewPasswordLabel}
          name="newPassword"
          dependencies={['oldPassword']}
          rules={[zodRule(forcedPasswordFormSchema, 'newPassword')]}
        >
          <Input.Password placeholder={PasswordPrompt.New} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label={LoginText.ConfirmPasswordLabel}
          name="confirmPassword"
          dependencies={['newPassword']}
          rules={[zodRule(forcedPasswordFormSchema, 'confirmPassword')]}
        >
          <Input.Password placeholder={PasswordPrompt.Confirm} autoComplete="new-password" />
        </Form.Item>
        {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
        <button type="submit" hidden aria-hidden />
      </Form>
    </Modal>
  );
}
