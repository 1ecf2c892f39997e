import { PHONE_PATTERN, PhoneMessage } from './phone-rule';
import { requiredString } from './validation';

export { PHONE_PATTERN, PhoneMessage };

export const isValidPhone = (value: string): boolean => PHONE_PATTERN.test(value);

export const phoneSchema = requiredString(PhoneMessage.Required).regex(PHONE_PATTERN, {
  error: PhoneMessage.Invalid,
});
