import { z } from 'zod';
import { DuplicateText } from './duplicates';
import { PHONE_CLASS_KEYS } from './phoneCheck';
import { MessagePlatform } from '../common/enums';
import { paginationQuerySchema } from '../common/pagination';
import { chinaDate, dayRangeCheck } from '../common/date';
import { idParam, idValue, optionalQueryParam, queryInt } from '../common/query';
import { PlatformMessage } from '../platform/schemas';
import { STATS_MAX_DAYS, WorkbenchMessage } from '../workbench/schemas';
import { FileGenre, LeadMessage } from './enums';
import { LEAD_KINDS, LEAD_TABLE_NAMES, type LeadKind } from './kinds';
import { LeadReceiverText } from './state';

/** The most rows one lead export may hold; a larger one is refused before its first byte. */
export const LEAD_EXPORT_MAX_ROWS = 200_000;

/** Texts of the lead calls beyond the spec's action messages (LeadMessage). */
export const LeadApiMessage = {
  NotFound: '数据不存在',
  IdInvalid: '数据编号不正确',
  ReadStatusInvalid: '已读状态不正确',
  FollowerStateInvalid: '分配状态不正确',
  PhoneQueryInvalid: '手机号格式不正确',
  RemarkInvalid: '备注格式不正确',
  RemarkTooLong: '备注不能超过500个字符',
  TooMany: '一次最多操作500条数据',
  TableNameInvalid: '资源类型不正确',
  ReceiverInvalid: '接待人格式不正确',
  PlatformInvalid: '平台不正确',
} as const;

/** The refusal of an export of more than `max` rows ('导出数据超过20万条，…'). */
export const leadExportTooMany = (max: number = LEAD_EXPORT_MAX_ROWS): string =>
  `导出数据超过${max % 10_000 === 0 ? `${max / 10_000}万` : String(max)}条，请缩小时间范围或选择项目后再导出`;

/** The longest receiver name a list filter takes (a CRM staff member's name). */
export const LEAD_RECEIVER_MAX = 50;
/**
 * The receiver filter's value for leads without a receiver: the 未分配 row of a receive report
 * (leads whose 接待人 cell reads 未分配 or, for a CRM duplicate, CRM中已存在).
 */
export const NO_RECEIVER = LeadReceiverText.NotAssigned;

/** The most leads one batch call (read, unread, delete, assign) may name. */
export const LEAD_BATCH_MAX = 500;
export const LEAD_REMARK_MAX = 500;
/** The longest range a list or an export may cover, in days. */
export const LEAD_MAX_DAYS = STATS_MAX_DAYS;

/** A 0/1 (or -1/0/1) query flag. */
const flag = (message: string, min = 0) => queryInt(message, min, 1);

/** Filters shared by the lists and the exports. */
const leadFilterShape = {
  itemId: optionalQueryParam(idParam(PlatformMessage.ItemInvalid)),
  /** 0 unassigned, 1 assigned (isLeadAssigned: a receiver, or the CRM duplicate remark). */
  crmFollowerState: optionalQueryParam(flag(LeadApiMessage.FollowerStateInvalid)),
  /**
   * The receiver's name, exactly (the receive reports' 接收人); NO_RECEIVER for leads without one.
   * Together with crmFollowerState both apply.
   */
  crmFollower: optionalQueryParam(
    z
      .string({ error: LeadApiMessage.ReceiverInvalid })
      .trim()
      .min(1, { error: LeadApiMessage.ReceiverInvalid })
      .max(LEAD_RECEIVER_MAX, { error: LeadApiMessage.ReceiverInvalid })
      .refine(hasNoNul, { error: LeadApiMessage.ReceiverInvalid }),
  ),
  /** Digits only: the whole number or its beginning. */
  phone: optionalQueryParam(z.string({ error: LeadApiMessage.PhoneQueryInvalid }).regex(/^\d{1,20}$/, { error: LeadApiMessage.PhoneQueryInvalid })),
  /** The platform the lead form was sent from (MessagePlatform); the form-list page sends 1. */
  platformId: optionalQueryParam(queryInt(LeadApiMessage.PlatformInvalid, MessagePlatform.Public, MessagePlatform.LoggedIn)),
  /** 1 only the duplicates, 0 none of them (issue 24). */
  duplicate: optionalQueryParam(flag(DuplicateText.FilterInvalid)),
};

