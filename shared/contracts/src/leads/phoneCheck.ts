import { z } from 'zod';
import { MobileStatus, mobileStatusLabel } from './enums';

/*
 * Phone-number classes (issue 24; spec 000 section 1, the help text's phone-safety checker): a
 * checker service classes each lead's number after it is stored, never before; until then the
 * number type is the pattern test (正常 / 疑似问题).
 */

/** The checker's classes, in the help text's order. */
export const PHONE_CLASSES = {
  empty: '空号',
  real: '实号',
  suspended: '停机',
  silent: '沉默号',
  risky: '风险号',
} as const;
export type PhoneClass = keyof typeof PHONE_CLASSES;
export const PHONE_CLASS_KEYS = Object.keys(PHONE_CLASSES) as [PhoneClass, ...PhoneClass[]];
export const isPhoneClass = (value: unknown): value is PhoneClass => typeof value === 'string' && Object.hasOwn(PHONE_CLASSES, value);

/** The classes the hold-back setting keeps from distribution and push. */
export const PHONE_HOLD_CLASSES: readonly PhoneClass[] = ['empty', 'risky'];

/** How long a number's class is reused before it is asked again (days). */
export const PHONE_CHECK_CACHE_DAYS = 30;
/** Leads one re-check request may name. */
export const PHONE_RECHECK_MAX = 500;

export const PhoneCheckText = {
  Column: '号码类型',
  Unchecked: '待检测',
  Recheck: '重新检测号码',
  recheckQueued: (count: number): string => `已提交${count}个号码重新检测，结果稍后显示`,
  RecheckNone: '请选择要检测的线索',
  RecheckTooMany: `一次最多检测${PHONE_RECHECK_MAX}条线索`,
  RecheckNotFound: '所选线索不存在',
  NoChecker: '未配置号码检测服务，无法检测号码',
  HoldInvalid: '号码拦截设置不正确',
  HoldLabel: '空号、风险号不分配、不推送',
  HoldHelp: '开启后，新线索的号码检测完成前暂不分配；检测为空号或风险号的线索不分配、不推送。',
  heldReason: (label: string): string => `${label}，未分配、未推送`,
  Waiting: '号码检测中，检测完成后分配',
} as const;

/**
 * The number type a list shows: the checker's class once checked, else the pattern test's
 * 正常 / 疑似问题 (MobileStatus) marked as not yet checked when a check is pending.
 */
export function phoneTypeLabel(lead: { phoneClass: PhoneClass | null; mobileStatus: number }): string {
  if (lead.phoneClass) return PHONE_CLASSES[lead.phoneClass];
  return mobileStatusLabel(lead.mobileStatus);
}

/** The pattern test's status of a checked number: real is normal, every other class suspected. */
export const mobileStatusOfClass = (phoneClass: PhoneClass): number => (phoneClass === 'real' ? MobileStatus.Normal : MobileStatus.Suspected);

/** POST /customer/leads/phone-check: the leads whose numbers are checked again. */
export const phoneRecheckSchema = z.object({
  ids: z
    .array(z.number({ error: PhoneCheckText.RecheckNone }).int().positive(), { error: PhoneCheckText.RecheckNone })
    .min(1, { error: PhoneCheckText.RecheckNone })
    .max(PHONE_RECHECK_MAX, { error: PhoneCheckText.RecheckTooMany }),
});
export type PhoneRecheck = z.infer<typeof phoneRecheckSchema>;

export const phoneRecheckResultSchema = z.object({ queued: z.number() });
export type PhoneRecheckResult = z.infer<typeof phoneRecheckResultSchema>;
