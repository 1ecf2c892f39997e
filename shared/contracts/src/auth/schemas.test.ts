import { AuthMessage, changePasswordSchema, forcedPasswordChangeSchema, forcedPasswordFormSchema, loginLockedMessage, loginSchema } from './schemas';
import { fieldErrors } from '../common/validation';

describe('loginSchema', () => {
  it('accepts a normal login and defaults type to 1', () => {
    expect(loginSchema.parse({ loginAccount: 'demo', password: 'x' })).toEqual({ loginAccount: 'demo', password: 'x', type: 1 });
  });
  it.each([
    [{ password: 'x' }, 'loginAccount', '请输入账号'],
    [{ loginAccount: '', password: 'x' }, 'loginAccount', '请输入账号'],
    [{ loginAccount: 'ab', password: 'x' }, 'loginAccount', '长度在 3 到 15 个字符'],
    [{ loginAccount: 'a'.repeat(16), password: 'x' }, 'loginAccount', '长度在 3 到 15 个字符'],
    [{ loginAccount: 'demo' }, 'password', '请输入密码'],
    [{ loginAccount: 'demo', password: '' }, 'password', '请输入密码'],
    [{ loginAccount: 123, password: 'x' }, 'loginAccount', '请输入账号'],
  ])('%j -> %s: %s', (values, field, message) => {
    expect(fieldErrors(loginSchema, values)[field]).toBe(message);
  });
  it('refuses an unknown login type', () => {
    expect(fieldErrors(loginSchema, { loginAccount: 'demo', password: 'x', type: 7 }).type).toBe('登录类型不正确');
  });
  it('accepts exactly 3 and 15 characters', () => {
    expect(loginSchema.safeParse({ loginAccount: 'abc', password: 'x' }).success).toBe(true);
    expect(loginSchema.safeParse({ loginAccount: 'a'.repeat(15), password: 'x' }).success).toBe(true);
  });
});

describe('changePasswordSchema', () => {
  const ok = { oldPassword: 'Demo12345', password: 'Newpass123', confirm: 'Newpass123' };
  it('accepts 8-18 letters and digits with both kinds', () => {
    expect(changePasswordSchema.safeParse(ok).success).toBe(true);
    expect(changePasswordSchema.safeParse({ ...ok, password: 'a1b2c3d4', confirm: 'a1b2c3d4' }).success).toBe(true);
    expect(changePasswordSchema.safeParse({ ...ok, password: 'a1'.repeat(9), confirm: 'a1'.repeat(9) }).success).toBe(true);
  });
  it.each([
    ['onlyletters', '密码（8-18位字母和数字），请重新输入'],
    ['1234567890', '密码（8-18位字母和数字），请重新输入'],
    ['a1b2c3', '密码（8-18位字母和数字），请重新输入'],
    ['a1'.repeat(10), '密码（8-18位字母和数字），请重新输入'],
    ['abc123!@#', '密码（8-18位字母和数字），请重新输入'],
  ])('new password %s is refused with the rule message', (password, message) => {
    expect(fieldErrors(changePasswordSchema, { ...ok, password, confirm: password }).password).toBe(message);
  });
  it('reports a mismatch on confirm', () => {
    expect(fieldErrors(changePasswordSchema, { ...ok, confirm: 'Other1234' }).confirm).toBe(AuthMessage.PasswordMismatch);
    expect(AuthMessage.PasswordMismatch).toBe('新密码与确认新密码不一致，请重新输入');
  });
  it('refuses a new password equal to the old one', () => {
    expect(fieldErrors(changePasswordSchema, { oldPassword: 'Demo12345', password: 'Demo12345', confirm: 'Demo12345' }).password).toBe(
      '新密码不能与旧密码一样',
    );
  });
  it('requires every field with its own message', () => {
    expect(fieldErrors(changePasswordSchema, {})).toEqual({
      oldPassword: '请输入原密码',
      password: '请输入新密码',
      confirm: '请再次输入新密码',
    });
  });
});

describe('account rule', () => {
  it('refuses control characters in the account', () => {
    for (const loginAccount of ['a\u0000b', 'ab\ncd', 'ab\u007f']) {
      expect(fieldErrors(loginSchema, { loginAccount, password: 'Demo12345' }).loginAccount).toBe(AuthMessage.AccountInvalid);
    }
    expect(fieldErrors(loginSchema, { loginAccount: '张三abc', password: 'Demo12345' }).loginAccount).toBeUndefined();
  });
});

describe('forcedPasswordFormSchema', () => {
  const ok = { loginAccount: 'demo', oldPassword: 'Demo12345', newPassword: 'Fresh2026x', confirmPassword: 'Fresh2026x' };
  it('accepts a valid form', () => expect(forcedPasswordFormSchema.safeParse(ok).success).toBe(true));
  it('applies the same rules under the forced form names', () => {
    expect(fieldErrors(forcedPasswordFormSchema, { ...ok, confirmPassword: 'x' }).confirmPassword).toBe(AuthMessage.PasswordMismatch);
    expect(fieldErrors(forcedPasswordFormSchema, { ...ok, newPassword: 'Demo12345', confirmPassword: 'Demo12345' }).newPassword).toBe(
      AuthMessage.PasswordSameAsOld,
    );
    expect(fieldErrors(forcedPasswordFormSchema, { ...ok, newPassword: 'short1', confirmPassword: 'short1' }).newPassword).toBe(
      AuthMessage.PasswordRule,
    );
    expect(fieldErrors(forcedPasswordFormSchema, { ...ok, loginAccount: 'ab' }).loginAccount).toBe('长度在 3 到 15 个字符');
  });
});

describe('forcedPasswordChangeSchema', () => {
  const ok = { loginAccount: 'demo', oldPassword: 'Demo12345', newPassword: 'Fresh2026x', confirmPassword: 'Fresh2026x' };
  it('needs the changeToken of the 10002 login beside the form', () => {
    expect(forcedPasswordChangeSchema.safeParse({ ...ok, changeToken: 'abc' }).success).toBe(true);
    expect(fieldErrors(forcedPasswordChangeSchema, ok).changeToken).toBe(AuthMessage.ChangeTokenInvalid);
    expect(fieldErrors(forcedPasswordChangeSchema, { ...ok, changeToken: 'x'.repeat(129) }).changeToken).toBe(AuthMessage.ChangeTokenInvalid);
    expect(fieldErrors(forcedPasswordChangeSchema, { ...ok, changeToken: 'abc', confirmPassword: 'x' }).confirmPassword).toBe(
      AuthMessage.PasswordMismatch,
    );
  });
});

describe('loginLockedMessage', () => {
  it('tells the wait in whole minutes, at least one', () => {
    expect(loginLockedMessage(1)).toBe('密码错误次数过多，请1分钟后再试');
    expect(loginLockedMessage(61)).toBe('密码错误次数过多，请2分钟后再试');
    expect(loginLockedMessage(900)).toBe('密码错误次数过多，请15分钟后再试');
  });
});
