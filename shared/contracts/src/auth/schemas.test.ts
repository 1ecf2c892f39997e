import { AuthMessage, changePasswordSchema, forcedPasswordChangeSchema, loginSchema } from './schemas';
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

describe('forcedPasswordChangeSchema', () => {
  const ok = { loginAccount: 'demo', oldPassword: 'Demo12345', newPassword: 'Fresh2026x', confirmPassword: 'Fresh2026x' };
  it('accepts a valid form', () => expect(forcedPasswordChangeSchema.safeParse(ok).success).toBe(true));
  it('applies the same rules under the forced form names', () => {
    expect(fieldErrors(forcedPasswordChangeSchema, { ...ok, confirmPassword: 'x' }).confirmPassword).toBe(AuthMessage.PasswordMismatch);
    expect(fieldErrors(forcedPasswordChangeSchema, { ...ok, newPassword: 'Demo12345', confirmPassword: 'Demo12345' }).newPassword).toBe(
      AuthMessage.PasswordSameAsOld,
    );
    expect(fieldErrors(forcedPasswordChangeSchema, { ...ok, newPassword: 'short1', confirmPassword: 'short1' }).newPassword).toBe(
      AuthMessage.PasswordRule,
    );
    expect(fieldErrors(forcedPasswordChangeSchema, { ...ok, loginAccount: 'ab' }).loginAccount).toBe('长度在 3 到 15 个字符');
  });
});
