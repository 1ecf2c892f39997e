import { errorMessage } from '@portal/api-client';
import { AuthMessage, CommonMessage, forcedPasswordFormSchema, PasswordPrompt, type ForcedPasswordForm } from '@portal/contracts';
import { PasswordFields, passwordFieldErrors, zodRule, type PasswordFieldNames } from '@portal/design-system';
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

const FIELDS: PasswordFieldNames<keyof ForcedPasswordForm> = { old: 'oldPassword', next: 'newPassword', confirm: 'confirmPassword' };

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
      // A refusal with a field's code (a wrong old password) shows on that field; others above the button.
      const onFields = passwordFieldErrors(failure, FIELDS);
      if (onFields) form.setFields(onFields);
      else setError(errorMessage(failure, CommonMessage.OperationFailed));
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
        <PasswordFields schema={forcedPasswordFormSchema} names={FIELDS} />
        {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
        <button type="submit" hidden aria-hidden />
      </Form>
    </Modal>
  );
}
