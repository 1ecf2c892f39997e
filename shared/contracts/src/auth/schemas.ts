import { z } from 'zod';
import { ACCOUNT_MAX, ACCOUNT_MIN, PASSWORD_MAX, PASSWORD_MIN } from '../common/constants';
import { LoginType } from '../common/enums';
import { lengthMessage } from '../common/messages';
import { requiredString } from '../common/validation';

/** Texts of login and password forms (spec 000 section 5). */
export const AuthMessage = {
  AccountRequired: '请输入账号',
  AccountLength: lengthMessage(ACCOUNT_MIN, ACCOUNT_MAX),
  AccountInvalid: '账号格式不正确',
  PasswordRequired: '请输入密码',
  OldPasswordRequired: '请输入原密码',
  NewPasswordRequired: '请输入新密码',
  ConfirmPasswordRequired: '请再次输入新密码',
  PasswordRule: '密码（8-18位字母和数字），请重新输入',
  PasswordMismatch: '新密码与确认新密码不一致，请重新输入',
  PasswordSameAsOld: '新密码不能与旧密码一样',
  OldPasswordWrong: '原密码错误，请重新输入',
  LoginFailed: '账号或密码错误',
  LoginLocked: '密码错误次数过多，请稍后再试',
  ChangeTokenInvalid: '修改密码已超时，请重新登录',
  /** Every refused single-sign-on link (unknown, expired, used, malformed): one text that reveals nothing. */
  SsoLinkInvalid: '登录链接无效或已过期，请重新获取',
  ForcePasswordChange: '首次登录或密码已过期，请修改密码',
  PasswordChanged: '密码修改成功，请重新登录',
  LoggingIn: '登录中...',
  LoginButton: '登录',
} as const;

/**
 * Body codes of the refusals of login and the password changes, so that a client places each on
 * its field by code, never by comparing texts. A refused field of a request that failed validation
 * comes as code '400' with the schema's message.
 */
export const AuthErrorCode = {
  /** Wrong account or password at login. */
  LoginFailed: '40001',
  /** The old password of a password change is wrong. */
  OldPasswordWrong: '40002',
  /** The forced change's token is missing, used, expired or another account's. */
  ChangeTokenInvalid: '40003',
  /** The single-sign-on token is unknown, expired, used, or its account may not log in this way. */
  SsoLinkInvalid: '40004',
} as const;
export type AuthErrorCode = (typeof AuthErrorCode)[keyof typeof AuthErrorCode];

/** The password-form field a refusal belongs to, by its code (the old, the next or the confirm password); others are the form's. */
export const PASSWORD_ERROR_FIELDS: Readonly<Record<string, 'old' | 'next' | 'confirm'>> = {
  [AuthErrorCode.OldPasswordWrong]: 'old',
};

/** A throttled password attempt (429), with the wait of its Retry-After in whole minutes. */
export const loginLockedMessage = (retryAfterSeconds: number): string =>
  `密码错误次数过多，请${Math.max(1, Math.ceil(retryAfterSeconds / 60))}分钟后再试`;

/** The notice an account receives when its password was tried wrong repeatedly from one address. */
export const LoginAlertNotice = {
  Title: '账号安全提醒：多次密码错误',
  contents: (address: string): string =>
    `您的账号刚刚在地址 ${address} 多次输入错误密码，该地址的尝试已被暂时限制。如非本人操作，请尽快修改密码；您在常用地址的登录不受影响。`,
} as const;

/** Placeholders of the password forms. */
export const PasswordPrompt = {
  Old: '输入原密码',
  New: '输入新密码',
  Confirm: '请再次输入新密码',
} as const;

/** 8-18 characters of letters and digits, with both kinds. */
export const PASSWORD_PATTERN = new RegExp(`^(?=.*[A-Za-z])(?=.*\\d)[A-Za-z\\d]{${PASSWORD_MIN},${PASSWORD_MAX}}$`);

/** Control characters (U+0000 among them, which PostgreSQL text cannot hold) are no part of an account. */
const account = requiredString(AuthMessage.AccountRequired)
  .min(ACCOUNT_MIN, { error: AuthMessage.AccountLength })
  .max(ACCOUNT_MAX, { error: AuthMessage.AccountLength })
  .regex(/^\P{Cc}*$/u, { error: AuthMessage.AccountInvalid });

const newPassword = (requiredMessage: string) => requiredString(requiredMessage).regex(PASSWORD_PATTERN, { error: AuthMessage.PasswordRule });

