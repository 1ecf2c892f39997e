import { z } from 'zod';
import { CRM_LABELS } from '../crm/enums';
import { PhoneCheckText } from './phoneCheck';

/*
 * Duplicate leads (issue 24): a lead whose contact matches an earlier original lead of the same
 * customer (or project) within the window is stored, marked duplicate with its reason, and, by
 * the customer's rule, held back from distribution and push or treated as new.
 */

export const DUPLICATE_WINDOW_DEFAULT_DAYS = 30;
export const DUPLICATE_WINDOW_MAX_DAYS = 365;
/** A window of 0 days turns the check off: every lead is new. */
export const DUPLICATE_WINDOW_OFF = 0;

/** Where a duplicate is looked for: all the customer's leads, or the same project's only. */
export const DUPLICATE_SCOPES = ['customer', 'project'] as const;
export type DuplicateScope = (typeof DUPLICATE_SCOPES)[number];
export const DUPLICATE_SCOPE_LABELS: Record<DuplicateScope, string> = { customer: '全部项目', project: '同一项目' };

/**
 * What a duplicate does: `hold` stores it without distributing or pushing it (the default);
 * `note` holds it back too, and writes a follow-up (跟进记录) about it on the first lead's record
 * in each CRM the first lead was pushed to, where that CRM's API has a follow-up call
 * (DUPLICATE_NOTE_CRMS); `new` treats it as a new lead (distributed and pushed) while still marking it.
 */
export const DUPLICATE_ACTIONS = ['hold', 'note', 'new'] as const;
export type DuplicateAction = (typeof DUPLICATE_ACTIONS)[number];

/**
 * The CRMs whose open API writes a follow-up on a record it holds (ec record/addTelRecord,
 * lixiao revisit_logs, xbb communicate/add); 伙伴云's openapi v1 has no such call. The server's
 * connectors implement `followUp` for exactly these (a test holds them to it).
 */
export const DUPLICATE_NOTE_CRMS = ['ec', 'lixiao', 'xbb'] as const;

export const DUPLICATE_ACTION_LABELS: Record<DuplicateAction, string> = {
  hold: '不分配、不推送',
  note: `不分配，在首条线索的CRM记录上写跟进（${DUPLICATE_NOTE_CRMS.map((code) => CRM_LABELS[code]).join('、')}）`,
  new: '按新线索分配和推送',
};

/** The follow-up written on the first lead's CRM record about a duplicate: who came back, when, from where. */
export const duplicateNoteContent = (lead: { name: string; mobile: string; at: string; itemTitle: string | null; reason: string | null }): string =>
  `重复留资：${lead.name || '未留姓名'}（${lead.mobile}）于${lead.at}再次留资${lead.itemTitle ? `，项目：${lead.itemTitle}` : ''}${lead.reason ? `；${lead.reason}` : ''}`;

export const DuplicateText = {
  Tag: '重复',
  FilterLabel: '重复线索',
  OnlyDuplicates: '只看重复',
  WithoutDuplicates: '不含重复',
  FirstLead: '查看首条线索',
  WindowInvalid: `查重天数须为0到${DUPLICATE_WINDOW_MAX_DAYS}之间的整数（0为不查重）`,
  ScopeInvalid: '请选择查重范围',
  ActionInvalid: '请选择重复线索的处理方式',
  FilterInvalid: '重复筛选不正确',
  /** The push log's reasons of a duplicate's follow-up on its first lead's record. */
  NoteWritten: '已在首条线索的CRM记录上写跟进',
  NoteUnsupported: '该CRM的开放接口不支持写跟进记录',
  NoteFirstNotPushed: '首条线索未推送到该CRM，无法写跟进',
  NoteFirstDeleted: '线索或其首条线索已删除',
} as const;

/** What the first lead was, as the reason names it. */
export const duplicateSourceLabel = (first: { resType: number; listKind: string }): string =>
  first.resType === 2 ? '智能对话' : first.listKind === 'baiList' ? '留言板' : '表单';

/** The reason shown on a duplicate: '与 3 天前的表单线索重复', '与今天的智能对话线索重复'. */
export const duplicateReason = (daysAgo: number, source: string): string =>
  daysAgo <= 0 ? `与今天的${source}线索重复` : `与 ${daysAgo} 天前的${source}线索重复`;

/**
 * The phone as duplicates compare it: the digits of a mainland number without the country code
 * (86 or 0086 before a 1xxxxxxxxxx mobile); other numbers as sent. The SQL of the migration that
 * filled the column computes the same.
 */
export function phoneKeyOf(mobile: string): string | null {
  const digits = mobile.replace(/\D/g, '');
  if (digits.length < 5) return null;
  if (/^00861\d{10}$/.test(digits)) return digits.slice(4);
  if (/^861\d{10}$/.test(digits)) return digits.slice(2);
  return digits;
}

/** The other contact (微信号, QQ, ...) as duplicates compare it: trimmed, lower case, without spaces; null when under 3 characters. */
export function otherKeyOf(other: string | null | undefined): string | null {
  const key = (other ?? '').trim().toLowerCase().replaceAll(' ', '');
  return key.length >= 3 ? key.slice(0, 100) : null;
}

/** The customer's duplicate rule (GET and PUT /customer/lead-rules). */
export const leadRulesSchema = z.object({
  duplicateWindowDays: z.number(),
  duplicateScope: z.enum(DUPLICATE_SCOPES),
  duplicateAction: z.enum(DUPLICATE_ACTIONS),
  /** Empty and risky numbers held back from distribution and push (PHONE_HOLD_CLASSES). */
  phoneHoldBack: z.boolean(),
  /** Whether this server has a phone checker configured (the hold-back needs one). */
  phoneChecker: z.boolean(),
});
export type LeadRules = z.infer<typeof leadRulesSchema>;

export const DEFAULT_LEAD_RULES: LeadRules = {
  duplicateWindowDays: DUPLICATE_WINDOW_DEFAULT_DAYS,
  duplicateScope: 'customer',
  duplicateAction: 'hold',
  phoneHoldBack: false,
  phoneChecker: false,
};

/** The body of PUT /customer/lead-rules: every field, bounded. */
export const leadRulesSaveSchema = z.object({
  duplicateWindowDays: z
    .number({ error: DuplicateText.WindowInvalid })
    .int({ error: DuplicateText.WindowInvalid })
    .min(DUPLICATE_WINDOW_OFF, { error: DuplicateText.WindowInvalid })
    .max(DUPLICATE_WINDOW_MAX_DAYS, { error: DuplicateText.WindowInvalid }),
  duplicateScope: z.enum(DUPLICATE_SCOPES, { error: DuplicateText.ScopeInvalid }),
  duplicateAction: z.enum(DUPLICATE_ACTIONS, { error: DuplicateText.ActionInvalid }),
  /** Absent: kept as it is. */
  phoneHoldBack: z.boolean({ error: PhoneCheckText.HoldInvalid }).optional(),
});
export type LeadRulesSave = z.infer<typeof leadRulesSaveSchema>;
