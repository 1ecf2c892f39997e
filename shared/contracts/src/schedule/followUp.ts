import { z } from 'zod';
import { MAX_ID, queryInt } from '../common/query';

/*
 * Follow-up deadlines and recycling (issue 24): a lead the distribution engine gives to someone
 * must be followed up within the customer's deadline (per project, or one for all projects):
 * read or given a remark in the portal, or showing a call record from the CRM. A lead past its
 * deadline notifies the customer and, when the rule says so, is recycled: taken back from its
 * receiver and given to the next qualifying person on shift, at most `recycleLimit` times.
 */

export const FOLLOW_UP_DEADLINE_MIN_MINUTES = 1;
/** A week. */
export const FOLLOW_UP_DEADLINE_MAX_MINUTES = 7 * 24 * 60;
export const FOLLOW_UP_RECYCLE_MAX = 5;
/** Working hours, China time, Monday to Friday: a deadline in working minutes counts only these. */
export const WORKING_DAY_START_MINUTE = 9 * 60;
export const WORKING_DAY_END_MINUTE = 18 * 60;
/** The rule of every project without one of its own. */
export const ALL_PROJECTS_ITEM_ID = 0;

/**
 * The CRMs whose open API changes the follower of a record it holds (ec customer/change/user,
 * 伙伴云 PUT item/{id} with the owner field): a recycled lead that was pushed there has its record
 * follow its new receiver, when that person was synced from the CRM. 励销 and 销帮帮 document no
 * such call. The server's connectors implement `reassign` for exactly these (a test holds them to it).
 */
export const FOLLOWER_CHANGE_CRMS = ['ec', 'huoban'] as const;

/**
 * The CRMs whose open API lists the follow-up records on a record it holds (销帮帮
 * communicate/list): the push worker reads them for pushed leads whose follow-up deadline runs,
 * and a record the receiver wrote in the CRM is a follow-up (the clock stops; the lead's 跟进详情
 * shows it). EC, 励销 and 伙伴云 document no such read. The connectors implement
 * `followUpRecords` for exactly these (a test holds them to it).
 */
export const FOLLOW_UP_RECORD_CRMS = ['xbb'] as const;
/** How often the follow-up records of one pushed lead are read while its deadline runs. */
export const FOLLOW_UP_RECORD_EVERY_MS = 5 * 60_000;
/** The most follow-up records of one lead read and kept (the newest). */
export const FOLLOW_UP_RECORDS_MAX = 50;

export const FollowUpText = {
  Title: '跟进时限',
  AllProjects: '全部项目',
  Project: '项目',
  Deadline: '跟进时限（分钟）',
  WorkingHoursOnly: '只计工作时间（周一至周五 9:00-18:00）',
  Recycle: '超时回收',
  RecycleLimit: '最多回收次数',
  Add: '新增跟进时限',
  Save: '保存',
  Remove: '删除',
  Empty: '尚未设置跟进时限，分配出的线索不限跟进时间',
  Saved: '跟进时限已保存',
  Removed: '跟进时限已删除',
  DeadlineInvalid: `跟进时限须为${FOLLOW_UP_DEADLINE_MIN_MINUTES}到${FOLLOW_UP_DEADLINE_MAX_MINUTES}之间的整数（分钟）`,
  RecycleLimitInvalid: `回收次数须为0到${FOLLOW_UP_RECYCLE_MAX}之间的整数`,
  ItemInvalid: '项目不正确',
  FlagInvalid: '开关设置不正确',
  NoticeTitle: '线索超时未跟进',
  notice: (name: string, mobile: string, receiver: string, minutes: number): string =>
    `线索“${name}（${mobile}）”分配给${receiver}后${minutes}分钟内未跟进。`,
  noticeRecycled: (to: string): string => `已回收并重新分配给${to}。`,
  noticeNobody: '已到回收时间，但当前没有可接收的排班人员，线索仍由原接收人跟进。',
  RecycleReason: '超时未跟进',
  RecycleNobody: '超时未跟进，无可接收人员',
  Recycles: '回收记录',
  /** The CRM follower change of a recycled lead (its push log reasons). */
  CrmFollowerChanged: 'CRM跟进人已变更为新接收人',
  CrmFollowerNotSynced: '新接收人不是从该CRM同步的员工，CRM跟进人未变更',
  CrmRecordMissing: '线索在该CRM中没有记录，跟进人未变更',
  CrmFollowerUnsupported: '该CRM的开放接口不支持变更跟进人',
  CrmFollowerChanges: 'CRM跟进人变更',
  CrmFollowerPending: '等待变更',
  crmFollowerLine: (crm: string, state: string, time: string): string => `${crm}：${state}（${time}）`,
  recycled: (from: string, to: string | null): string => (to ? `从${from}回收，分配给${to}` : `从${from}回收失败：无可接收人员`),
} as const;

