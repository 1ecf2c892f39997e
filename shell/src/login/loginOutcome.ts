import { AuthMessage, ResponseCode } from '@portal/contracts';

export type LoginOutcome =
  | { kind: 'success' }
  /** `changeToken`: what the forced change must send ('' when the answer had none: the server refuses it then). */
  | { kind: 'forcePasswordChange'; changeToken: string }
  | { kind: 'refused'; message: string };

const hasChinese = (text: string): boolean => /[\u4e00-\u9fff]/.test(text);
const isLockout = (code: string): boolean => code === '429' || /rate.?limit/i.test(code);

/**
 * What the body of POST /customer/login means for the page. A refusal shows the server's Chinese
 * text; a lockout or refusal without one shows the contract's.
 */
export function loginOutcome(body: { code: string; message?: string | null; data?: unknown }): LoginOutcome {
  const code = String(body.code);
  if (code === ResponseCode.Success) return { kind: 'success' };
  if (code === ResponseCode.ForcePasswordChange) {
    const token = (body.data as { changeToken?: unknown } | null | undefined)?.changeToken;
    return { kind: 'forcePasswordChange', changeToken: typeof token === 'string' ? token : '' };
  }
  const message = body.message ?? '';
  if (hasChinese(message)) return { kind: 'refused', message };
  return { kind: 'refused', message: isLockout(code) ? AuthMessage.LoginLocked : AuthMessage.LoginFailed };
}