const checkRange = dayRangeCheck(LEAD_MAX_DAYS, WorkbenchMessage.RangeTooLong);

/**
 * GET of a lead list. startTime/endTime are China-time days, inclusive; both default to today
 * (an endTime alone starts that day; a startTime alone ends today).
 */
export const leadListQuerySchema = paginationQuerySchema
  .extend({
    startTime: optionalQueryParam(chinaDate()),
    endTime: optionalQueryParam(chinaDate()),
    readStatus: optionalQueryParam(flag(LeadApiMessage.ReadStatusInvalid)),
    ...leadFilterShape,
  })
  .superRefine(checkRange);
export type LeadListQuery = z.infer<typeof leadListQuerySchema>;

/** A day of an export: '请选择时间范围' when missing or blank. */
const requiredDay = z.preprocess((value) => (value === '' ? undefined : value), z.string({ error: LeadMessage.ChooseTimeRange }).pipe(chinaDate()));

/** GET of an export: the range is required; readStatus -1 (default) is any; fileGenre 1 (CSV) is the only format. */
export const leadExportQuerySchema = z
  .object({
    startTime: requiredDay,
    endTime: requiredDay,
    readStatus: optionalQueryParam(flag(LeadMessage.ChooseReadStatus, -1)),
    fileGenre: optionalQueryParam(queryInt(LeadMessage.ChooseFileGenre, FileGenre.Csv, FileGenre.Csv)),
    ...leadFilterShape,
  })
  .superRefine(checkRange);
export type LeadExportQuery = z.infer<typeof leadExportQuerySchema>;

/** Structured lead content (smart chat and some forms). */
export const leadContentSchema = z.object({
  wechart: z.string().optional(),
  feedback: z.string().optional(),
  visitTime: z.string().optional(),
  sex: z.string().optional(),
  budget: z.string().optional(),
});
export type LeadContent = z.infer<typeof leadContentSchema>;

/** One call record of a lead (follow-up details). */
export const leadCallSchema = z.object({ id: z.number(), callTime: z.string(), message: z.string() });
export type LeadCall = z.infer<typeof leadCallSchema>;

/** One answered question of the lead's questionnaire. */
export const leadQuestionSchema = z.object({ question: z.string(), answer: z.string() });
export type LeadQuestion = z.infer<typeof leadQuestionSchema>;

/**
 * A lead as every list returns it (spec 000 section 3 field names). Text fields that are not
 * set are ''; crmFollower is null until the lead has a receiver. Times 'YYYY-MM-DD HH:mm:ss'
 * China time. showPageUrl is true only for an http(s) pageUrl (safe to render as a link).
 */
