import { z } from 'zod';
import { crmFollowerChangeSchema, leadRecycleSchema } from './followUp';
import { chinaDate } from '../common/date';
import { idParam, idValue } from '../common/query';
import { CRM_CODES } from '../crm/enums';

/**
 * Call-centre scheduling and lead distribution (spec 001 sections 2-9, "Call-centre schedule
 * page", "Daily arrangement", "Scheduling" rules, "Call-centre scheduling" calls, "Scheduling
 * notices"): the request and answer schemas of every `/rest/es/dailyarrange...` call with the
 * spec's Chinese messages, the time-range grammar the engine and the screens share, and the
 * record of why a lead went to whom. A subpath (`@portal/contracts/schedule`): the login page
 * must not carry it.
 */

/** Texts of the schedule page and calls: the spec's, then ours (marked). */
export const ScheduleMessage = {
  SelectDataFirst: '请先选择需要设置的数据',
  EndBeforeStart: '结束时间不能小于开始时间',
  SelectStaffFirst: '请先选择排班人员',
  NoStaffToAdd: '没有可添加人员',
  NoProjects: '当前没有项目，不能排班',
  SelectProjectFirst: '请先选择项目',
  DayNotScheduled: '该日期尚未排班',
  NothingToDelete: '暂无数据可删',
  NoScheduledDays: '暂未有已排班的日期，请先排班',
  PickScheduledDay: '请在上面选择已排班的日期',
  CopySucceeded: '复制成功',
  ImportSucceeded: '导入成功！',
  SyncSucceeded: '同步成功！',
  SaveSucceeded: '保存成功！',
  SaveFailed: '保存失败',
  DeleteConfirm: '确定要删除吗?',
  DeleteSucceeded: '删除成功！',
  DeleteFailed: '删除失败！',
  DeleteCancelled: '已取消删除',
  OperationFailed: '操作失败',
  // Ours (the spec gives no text for these).
  CrmCodeInvalid: 'CRM类型不正确',
  DateInvalid: '日期格式不正确，应为YYYY-MM-DD',
  MonthInvalid: '月份格式不正确，应为YYYY-MM',
  ItemInvalid: '项目不正确',
  ItemNotFound: '项目不存在',
  StaffInvalid: '排班人员不正确',
  StaffNotFound: '排班人员不存在',
  StaffRepeated: '同一人员在一天中只能排班一次',
  TooManyRows: `一天最多排班${200}人`,
  DataNumInvalid: '每轮数量须为0至999的整数',
  DataNumLimitInvalid: '每日上限须为0至99999的整数',
  TimeInvalid: '时间段格式不正确，应为HH:mm-HH:mm',
  TooManyRanges: '每人最多设置6个时间段',
  RangesOverlap: '时间段不能重叠',
  AcceptGroupNotFound: '接收组不存在',
  CopyTargetsRequired: '请选择要复制到的日期',
  CopyTargetsTooMany: '一次最多复制到31天',
  CopyTargetIsSource: '不能复制到被复制的日期',
  ImportFileRequired: '请选择要导入的文件',
  ImportFormat: '只能导入xls或xlsx文件',
  ImportTooLarge: '文件不能超过2MB',
  ImportUnreadable: '文件无法读取，请使用导入模板',
  ImportFormula: '表格中不能含有公式，请只填写内容',
  ImportMissingColumns: '表格缺少列：',
  ImportEmpty: '表格中没有数据',
  ImportTooManyRows: `一次最多导入${200}行`,
  ImportTooManyColumns: `表格最多${100}列，请使用导入模板`,
  ImportTimeout: '文件解析超时，请使用导入模板',
  ImportTooComplex: '文件内容过多，无法解析，请使用导入模板',
  ImportBusy: '导入的文件较多，请稍后再试',
  ImportExpired: '导入已过期，请重新导入',
  ImportUnknownStaff: '找不到员工：',
  ImportUnknownGroup: '找不到接收组：',
  RepeatChoiceInvalid: '请为重名人员选择正确的员工',
} as const;

