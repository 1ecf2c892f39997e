import { authApi, errorMessage } from '@portal/api-client';
import { AuthMessage, CommonMessage, LoginType, type ForcedPasswordChangeForm } from '@portal/contracts';
import { Alert, App, Button, Card, Form, Layout, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useBrand } from '../brand/BrandContext';
import { hardNavigation } from '../session/hardNavigation';
import { hasLoginCookie } from '../session/loginCookie';
import { ForcedPasswordDialog } from './ForcedPasswordDialog';
import { LoginForm, type LoginFormValues } from './LoginForm';
import { loginOutcome } from './loginOutcome';
import { rememberedAccount } from './rememberedAccount';
import { LoginText } from './texts';

/** Where a successful login goes, with a full load (spec 000 section 4). */
export const AFTER_LOGIN_PATH = '/work-bench';

/** `/` and `/login`: the login form; when already logged in, a way back to the workbench. */
export function LoginPage() {
  const brand = useBrand();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<LoginFormValues>();
  const [remembered] = useState(() => rememberedAccount.read());
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [forced, setForced] = useState<{ loginAccount: string; password: string } | null>(null);
  const loggedIn = hasLoginCookie();
  const [searchParams] = useSearchParams();
  const passwordChanged = searchParams.has('passwordChanged');

  const submit = async ({ loginAccount, password, remember }: LoginFormValues) => {
    setSubmitting(true);
    setError(null);
    try {
      const outcome = loginOutcome(await authApi.login({ loginAccount, password, type: LoginType.Normal }));
      if (outcome.kind === 'success') {
        rememberedAccount.save(remember ? loginAccount : null);
        hardNavigation.assign(AFTER_LOGIN_PATH);
        return; // the button stays in its logging-in state until the page leaves
      }
      if (outcome.kind === 'forcePasswordChange') setForced({ loginAccount, password });
      else setError(outcome.message);
    } catch (failure) {
      setError(errorMessage(failure, CommonMessage.OperationFailed));
    }
    setSubmitting(false);
  };

  const changePassword = async (values: ForcedPasswordChangeForm) => {
    await authApi.forcedPasswordChange(values);
    setForced(null);
    form.setFieldValue('password', '');
    message.success(AuthMessage.PasswordChanged);
  };

  return (
    <Layout style={{ minHeight: '100vh', background: 'linear-gradient(135deg, #0b3b8c 0%, #1677ff 100%)' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', background: 'transparent' }}>
        <Typography.Title level={4} style={{ color: '#fff', margin: 0 }}>
          {brand.logoText}
        </Typography.Title>
        {loggedIn ? (
          <Button onClick={() => navigate(AFTER_LOGIN_PATH)}>
            {LoginText.BackToWorkbench}
          </Button>
        ) : null}
      </Layout.Header>
      <Layout.Content style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 24 }}>
        <Card style={{ width: 400, maxWidth: '100%' }} title={LoginText.Title}>
          {loggedIn ? (
            <Typography.Paragraph type="secondary">{LoginText.LoggedInHint}</Typography.Paragraph>
          ) : null}
          {passwordChanged && !loggedIn ? (
            <Alert type="success" showIcon title={AuthMessage.PasswordChanged} style={{ marginBottom: 16 }} />
          ) : null}
          <LoginForm form={form} onSubmit={submit} rememberedAccount={remembered} submitting={submitting} error={error} />
          <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0, fontSize: 12 }}>
            {LoginText.ServiceHint}
          </Typography.Paragraph>
        </Card>
      </Layout.Content>
      <ForcedPasswordDialog
        open={forced !== null}
        loginAccount={forced?.loginAccount ?? ''}
        typedPassword={forced?.password}
        onSubmit={changePassword}
        onCancel={() => setForced(null)}
      />
    </Layout>
  );
}