export const leadSchema = z.object({
  id: z.number(),
  tableName: z.string(),
  listKind: z.enum(LEAD_KINDS),
  itemId: z.number().nullable(),
  itemTitle: z.string(),
  name: z.string(),
  mobile: z.string(),
  /** 1 normal, else suspected (mobileStatusLabel); once checked, 1 for a real number only. */
  mobileStatus: z.number(),
  /** The checker's class of the number (issue 24), null until checked (phoneTypeLabel). */
  phoneClass: z.enum(PHONE_CLASS_KEYS).nullable(),
  /** Held back by the number: waiting for its check, or checked empty or risky under the hold-back setting. */
  phoneHeld: z.enum(['waiting', 'held']).nullable(),
  other: z.string(),
  channelId: z.number().nullable(),
  channelTitle: z.string(),
  showChannelTitle: z.boolean(),
  searchWord: z.string(),
  region: z.string(),
  province: z.string(),
  city: z.string(),
  /** 1 form, 2 smart chat. */
  resType: z.number(),
  /** The portrait. */
  descrip: z.string(),
  otherInfo: z.string(),
  createTime: z.string(),
  crmFollower: z.string().nullable(),
  crmFollowerId: z.number().nullable(),
  crmPushed: z.boolean(),
  /**
   * The CRM push of the lead: null when none was queued, else its PushStatus; with several CRMs
   * the one that most needs the eye (pending, then failed, refused, delivered).
   */
  crmPushState: z.enum(['pending', 'delivered', 'refused', 'failed']).nullish(),
  remark: z.string(),
  readStatus: z.number(),
  status: z.number(),
  genreId: z.number().nullable(),
  genreTitle: z.string(),
  templateStyle: z.number().nullable(),
  templateStyleTitle: z.string(),
  searchDomain: z.string(),
  searchTitle: z.string(),
  referrerUrl: z.string(),
  pageUrl: z.string(),
  showPageUrl: z.boolean(),
  content: z.union([z.string(), leadContentSchema]).nullable(),
  callData: z.array(leadCallSchema),
  /** The parsed questionnaire, null when the lead has none. */
  datas: z.array(leadQuestionSchema).nullable(),
  feedbackId: z.string(),
  clientId: z.string(),
  source: z.string(),
  qq: z.string(),
  address: z.string(),
  ipArea: z.string(),
  modeType: z.number().nullable(),
  /** The original lead this one repeats (issue 24), null when it is no duplicate. */
  duplicateOf: z.number().nullable(),
  /** Why it is a duplicate ('与 3 天前的表单线索重复'), '' when it is none. */
  duplicateReason: z.string(),
  /** Where the original is: the list showing its kind and its China day (the link to it). */
  duplicateFirst: z.object({ listKind: z.enum(LEAD_KINDS), day: z.string() }).nullable(),
});
export type Lead = z.infer<typeof leadSchema>;

/** GET /customer/feedback/resource/summary: the smart-investment list's counters (deleted leads excluded). */
export const leadSummarySchema = z.object({
  total: z.number(),
  unread: z.number(),
  todayTotal: z.number(),
  todayUnread: z.number(),
  assigned: z.number(),
  unassigned: z.number(),
});
export type LeadSummary = z.infer<typeof leadSummarySchema>;

/** Unread (not deleted) leads per kind, all time: what the shell's counters show. */
export const leadUnreadCountsSchema = z.object(Object.fromEntries(LEAD_KINDS.map((kind) => [kind, z.number()])) as Record<LeadKind, z.ZodNumber>);
export type LeadUnreadCounts = z.infer<typeof leadUnreadCountsSchema>;

/** `data` of every lead action answer: how many leads changed, and the new unread counts. */
export const leadActionResultSchema = z.object({ count: z.number(), unread: leadUnreadCountsSchema });
export type LeadActionResult = z.infer<typeof leadActionResultSchema>;

/** A lead id in a JSON body: an integer (the clients send numbers, never strings). */
export const leadIdSchema = idValue(LeadApiMessage.IdInvalid);

/** The `{id}` of a path. */
export const leadIdParamsSchema = z.object({ id: idParam(LeadApiMessage.IdInvalid) });

const idList = (emptyMessage: string) =>
  z.array(leadIdSchema, { error: emptyMessage }).min(1, { error: emptyMessage }).max(LEAD_BATCH_MAX, { error: LeadApiMessage.TooMany });

/**
 * A batch body: `{ids: [1, 2]}` or the bare array `[1, 2]`; every batch route accepts both
 * (the spec writes {ids} for some and "ids array" for others).
 */
const idsBody = (emptyMessage: string) =>
  z.preprocess((body) => (Array.isArray(body) ? { ids: body } : body), z.object({ ids: idList(emptyMessage) }, { error: emptyMessage }));

/** Batch read/unread. */
export const leadIdsBodySchema = idsBody(LeadMessage.NothingSelectedList);
/** Batch delete. */
export const leadDeleteIdsBodySchema = idsBody(LeadMessage.NothingSelectedDelete);
export type LeadIdsBody = z.infer<typeof leadIdsBodySchema>;

