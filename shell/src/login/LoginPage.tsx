import { AuthMessage, CommonMessage, LoginType, REMOTE_PAGES, SSO_LOGIN_PARAM, type ForcedPasswordForm } from '@portal/contracts';
import { Alert, App, Button, Form, theme } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useBrand } from '../brand/BrandContext';
import { hardNavigation } from '../session/hardNavigation';
import { clearSessionExpiredMark, hasLoginCookie } from '../session/loginCookie';
import { EXPIRED_PARAM, RETURN_PARAM, safeReturnPath } from '../session/returnPath';
import { LoginForm, type LoginFormValues } from './LoginForm';
import { loginOutcome } from './loginOutcome';
import { rememberedAccount } from './rememberedAccount';
import { LoginText } from './texts';

// The login page is every visitor's first load. Its calls (the shell's store and RTK Query, the
// api-client with axios, the 401 guard and the event bus) are fetched once the visitor starts on
// the form (focus, pointer), so they are there by the time they submit; the dialog of code 10002
// is fetched only when a login answers 10002.
const loadApi = () => import('./loginCalls');
const prefetchApi = (): void => void loadApi().catch(() => undefined);
const ForcedPasswordDialog = lazy(() => import('./ForcedPasswordDialog').then((m) => ({ default: m.ForcedPasswordDialog })));

/**
 * Where a successful login goes, with a full load (spec 000 section 4): the workbench, unless the
 * guard or an expired session sent the visitor here from a page of the portal (`?redirect=`, only
 * a path of this site: see safeReturnPath).
 */
export const AFTER_LOGIN_PATH = REMOTE_PAGES.workbench;