/** Days of the month's grid (spec section 9). */
export const SCHEDULE_DAYS = { min: 1, max: 31 } as const;
/** Bounds of a schedule (ours): rows per day, time ranges per row, copy targets, quantities. */
export const SCHEDULE_LIMITS = {
  rowsPerDay: 200,
  rangesPerRow: 6,
  copyTargets: 31,
  dataNumMax: 999,
  dataNumLimitMax: 99_999,
  importBytes: 2 * 1024 * 1024,
  importRows: 200,
  /** Columns an import sheet may declare or hold (the template has six). */
  importColumns: 100,
} as const;
/** What a new row starts with (add from the staff tree): one per round, no cap, all day. */
export const ARRANGEMENT_DEFAULTS = { dataNum: 1, dataNumLimit: null, timeStr: '' } as const;

/**
 * The import sheet's columns, in the template's order; `required` columns must be present (the
 * others may be left out or blank). The template download writes exactly these headers.
 */
export const IMPORT_COLUMNS = [
  { key: 'userName', header: '姓名', required: true },
  { key: 'phone', header: '手机号', required: false },
  { key: 'acceptGroup', header: '接收组', required: false },
  { key: 'dataNum', header: '每轮数量', required: false },
  { key: 'dataNumLimit', header: '每日上限', required: false },
  { key: 'timeStr', header: '时间段', required: false },
] as const;
export type ImportColumnKey = (typeof IMPORT_COLUMNS)[number]['key'];
export const IMPORT_TEMPLATE_NAME = '排班导入模板.xlsx';

// ---------------------------------------------------------------------------------------------
// Time ranges: 'HH:mm-HH:mm' separated by spaces; '' is all day. End after start; 24:00 ends a
// day. A shift over midnight is two rows: '22:00-24:00' on one day and '00:00-02:00' on the next.

export interface TimeRange {
  /** Minutes from 00:00, inclusive. */
  start: number;
  /** Minutes from 00:00, exclusive (1440 = 24:00). */
  end: number;
}
export type TimeStrResult = { ok: true; ranges: TimeRange[] } | { ok: false; message: string };

const RANGE = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]|24):([0-5]\d)$/;
const toMinutes = (hours: string, minutes: string) => Number(hours) * 60 + Number(minutes);

/** Parses a row's timeStr; '' (or spaces) is all day: no ranges. */
export function parseTimeStr(value: string): TimeStrResult {
  const parts = value.trim().split(/\s+/).filter(Boolean);
  if (parts.length > SCHEDULE_LIMITS.rangesPerRow) return { ok: false, message: ScheduleMessage.TooManyRanges };
  const ranges: TimeRange[] = [];
  for (const part of parts) {
    const match = RANGE.exec(part);
    if (!match) return { ok: false, message: ScheduleMessage.TimeInvalid };
    const start = toMinutes(match[1], match[2]);
    const end = toMinutes(match[3], match[4]);
    if (end > 24 * 60) return { ok: false, message: ScheduleMessage.TimeInvalid };
    if (end <= start) return { ok: false, message: ScheduleMessage.EndBeforeStart };
    ranges.push({ start, end });
  }
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i += 1) {
    if (sorted[i].start < sorted[i - 1].end) return { ok: false, message: ScheduleMessage.RangesOverlap };
  }
  return { ok: true, ranges: sorted };
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Minutes as 'HH:mm' (1440 as '24:00'). */
export const formatMinutes = (minutes: number): string => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
/** Ranges back to a timeStr, in order. */
export const formatTimeStr = (ranges: readonly TimeRange[]): string =>
  [...ranges]
    .sort((a, b) => a.start - b.start)
    .map((range) => `${formatMinutes(range.start)}-${formatMinutes(range.end)}`)
    .join(' ');

/** Whether minute-of-day `minute` (0..1439) falls in the ranges; none is all day. */
export const onShift = (ranges: readonly TimeRange[], minute: number): boolean =>
  ranges.length === 0 || ranges.some((range) => minute >= range.start && minute < range.end);

