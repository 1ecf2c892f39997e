import { AuthMessage, ResponseCode } from '@portal/contracts';

export type LoginOutcome =
  | { kind: 'success' }
  | { kind: 'forcePasswordChange' }
  | { kind: 'refused'; message: string };

const hasChinese = (text: string): boolean => /[\u4e00-\u9fff]/.test(text);
const isLockout = (code: string): boolean => code === '429' || /rate.?limit/i.test(code);

/**
 * What the body of POST /customer/login means for the page. A refusal shows the server's Chinese
 * text; a lockout or refusal without one shows the contract's.
 */
export function loginOutcome(body: { code: string; message?: string | null }): LoginOutcome {
  const code = String(body.code);
  if (code === ResponseCode.Success) return { kind: 'success' };
  if (code === ResponseCode.ForcePasswordChange) return { kind: 'forcePasswordChange' };
  const message = body.message ?? '';
  if (hasChinese(message)) return { kind: 'refused', message };
  return { kind: 'refused', message: isLockout(code) ? AuthMessage.LoginLocked : AuthMessage.LoginFailed };
}