/** `/` and `/login`: the login form; when already logged in, a way back to the workbench. */
export function LoginPage() {
  const brand = useBrand();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<LoginFormValues>();
  const [remembered] = useState(() => rememberedAccount.read());
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [forced, setForced] = useState<{ loginAccount: string; password: string; changeToken: string } | null>(null);
  // The dialog stays mounted from the first 10002 on, so that closing it still animates.
  const [dialogWanted, setDialogWanted] = useState(false);
  const { token } = theme.useToken();
  const secondaryText = { color: token.colorTextDescription, fontSize: token.fontSize, lineHeight: token.lineHeight };
  const loggedIn = hasLoginCookie();
  const [searchParams, setSearchParams] = useSearchParams();
  const passwordChanged = searchParams.has('passwordChanged');
  const sessionExpired = searchParams.get(EXPIRED_PARAM) === '1';
  const afterLogin = safeReturnPath(searchParams.get(RETURN_PARAM)) ?? AFTER_LOGIN_PATH;
  // Single sign-on: `?sso=<token>` of an operator's link logs in once, without the form.
  const ssoToken = searchParams.get(SSO_LOGIN_PARAM);
  const ssoStarted = useRef(false);
  const [ssoError, setSsoError] = useState<string | null>(null);

  // The expired-session mark has brought the visitor here (`expired=1` says it from now on).
  useEffect(clearSessionExpiredMark, []);

  useEffect(() => {
    if (!ssoToken || ssoStarted.current) return;
    ssoStarted.current = true;
    // The token is single use: off the address at once (a replace), so that a reload never sends it again.
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete(SSO_LOGIN_PARAM);
        return next;
      },
      { replace: true },
    );
    setSubmitting(true);
    void (async () => {
      try {
        await (await loadApi()).ssoLogin(ssoToken);
        hardNavigation.assign(afterLogin);
        return; // the button stays in its logging-in state until the page leaves
      } catch (failure) {
        const text = await loadApi().then(
          (api) => api.errorMessage(failure, AuthMessage.SsoLinkInvalid),
          () => CommonMessage.OperationFailed,
        );
        setSsoError(text);
      }
      setSubmitting(false);
    })();
  }, [ssoToken, afterLogin, setSearchParams]);

  const submit = async ({ loginAccount, password, remember }: LoginFormValues) => {
    setSubmitting(true);
    setError(null);
    setSsoError(null);
    try {
      const calls = await loadApi();
      const outcome = loginOutcome(await calls.login({ loginAccount, password, type: LoginType.Normal }));
      if (outcome.kind === 'success') {
        rememberedAccount.save(remember ? loginAccount : null);
        hardNavigation.assign(afterLogin);
        return; // the button stays in its logging-in state until the page leaves
      }
      if (outcome.kind === 'forcePasswordChange') {
        setDialogWanted(true);
        setForced({ loginAccount, password, changeToken: outcome.changeToken });
      } else setError(outcome.message);
    } catch (failure) {
      // The api-client itself failing to load (offline) is an operation that failed too.
      const text = await loadApi().then(
        (api) => api.errorMessage(failure, CommonMessage.OperationFailed),
        () => CommonMessage.OperationFailed,
      );
      setError(text);
    }
    setSubmitting(false);
  };

  const changePassword = async (values: ForcedPasswordForm) => {
    const calls = await loadApi();
    await calls.forcedPasswordChange({ ...values, changeToken: forced?.changeToken ?? '' });
    setForced(null);
    form.setFieldValue('password', '');
    message.success(AuthMessage.PasswordChanged);
  };

  // Plain elements in the antd theme's measures rather than Layout, Card and Typography: antd's Card
  // brings Tabs (and with it Dropdown and Menu), all unused here (README, "Performance").
  return (
    <div style={{ display: 'flex', flexDirection: 'column', minHeight: '100vh', background: 'linear-gradient(135deg, #0b3b8c 0%, #1677ff 100%)' }}>
      <header
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          height: token.controlHeight * 2,
          padding: `0 ${token.controlHeightLG * 1.25}px`,
        }}
      >
        <div
          style={{
            color: '#fff',
            margin: 0,
            fontSize: token.fontSizeHeading4,
            lineHeight: token.lineHeightHeading4,
            fontWeight: token.fontWeightStrong,
          }}
        >
          {brand.logoText}
        </div>
        {loggedIn ? <Button onClick={() => navigate(AFTER_LOGIN_PATH)}>{LoginText.BackToWorkbench}</Button> : null}
      </header>
      <main style={{ flex: 'auto', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 24 }}>
        <section
          aria-labelledby="login-title"
          onFocus={prefetchApi}
          onPointerDown={prefetchApi}
          style={{
            width: 400,
            maxWidth: '100%',
            boxSizing: 'border-box',
            background: token.colorBgContainer,
            border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadiusLG,
          }}
        >
          <h1
            id="login-title"
            style={{
              display: 'flex',
              alignItems: 'center',
              boxSizing: 'border-box',
              minHeight: token.fontSizeLG * token.lineHeightLG + token.padding * 2,
              margin: '0 0 -1px',
              padding: `0 ${token.paddingLG}px`,
              color: token.colorTextHeading,
              fontWeight: token.fontWeightStrong,
              fontSize: token.fontSizeLG,
              borderBottom: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
            }}
          >
            {LoginText.Title}
          </h1>
          <div style={{ padding: token.paddingLG }}>
            {loggedIn ? <p style={{ ...secondaryText, marginTop: 0, marginBottom: '1em' }}>{LoginText.LoggedInHint}</p> : null}
            {passwordChanged && !loggedIn ? <Alert type="success" showIcon title={AuthMessage.PasswordChanged} style={{ marginBottom: 16 }} /> : null}
            {sessionExpired && !loggedIn ? <Alert type="warning" showIcon title={CommonMessage.NotLoggedIn} style={{ marginBottom: 16 }} /> : null}
            {ssoError ? <Alert type="error" showIcon title={ssoError} style={{ marginBottom: 16 }} role="alert" /> : null}
            <LoginForm form={form} onSubmit={submit} rememberedAccount={remembered} submitting={submitting} error={error} />
            <p style={{ ...secondaryText, marginTop: 16, marginBottom: 0, fontSize: 12 }}>{LoginText.ServiceHint}</p>
          </div>
        </section>
      </main>
      {dialogWanted ? (
        <Suspense fallback={null}>
          <ForcedPasswordDialog
            open={forced !== null}
            loginAccount={forced?.loginAccount ?? ''}
            typedPassword={forced?.password}
            onSubmit={changePassword}
            onCancel={() => setForced(null)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