const timeStr = z
  .string({ error: ScheduleMessage.TimeInvalid })
  .max(100, { error: ScheduleMessage.TimeInvalid })
  .superRefine((value, ctx) => {
    const parsed = parseTimeStr(value);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
  })
  .transform((value) => {
    const parsed = parseTimeStr(value);
    return parsed.ok ? formatTimeStr(parsed.ranges) : value;
  });

// ---------------------------------------------------------------------------------------------
// Requests

const crmCode = z.enum(CRM_CODES, { error: ScheduleMessage.CrmCodeInvalid });
const date = chinaDate(ScheduleMessage.DateInvalid);
const itemParam = idParam(ScheduleMessage.SelectProjectFirst);
const month = z.string({ error: ScheduleMessage.MonthInvalid }).regex(/^(20\d\d)-(0[1-9]|1[0-2])$/, { error: ScheduleMessage.MonthInvalid });

/** `?crmCode=` of the schedule calls. */
export const scheduleCrmQuerySchema = z.object({ crmCode });
/** GET getDateExists: the month's scheduled days of a project. */
export const dateExistsQuerySchema = z.object({
  crmCode,
  itemId: z.preprocess((value) => (value === '' ? undefined : value), itemParam),
  month,
});
/** {date}/{itemId} of the day calls. */
export const dayParamsSchema = z.object({ date, itemId: itemParam });
/** crmuser/list/{itemId}/{date}. */
export const staffParamsSchema = z.object({ itemId: itemParam, date });

/** A quantity: a whole number in bounds, or null (empty). */
const quantity = (max: number, message: string) =>
  z.number({ error: message }).int({ error: message }).min(0, { error: message }).max(max, { error: message }).nullable();

/** One row of a day as the page saves it (names, phone and department come from the staff). */
export const arrangementInputSchema = z.object({
  userId: idValue(ScheduleMessage.StaffInvalid),
  acceptGroupId: idValue(ScheduleMessage.AcceptGroupNotFound).nullable(),
  dataNum: quantity(SCHEDULE_LIMITS.dataNumMax, ScheduleMessage.DataNumInvalid),
  dataNumLimit: quantity(SCHEDULE_LIMITS.dataNumLimitMax, ScheduleMessage.DataNumLimitInvalid),
  timeStr,
});
export type ArrangementInput = z.output<typeof arrangementInputSchema>;

/**
 * What is wrong with a quantity as the page holds it (the number typed, null for empty), by the
 * rule the server applies (arrangementInputSchema): '每轮数量须为0至999的整数' for -3, 1.5 or
 * 1000; null when it is valid. Never coerced: -3 is not saved as 0.
 */
export function quantityProblem(field: 'dataNum' | 'dataNumLimit', value: unknown): string | null {
  const checked = arrangementInputSchema.shape[field].safeParse(value);
  return checked.success
    ? null
    : (checked.error.issues[0]?.message ?? ScheduleMessage[field === 'dataNum' ? 'DataNumInvalid' : 'DataNumLimitInvalid']);
}

/** POST /es/dailyarrange (JSON): the day's whole list, in drag order; an empty list unschedules the day. */
export const saveDaySchema = z.object({
  crmCode,
  itemId: idValue(ScheduleMessage.SelectProjectFirst),
  date,
  list: z
    .array(arrangementInputSchema, { error: ScheduleMessage.SelectDataFirst })
    .max(SCHEDULE_LIMITS.rowsPerDay, { error: ScheduleMessage.TooManyRows })
    .refine((rows) => new Set(rows.map((row) => row.userId)).size === rows.length, { error: ScheduleMessage.StaffRepeated }),
});
export type SaveDay = z.output<typeof saveDaySchema>;

/** A form field listing ids or days: 'a,b,c' (or repeated, which the form parser joins). */
const commaList = <T extends z.ZodType>(item: T, max: number, requiredMessage: string, tooManyMessage: string) =>
  z.preprocess(
    (value) =>
      (Array.isArray(value) ? value.join(',') : typeof value === 'string' ? value : '')
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    z.array(item).min(1, { error: requiredMessage }).max(max, { error: tooManyMessage }),
  );

