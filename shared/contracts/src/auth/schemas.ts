import { z } from 'zod';
import { ACCOUNT_MAX, ACCOUNT_MIN, PASSWORD_MAX, PASSWORD_MIN } from '../common/constants';
import { LoginType } from '../common/enums';
import { lengthMessage } from '../common/messages';
import { requiredString } from '../common/validation';

/** Texts of login and password forms (spec 000 section 5). */
export const AuthMessage = {
  AccountRequired: '请输入账号',
  AccountLength: lengthMessage(ACCOUNT_MIN, ACCOUNT_MAX),
  PasswordRequired: '请输入密码',
  OldPasswordRequired: '请输入原密码',
  NewPasswordRequired: '请输入新密码',
  ConfirmPasswordRequired: '请再次输入新密码',
  PasswordRule: '密码（8-18位字母和数字），请重新输入',
  PasswordMismatch: '新密码与确认新密码不一致，请重新输入',
  PasswordSameAsOld: '新密码不能与旧密码一样',
  OldPasswordWrong: '原密码错误，请重新输入',
  LoginFailed: '账号或密码错误',
  LoginLocked: '登录失败次数过多，请15分钟后再试',
  ForcePasswordChange: '首次登录或密码已过期，请修改密码',
  PasswordChanged: '密码修改成功，请重新登录',
  LoggingIn: '登录中...',
  LoginButton: '登录',
} as const;

/** Placeholders of the password forms. */
export const PasswordPrompt = {
  Old: '输入原密码',
  New: '输入新密码',
  Confirm: '请再次输入新密码',
} as const;

/** 8-18 characters of letters and digits, with both kinds. */
export const PASSWORD_PATTERN = new RegExp(`^(?=.*[A-Za-z])(?=.*\\d)[A-Za-z\\d]{${PASSWORD_MIN},${PASSWORD_MAX}}$`);

const account = requiredString(AuthMessage.AccountRequired)
  .min(ACCOUNT_MIN, { error: AuthMessage.AccountLength })
  .max(ACCOUNT_MAX, { error: AuthMessage.AccountLength });

const newPassword = (requiredMessage: string) =>
  requiredString(requiredMessage).regex(PASSWORD_PATTERN, { error: AuthMessage.PasswordRule });

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
  .superRefine((v, ctx) =>
    checkPasswordPair({ oldPassword: v.oldPassword, next: v.password, confirm: v.confirm }, 'password', 'confirm', ctx),
  );
export type ChangePasswordForm = z.input<typeof changePasswordSchema>;

/** Forced change after code 10002: loginAccount, oldPassword, newPassword, confirmPassword. */
export const forcedPasswordChangeSchema = z
  .object({
    loginAccount: account,
    oldPassword: requiredString(AuthMessage.OldPasswordRequired).max(128),
    newPassword: newPassword(AuthMessage.NewPasswordRequired),
    confirmPassword: requiredString(AuthMessage.ConfirmPasswordRequired),
  })
  .superRefine((v, ctx) =>
    checkPasswordPair(
      { oldPassword: v.oldPassword, next: v.newPassword, confirm: v.confirmPassword },
      'newPassword',
      'confirmPassword',
      ctx,
    ),
  );
export type ForcedPasswordChangeForm = z.input<typeof forcedPasswordChangeSchema>;
