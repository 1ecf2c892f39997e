/**
 * The phone rule without zod (phone.ts builds its schema on it): for code that must stay small,
 * like the chat widget on a landing page (no zod in its bundle).
 */

/** Phone everywhere: 11 digits, first 1, second 3-9 (spec 000 section 5). */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const PhoneMessage = { Required: '请输入手机号', Invalid: '格式不正确' } as const;