/** POST copyList (form-encoded): copy `date`'s rows to each of `dates`, replacing theirs. */
export const copyDaySchema = z
  .object({
    crmCode,
    itemId: itemParam,
    date,
    dates: commaList(date, SCHEDULE_LIMITS.copyTargets, ScheduleMessage.CopyTargetsRequired, ScheduleMessage.CopyTargetsTooMany),
  })
  .refine((body) => !body.dates.includes(body.date), { error: ScheduleMessage.CopyTargetIsSource, path: ['dates'] });

/** POST insertCrmUser (form-encoded): add staff (ids of the staff list) to a day, each with the defaults. */
export const insertStaffSchema = z.object({
  crmCode,
  itemId: itemParam,
  date,
  userIds: commaList(
    idParam(ScheduleMessage.StaffInvalid),
    SCHEDULE_LIMITS.rowsPerDay,
    ScheduleMessage.SelectStaffFirst,
    ScheduleMessage.TooManyRows,
  ),
});

/** The text fields of POST files (multipart, with `file`). */
export const importFieldsSchema = z.object({ crmCode, itemId: itemParam, date });

/** POST submitRepeat (JSON): for each repeated name, the staff id chosen (null: none chosen, the first is taken). */
export const submitRepeatSchema = z.object({
  importId: z.string({ error: ScheduleMessage.ImportExpired }).regex(/^[0-9a-f]{32}$/, { error: ScheduleMessage.ImportExpired }),
  choices: z
    .array(
      z.object({
        userName: z.string({ error: ScheduleMessage.RepeatChoiceInvalid }).min(1).max(50),
        userId: idValue(ScheduleMessage.RepeatChoiceInvalid).nullable(),
      }),
    )
    .max(SCHEDULE_LIMITS.importRows, { error: ScheduleMessage.RepeatChoiceInvalid }),
});

// ---------------------------------------------------------------------------------------------
// Answers

/** A project of the picker (itemList): every project of the customer; inactive ones are shown disabled. */
export const scheduleItemSchema = z.object({
  itemId: z.number(),
  itemTitle: z.string(),
  /** Item status: 1 on-air, 0 invalid or under review, -1 taken down. */
  status: z.number(),
  /** Days scheduled from today on (this CRM). */
  scheduledDays: z.number(),
});

/** One staff member on one day of one project (spec section 3 "Daily arrangement"). */
export const dailyArrangementSchema = z.object({
  id: z.number(),
  createTime: z.string(),
  creater: z.string(),
  crmCode: z.string(),
  /** Quantity per round; null: empty (no leads in rounds, as 0). */
  dataNum: z.number().nullable(),
  /** Daily cap; null: unlimited; 0: none. */
  dataNumLimit: z.number().nullable(),
  date: z.string(),
  deptId: z.string(),
  deptName: z.string(),
  itemsId: z.number(),
  itemsTitle: z.string(),
  phone: z.string(),
  sort: z.number(),
  /** The staff member (the staff list's id). */
  userId: z.number(),
  userName: z.string(),
  wyCustomerId: z.number(),
  /** Space-separated 'HH:mm-HH:mm' ranges; '' all day. */
  timeStr: z.string(),
  status: z.number(),
  acceptGroupId: z.number().nullable(),
  /** Leads this person has been given on that day (ours). */
  distributedNum: z.number(),
});
export type DailyArrangement = z.infer<typeof dailyArrangementSchema>;

/** A staff member of the staff tree (crmuser/list/{itemId}/{date}), grouped by department on the page. */
export const scheduleStaffSchema = z.object({
  id: z.number(),
  crmUserId: z.string(),
  userName: z.string(),
  phone: z.string(),
  deptName: z.string(),
  /** Already on that day's schedule of the project. */
  scheduled: z.boolean(),
});
export type ScheduleStaff = z.infer<typeof scheduleStaffSchema>;