/** A customer's follow-up rule (GET /customer/follow-up-rules: the list). */
export const followUpRuleSchema = z.object({
  /** ALL_PROJECTS_ITEM_ID (0): every project without its own rule. */
  itemId: z.number(),
  itemTitle: z.string(),
  deadlineMinutes: z.number(),
  workingHoursOnly: z.boolean(),
  recycle: z.boolean(),
  recycleLimit: z.number(),
});
export type FollowUpRule = z.infer<typeof followUpRuleSchema>;

/** PUT /customer/follow-up-rules: saves one project's rule (or the one for all projects). */
export const followUpRuleSaveSchema = z.object({
  itemId: z
    .number({ error: FollowUpText.ItemInvalid })
    .int({ error: FollowUpText.ItemInvalid })
    .min(0, { error: FollowUpText.ItemInvalid })
    .max(MAX_ID, { error: FollowUpText.ItemInvalid }),
  deadlineMinutes: z
    .number({ error: FollowUpText.DeadlineInvalid })
    .int({ error: FollowUpText.DeadlineInvalid })
    .min(FOLLOW_UP_DEADLINE_MIN_MINUTES, { error: FollowUpText.DeadlineInvalid })
    .max(FOLLOW_UP_DEADLINE_MAX_MINUTES, { error: FollowUpText.DeadlineInvalid }),
  workingHoursOnly: z.boolean({ error: FollowUpText.FlagInvalid }),
  recycle: z.boolean({ error: FollowUpText.FlagInvalid }),
  recycleLimit: z
    .number({ error: FollowUpText.RecycleLimitInvalid })
    .int({ error: FollowUpText.RecycleLimitInvalid })
    .min(0, { error: FollowUpText.RecycleLimitInvalid })
    .max(FOLLOW_UP_RECYCLE_MAX, { error: FollowUpText.RecycleLimitInvalid }),
});
export type FollowUpRuleSave = z.infer<typeof followUpRuleSaveSchema>;

/** DELETE /customer/follow-up-rules/{itemId}: a project's id, or 0 for the rule of all projects. */
export const followUpItemParamsSchema = z.object({ itemId: queryInt(FollowUpText.ItemInvalid, 0, MAX_ID) });

/** A recycle of a lead, as its distribution record lists them (China time). */
export const leadRecycleSchema = z.object({
  time: z.string(),
  fromName: z.string(),
  toName: z.string().nullable(),
  reason: z.string(),
});
export type LeadRecycle = z.infer<typeof leadRecycleSchema>;

/** A recycled lead's follower change in one CRM: pending, delivered, refused or failed (PushStatus), why, and when (China time). */
export const crmFollowerChangeSchema = z.object({
  crmCode: z.string(),
  status: z.string(),
  reason: z.string().nullable(),
  time: z.string(),
});
export type CrmFollowerChange = z.infer<typeof crmFollowerChangeSchema>;

const CHINA_OFFSET_MS = 8 * 3600_000;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * The instant `minutes` after `from`: plain minutes, or only working minutes (Monday to Friday,
 * WORKING_DAY_START_MINUTE to WORKING_DAY_END_MINUTE, China time). Bounded: a week of working
 * minutes crosses at most a few weeks of days.
 */
export function followUpDeadline(from: Date, minutes: number, workingHoursOnly: boolean): Date {
  if (!workingHoursOnly) return new Date(from.getTime() + minutes * MINUTE_MS);
  let left = minutes;
  // China wall-clock milliseconds (as if UTC), walked day by day.
  let wall = from.getTime() + CHINA_OFFSET_MS;
  for (let guard = 0; guard < 400; guard += 1) {
    const dayStart = Math.floor(wall / DAY_MS) * DAY_MS;
    const weekday = new Date(dayStart).getUTCDay();
    const open = dayStart + WORKING_DAY_START_MINUTE * MINUTE_MS;
    const close = dayStart + WORKING_DAY_END_MINUTE * MINUTE_MS;
    if (weekday !== 0 && weekday !== 6 && wall < close) {
      const start = Math.max(wall, open);
      const available = (close - start) / MINUTE_MS;
      if (left <= available) return new Date(start + left * MINUTE_MS - CHINA_OFFSET_MS);
      left -= available;
    }
    wall = dayStart + DAY_MS;
  }
  throw new RangeError('deadline too far');
}