const remark = z
  .string({ error: LeadApiMessage.RemarkInvalid })
  .max(LEAD_REMARK_MAX, { error: LeadApiMessage.RemarkTooLong })
  .refine(hasNoNul, { error: LeadApiMessage.RemarkInvalid });

/** PUT .../{id}: the new remark ('' clears it). */
export const leadRemarkSchema = z.object({ remark }, { error: LeadApiMessage.RemarkInvalid });
export type LeadRemarkBody = z.infer<typeof leadRemarkSchema>;

/** PUT /customer/feedback/today-header-flow/{id}: the remark and, optionally, the lead's tableName. */
export const todayHeaderRemarkSchema = z.object(
  {
    remark,
    tableName: z.literal(LEAD_TABLE_NAMES.todayHeader, { error: LeadApiMessage.TableNameInvalid }).optional(),
  },
  { error: LeadApiMessage.RemarkInvalid },
);

const readStatusValue = z
  .number({ error: LeadApiMessage.ReadStatusInvalid })
  .int({ error: LeadApiMessage.ReadStatusInvalid })
  .min(0, { error: LeadApiMessage.ReadStatusInvalid })
  .max(1, { error: LeadApiMessage.ReadStatusInvalid });

/*
 * The four POST /customer/feedback/resourceCpchandler/* calls. Spec 001 gives them no body: its
 * clients send the ids in the query string (id=1, ids=1,2 or ids=1&ids=2, readStatus=0|1). A JSON
 * body carrying the same fields is taken too (no body at all arrives as null); when both are
 * sent, the body wins.
 */

/** The query of the CPC calls; what each call needs is checked by the route. */
export const cpcQuerySchema = z.object({
  id: optionalQueryParam(idParam(LeadApiMessage.IdInvalid)),
  ids: optionalQueryParam(
    z.preprocess(
      (value) => (typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value.flatMap((part) => String(part).split(',')) : value),
      z.array(idParam(LeadApiMessage.IdInvalid)).max(LEAD_BATCH_MAX, { error: LeadApiMessage.TooMany }),
    ),
  ),
  readStatus: optionalQueryParam(queryInt(LeadApiMessage.ReadStatusInvalid, 0, 1)),
});
export type CpcQuery = z.infer<typeof cpcQuerySchema>;

/** .../resourceCpchandler/delete: `{id}`. */
export const cpcIdBodySchema = z.object({ id: leadIdSchema }, { error: LeadApiMessage.IdInvalid }).nullish();
/** .../resourceCpchandler/deleteBatch: `{ids}` or a bare array. */
export const cpcIdsBodySchema = leadDeleteIdsBodySchema.nullish();
/** .../resourceCpchandler/updateReadStatus: `{id, readStatus}`. */
export const cpcReadBodySchema = z.object({ id: leadIdSchema, readStatus: readStatusValue }, { error: LeadApiMessage.IdInvalid }).nullish();
/** .../resourceCpchandler/updateReadStatusBatch: `{ids, readStatus}`. */
export const cpcReadBatchBodySchema = z
  .object({ ids: idList(LeadMessage.NothingSelectedList), readStatus: readStatusValue }, { error: LeadMessage.NothingSelectedList })
  .nullish();

/** CSV columns of every export, in order. */
export const LEAD_EXPORT_COLUMNS = [
  '项目名称',
  '姓名',
  '电话',
  '号码类型',
  '其他联系方式',
  '推广渠道',
  '关键词',
  '地区',
  '来源类型',
  '其他信息',
  '创建时间',
  '接待人',
  '画像',
  '备注',
  '已读状态',
] as const;

/** Whether a URL may be shown as a link: http or https only (never javascript: and the like). */
export const isHttpUrl = (value: string | null | undefined): boolean => {
  if (!value) return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};

/** Text fields refuse U+0000: PostgreSQL text cannot hold it (and no person types it). */
export function hasNoNul(value: string): boolean {
  return !value.includes('\u0000');
}

export const maxLengthMessage = (max: number): string => `长度不能超过 ${max} 个字符`;
