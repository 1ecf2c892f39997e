import { requiredString } from './validation';

/** Phone everywhere: 11 digits, first 1, second 3-9 (spec 000 section 5). */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const PhoneMessage = { Required: '请输入手机号', Invalid: '格式不正确' } as const;

export const isValidPhone = (value: string): boolean => PHONE_PATTERN.test(value);

export const phoneSchema = requiredString(PhoneMessage.Required).regex(PHONE_PATTERN, {
  error: PhoneMessage.Invalid,
});