/** A name of an import that several staff members carry, with the rows it is on and the candidates. */
export const importRepeatSchema = z.object({
  userName: z.string(),
  rows: z.array(z.number()),
  candidates: z.array(z.object({ id: z.number(), userName: z.string(), phone: z.string(), deptName: z.string() })),
});

/** POST files / submitRepeat: done (the day now holds `count` rows), or names to resolve first. */
export const importResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('done'), count: z.number() }),
  z.object({ status: z.literal('repeat'), importId: z.string(), repeats: z.array(importRepeatSchema) }),
]);
export type ImportResult = z.infer<typeof importResultSchema>;

/** How many rows a write left on the day(s) it touched. */
export const scheduleCountSchema = z.object({ count: z.number() });

// ---------------------------------------------------------------------------------------------
// Distribution: why a lead went to whom (the lead detail page)

/** A lead's distribution state. */
export const DistributionStatus = {
  /** Given to a person on shift. */
  Assigned: 'assigned',
  /** The project is scheduled today but nobody qualifies now: waiting in the project's queue. */
  Waiting: 'waiting',
  /** Not distributed: no synced CRM, the rule matched no group, or the project is not scheduled today. */
  Skipped: 'skipped',
  /** Left the queue because the customer assigned it by hand. */
  Manual: 'manual',
} as const;
export type DistributionStatus = (typeof DistributionStatus)[keyof typeof DistributionStatus];

/** Why a candidate was passed over. */
export const SkipReason = { OffShift: 'offShift', DailyCap: 'dailyCap', NoQuota: 'noQuota' } as const;
export type SkipReason = (typeof SkipReason)[keyof typeof SkipReason];
export const SKIP_REASON_LABELS: Record<SkipReason, string> = {
  offShift: '不在班时间',
  dailyCap: '已达每日上限',
  noQuota: '每轮数量为0，不参与轮分',
};

/** Why a lead was not given to anyone (yet). */
export const WaitReason = {
  NoSyncedCrm: 'noSyncedCrm',
  NoGroup: 'noGroup',
  NotScheduled: 'notScheduled',
  NobodyQualifies: 'nobodyQualifies',
} as const;
export type WaitReason = (typeof WaitReason)[keyof typeof WaitReason];
export const WAIT_REASON_LABELS: Record<WaitReason, string> = {
  noSyncedCrm: '未开启CRM同步，不自动分配',
  noGroup: '分配规则未匹配到接收组',
  notScheduled: '该项目今日尚未排班',
  nobodyQualifies: '当前没有符合条件的排班人员，等待分配',
};

export const distributionSkipSchema = z.object({ userId: z.number(), userName: z.string(), reason: z.enum(['offShift', 'dailyCap', 'noQuota']) });

/** GET /customer/feedback/feedbacks/{id}/distribution (ours): the record, or null for a lead the engine never saw. */
export const leadDistributionSchema = z.object({
  leadId: z.number(),
  status: z.enum(['assigned', 'waiting', 'skipped', 'manual']),
  crmCode: z.string().nullable(),
  /** The rule's type (0, 1, 2) when one applied. */
  ruleType: z.number().nullable(),
  acceptGroupId: z.number().nullable(),
  acceptGroupName: z.string().nullable(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  /** The round (1 = the day's first pass over the list) in which the person took it. */
  round: z.number().nullable(),
  reason: z.enum(['noSyncedCrm', 'noGroup', 'notScheduled', 'nobodyQualifies']).nullable(),
  skipped: z.array(distributionSkipSchema),
  /** When it arrived, and when it was given (China time). */
  createTime: z.string(),
  assignTime: z.string().nullable(),
  /** Its recycles (issue 24), oldest first. */
  recycles: z.array(leadRecycleSchema),
  /** The change of its CRM records' follower after its last recycle, per CRM (FOLLOWER_CHANGE_CRMS). */
  crmFollowerChanges: z.array(crmFollowerChangeSchema),
  /** When it must be followed up by (China time), null when no deadline runs. */
  followUpDue: z.string().nullable(),
});
export type LeadDistribution = z.infer<typeof leadDistributionSchema>;

export * from './followUp';
