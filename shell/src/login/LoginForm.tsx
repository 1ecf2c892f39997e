import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { AuthMessage, loginSchema } from '@portal/contracts';
import { zodRule } from '@portal/design-system';
import { Alert, Button, Checkbox, Form, Input, type FormInstance } from 'antd';
import { LoginText } from './texts';

export interface LoginFormValues {
  loginAccount: string;
  password: string;
  remember: boolean;
}

export interface LoginFormProps {
  onSubmit: (values: LoginFormValues) => void;
  /** The account remembered last time, with the checkbox ticked. */
  rememberedAccount?: string | null;
  /** While the login call runs: the button shows '登录中...'. */
  submitting?: boolean;
  /** Why the last attempt was refused. */
  error?: string | null;
  form?: FormInstance<LoginFormValues>;
}

/** Account, password and remember-account; Enter submits (the button is the form's submit). */
export function LoginForm({ onSubmit, rememberedAccount, submitting = false, error, form }: LoginFormProps) {
  return (
    <Form<LoginFormValues>
      form={form}
      name="login"
      size="large"
      autoComplete="on"
      initialValues={{ loginAccount: rememberedAccount ?? '', password: '', remember: Boolean(rememberedAccount) }}
      onFinish={onSubmit}
    >
      <Form.Item name="loginAccount" rules={[zodRule(loginSchema, 'loginAccount')]} validateFirst>
        <Input prefix={<UserOutlined />} placeholder={LoginText.AccountPlaceholder} autoComplete="username" aria-label={LoginText.AccountLabel} />
      </Form.Item>
      <Form.Item name="password" rules={[zodRule(loginSchema, 'password')]} validateFirst>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={LoginText.PasswordPlaceholder}
          autoComplete="current-password"
          aria-label={LoginText.PasswordPlaceholder}
        />
      </Form.Item>
      <Form.Item name="remember" valuePropName="checked">
        <Checkbox>{LoginText.RememberAccount}</Checkbox>
      </Form.Item>
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" /> : null}
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {submitting ? AuthMessage.LoggingIn : AuthMessage.LoginButton}
      </Button>
    </Form>
  );
}