/** Login form: loginAccount, password, type (1 normal, 0 quick). */
export const loginSchema = z.object({
  loginAccount: account,
  password: requiredString(AuthMessage.PasswordRequired).max(128, { error: AuthMessage.PasswordRequired }),
  type: z.union([z.literal(LoginType.Normal), z.literal(LoginType.Quick)], { error: '登录类型不正确' }).default(LoginType.Normal),
});
export type LoginForm = z.input<typeof loginSchema>;

interface PasswordPair {
  oldPassword: string;
  next: string;
  confirm: string;
}

/** The cross-field rules shared by both password forms: mismatch, then same-as-old. */
const checkPasswordPair = (pair: PasswordPair, nextKey: string, confirmKey: string, ctx: z.RefinementCtx) => {
  if (pair.next !== pair.confirm) {
    ctx.addIssue({ code: 'custom', path: [confirmKey], message: AuthMessage.PasswordMismatch });
  }
  if (pair.next === pair.oldPassword) {
    ctx.addIssue({ code: 'custom', path: [nextKey], message: AuthMessage.PasswordSameAsOld });
  }
};

/** Change-password page: oldPassword, password, confirm. */
export const changePasswordSchema = z
  .object({
    oldPassword: requiredString(AuthMessage.OldPasswordRequired).max(128),
    password: newPassword(AuthMessage.NewPasswordRequired),
    confirm: requiredString(AuthMessage.ConfirmPasswordRequired),
  })
  .superRefine((v, ctx) => checkPasswordPair({ oldPassword: v.oldPassword, next: v.password, confirm: v.confirm }, 'password', 'confirm', ctx));
export type ChangePasswordForm = z.input<typeof changePasswordSchema>;

const forcedPasswordFields = z.object({
  loginAccount: account,
  oldPassword: requiredString(AuthMessage.OldPasswordRequired).max(128),
  newPassword: newPassword(AuthMessage.NewPasswordRequired),
  confirmPassword: requiredString(AuthMessage.ConfirmPasswordRequired),
});

const checkForcedPair = (v: z.output<typeof forcedPasswordFields>, ctx: z.RefinementCtx) =>
  checkPasswordPair({ oldPassword: v.oldPassword, next: v.newPassword, confirm: v.confirmPassword }, 'newPassword', 'confirmPassword', ctx);

/** The forced-change dialog after code 10002: loginAccount, oldPassword, newPassword, confirmPassword. */
export const forcedPasswordFormSchema = forcedPasswordFields.superRefine(checkForcedPair);
export type ForcedPasswordForm = z.input<typeof forcedPasswordFormSchema>;

/** The 10002 login answer's data: the one-time token that alone opens the forced change (10 minutes). */
export const forcedChangeTicketSchema = z.object({ changeToken: z.string() });
export type ForcedChangeTicket = z.infer<typeof forcedChangeTicketSchema>;

/** PUT /customer/password/forced: the dialog's form plus the changeToken of the 10002 login. */
export const forcedPasswordChangeSchema = forcedPasswordFields
  .extend({ changeToken: requiredString(AuthMessage.ChangeTokenInvalid).max(128, { error: AuthMessage.ChangeTokenInvalid }) })
  .superRefine(checkForcedPair);
export type ForcedPasswordChangeForm = z.input<typeof forcedPasswordChangeSchema>;

/**
 * Single sign-on (spec 000 section 6, "lookup by id"): the operator CLI issues a link
 * `<origin>/login?sso=<token>`; the login page sends the token to POST /customer/sso-login. The
 * token is 32 random bytes in base64url (43 characters), single use, and lives
 * SSO_TOKEN_DEFAULT_MINUTES unless the operator asks for up to SSO_TOKEN_MAX_MINUTES.
 */
export const SSO_LOGIN_PARAM = 'sso';
export const SSO_TOKEN_DEFAULT_MINUTES = 5;
export const SSO_TOKEN_MAX_MINUTES = 15;
/** The token's spelling: anything else is refused before any lookup, with the one refusal text. */
export const SSO_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** POST /customer/sso-login: the token of the link. */
export const ssoLoginSchema = z.object({
  token: z.string({ error: AuthMessage.SsoLinkInvalid }).regex(SSO_TOKEN_PATTERN, { error: AuthMessage.SsoLinkInvalid }),
});
export type SsoLoginForm = z.input<typeof ssoLoginSchema>;
