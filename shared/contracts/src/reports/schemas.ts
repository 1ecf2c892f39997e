import { z } from 'zod';
import { chinaDate, dayRangeCheck } from '../common/date';
import { paginationQuerySchema } from '../common/pagination';
import { idParam, optionalQueryParam, queryInt } from '../common/query';
import type { LeadKind } from '../leads/kinds';
import { LIST_SHOWN_KINDS } from '../session/types';
import { PlatformMessage } from '../platform/schemas';

/**
 * Reports and finance (spec 000 sections 1-3: receive reports, daily statements, promotion,
 * balance, top-ups, consumption, analysis). The spec shows no report calls; these are ours, under
 * /rest/customer/report/. Money is integer fen everywhere (never a float); the clients format it
 * as yuan with two decimals (`fenToYuan`).
 */

/** Texts of the report calls and pages. */
export const ReportMessage = {
  RangeTooLong: '查询时间跨度不能超过366天',
  MonthInvalid: '月份格式不正确，应为YYYY-MM',
  YearInvalid: '年份不正确',
  DataTypeInvalid: '数据类型不正确',
  TopInvalid: '显示条数只能是5、10、15或20',
  TopupTypeInvalid: '充值类型不正确',
  FormatInvalid: '导出格式不正确',
  SourceInvalid: '来源类型不正确',
  /** The promotion page's note (spec 000 section 2). */
  ConsumptionNote: '温馨提示：工作日消耗数据约在10:00生成，周末约在11:00生成',
  LowBalanceTitle: '余额不足提醒',
  /** One row of the low-balance dialog: '预计可用 N 天'. */
  lowBalanceDays: (days: number) => `预计可用 ${days} 天`,
  Summary: '合计',
} as const;

/** A report's date range: at most a year and a day (the day loops are bounded before they run). */
export const REPORT_MAX_DAYS = 366;
/** Default range of a report without dates: the last 30 days ending today (China). */
export const REPORT_DEFAULT_DAYS = 30;
/** Years a year filter accepts (the platform holds nothing older; no range reaches past 2099). */
export const REPORT_YEAR_MIN = 2000;
export const REPORT_YEAR_MAX = 2099;

/** A project with this many days of balance or fewer is low (dialog, notice). */
export const LOW_BALANCE_DAYS = 2;
/** Whether a project's days of balance make it low (the balance centre's mark, the dialog, the notice); null: no estimate. */
export const isLowBalance = (canConsumeDay: number | null): canConsumeDay is number => canConsumeDay !== null && canConsumeDay <= LOW_BALANCE_DAYS;
/** canConsumeDay divides the balance by the average daily cost of the last this many days with cost. */
export const CONSUME_WINDOW_DAYS = 7;

/** Top-up types (spec 000 section 3: type 1 normal, else intelligent investment). */
export const TopupType = { Normal: 1, Intelligent: 2 } as const;
export type TopupType = (typeof TopupType)[keyof typeof TopupType];
export const TOPUP_TYPE_LABELS: Record<TopupType, string> = { 1: '普通投放', 2: '智能投放' };
export const topupTypeLabel = (type: number): string => TOPUP_TYPE_LABELS[type as TopupType] ?? '智能投放';

/**
 * The lead lists each lead-count report covers: the lists the side menu opens, in its order.
 * 智能投放's reports count the leads of /resource; 常规投放's those of /feedback (竞价), /info-list
 * (信息流) and /bai-list (搜索引擎留言). A lead counts while it is on its list (deleted leads do
 * not), on the China day of its createTime, exactly as the lists filter; a figure links to its lists.
 * 留言数 of the workbench and of 推广管理 is the sum of both groups.
 */
export const REPORT_LIST_KINDS = {
  smart: ['resource'],
  cpc: ['feedback', 'infoList', 'baiList'],
} as const satisfies Record<string, readonly (keyof typeof LIST_SHOWN_KINDS)[]>;
export type ReportLeadGroup = keyof typeof REPORT_LIST_KINDS;

/**
 * The stored lead kinds behind each group's reports (receive reports, daily statements, the
 * consumption job's day counts): every kind its lists show (LIST_SHOWN_KINDS), so the CPC and
 * Toutiao resources count with regular investment and the distributed resources with smart investment.
 */
export const REPORT_LEAD_GROUPS: Record<ReportLeadGroup, readonly LeadKind[]> = {
  smart: REPORT_LIST_KINDS.smart.flatMap((list) => LIST_SHOWN_KINDS[list]),
  cpc: REPORT_LIST_KINDS.cpc.flatMap((list) => LIST_SHOWN_KINDS[list]),
};
export const leadGroupOfKind = (kind: LeadKind): ReportLeadGroup => (REPORT_LEAD_GROUPS.smart.includes(kind) ? 'smart' : 'cpc');

/** Every stored kind a lead-count report counts (留言数): the kinds of every list a report covers. */
export const REPORTED_LIST_KINDS: readonly LeadKind[] = [...REPORT_LEAD_GROUPS.smart, ...REPORT_LEAD_GROUPS.cpc];
/** The list kinds a report counts, in the menu's order, as the page's links name them. */
export type ReportedListKind = (typeof REPORT_LIST_KINDS)[ReportLeadGroup][number];

/** A day's cost not booked yet (the consumption job books day D on D+1 at 10:00, 11:00 at weekends). */
export const PENDING_COST_TEXT = '待结算';
/**
 * Whether a day's cost shows PENDING_COST_TEXT rather than 0: a day from `pendingFrom` (the
 * answer's first day not booked yet) on with nothing booked. 推广管理's table and its export.
 */
export const isCostPending = (day: string, costMoney: number, pendingFrom: string): boolean => day >= pendingFrom && costMoney === 0;
/** A day that has not come yet, or a month's missing day. */
export const NO_VALUE_TEXT = '-';

/**
 * The seven measures of the daily consumption map (spec 000 section 3), in the order of the
 * consumption report's dataType 1 to 7. The spec names the fields only: we read cp as the regular
 * investment part (the cpc lead group) and jp as the smart investment part (the smart group), and
 * serviceCoin as the service fee in points (see the ledger service).
 */
export const CONSUMPTION_MEASURES = ['costCoin', 'costMoney', 'serviceCoin', 'cpCostCoin', 'cpCostMoney', 'jpCostCoin', 'jpCostMoney'] as const;
export type ConsumptionMeasure = (typeof CONSUMPTION_MEASURES)[number];
export const DATA_TYPES = [1, 2, 3, 4, 5, 6, 7] as const;
export type DataType = (typeof DATA_TYPES)[number];
export const DATA_TYPE_LABELS: Record<DataType, string> = {
  1: '消耗积分',
  2: '消耗金额',
  3: '服务费积分',
  4: '常规投放消耗积分',
  5: '常规投放消耗金额',
  6: '智能投放消耗积分',
  7: '智能投放消耗金额',
};
export const measureOfDataType = (dataType: DataType): ConsumptionMeasure => CONSUMPTION_MEASURES[dataType - 1]!;
/** Measures counted in fen (money); the others are whole points. */
export const isMoneyMeasure = (measure: ConsumptionMeasure): boolean => measure.endsWith('Money');

/** Top-N choices of the analysis page's province pies (default 10). */
export const TOP_N_OPTIONS = [5, 10, 15, 20] as const;
export const DEFAULT_TOP_N = 10;
/** A pie shows at most this many slices; the rest fold into 其他 so labels never overlap. */
export const PIE_MAX_SLICES = 8;
export const PIE_OTHER_LABEL = '其他';

/** Export formats of the report tables. */
export const REPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** Formats fen as yuan with two decimals ('1234.50'); exact for every integer fen. */
export const fenToYuan = (fen: number): string => {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

const yuanFormat = new Intl.NumberFormat('en-US', { useGrouping: true, maximumFractionDigits: 0 });
/**
 * Money as every page shows it: fen as '¥' yuan with thousands separators and two decimals
 * ('¥12,345.60', '-¥10.50'); exact for every integer fen (the yuan part is grouped as an integer).
 */
export const formatMoney = (fen: number): string => {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}¥${yuanFormat.format(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
};

/** What a low-balance notice says of one project (the low-balance dialog's row and the message). */
export interface LowBalanceNotice {
  title: string;
  /** '预计可用 N 天'. */
  days: string;
  /** '余额 ¥1,234.50'. */
  balance: string;
  /** The message centre's notice: the project, its balance and its days left. */
  text: string;
}

/**
 * The low-balance notice of one project, the one source of its wording: the shell's low-balance
 * dialog shows its title, days and balance; the ledger's message (sent when a project falls to
 * LOW_BALANCE_DAYS or fewer, and the demo's seeded one) is its text. `money` in fen.
 */
export function lowBalanceNotice(item: { title: string; money: number; canConsumeDay: number }): LowBalanceNotice {
  const days = ReportMessage.lowBalanceDays(item.canConsumeDay);
  const balance = `余额 ${formatMoney(item.money)}`;
  return {
    title: item.title,
    days,
    balance,
    text: `您的项目“${item.title}”当前${balance}，按近${CONSUME_WINDOW_DAYS}天日均消耗${days}，为避免推广中断，请及时充值。`,
  };
}

/**
 * A share of the grand total as the analysis pages show it, one decimal ('4.7%', '25%'); '0%' of
 * nothing. The pies' labels (design system charts/texts formatShare, the same rule) and the tables
 * beside them show the same text for a slice.
 */
export const formatShare = (value: number, total: number): string => (total > 0 ? `${Number(((value / total) * 100).toFixed(1))}%` : '0%');

/** The label of 留言数 wherever it is shown (the workbench, 推广管理 and its export): one figure, one name. */
export const LEAD_COUNT_LABEL = '留言数';

// ---------------------------------------------------------------------------------------------
// Query schemas

const itemFilter = optionalQueryParam(idParam(PlatformMessage.ItemInvalid));

/** A report over a day range (defaults filled by the server: the last REPORT_DEFAULT_DAYS days). */
export const reportRangeQuerySchema = z
  .object({
    itemId: itemFilter,
    startTime: optionalQueryParam(chinaDate()),
    endTime: optionalQueryParam(chinaDate()),
  })
  .superRefine(dayRangeCheck(REPORT_MAX_DAYS, ReportMessage.RangeTooLong));
export type ReportRangeQuery = z.infer<typeof reportRangeQuerySchema>;

/** A paged report over a day range. */
export const reportRangePageQuerySchema = z
  .object({
    itemId: itemFilter,
    startTime: optionalQueryParam(chinaDate()),
    endTime: optionalQueryParam(chinaDate()),
  })
  .extend(paginationQuerySchema.shape)
  .superRefine(dayRangeCheck(REPORT_MAX_DAYS, ReportMessage.RangeTooLong));
export type ReportRangePageQuery = z.infer<typeof reportRangePageQuerySchema>;

/** xlsx unless csv is asked for (blank counts as absent). */
const formatParam = z.preprocess(
  (value) => (value === '' || value === undefined ? 'xlsx' : value),
  z.enum(REPORT_FORMATS, { error: ReportMessage.FormatInvalid }),
);
/** The export of a day-range report: the same filters, every row (no page), xlsx by default. */
export const reportRangeExportQuerySchema = z
  .object({
    itemId: itemFilter,
    startTime: optionalQueryParam(chinaDate()),
    endTime: optionalQueryParam(chinaDate()),
    format: formatParam,
  })
  .superRefine(dayRangeCheck(REPORT_MAX_DAYS, ReportMessage.RangeTooLong));
export type ReportRangeExportQuery = z.infer<typeof reportRangeExportQuerySchema>;

/** A month 'YYYY-MM' within the date bounds. */
export const monthParam = z.string({ error: ReportMessage.MonthInvalid }).regex(/^(20\d\d)-(0[1-9]|1[0-2])$/, { error: ReportMessage.MonthInvalid });

/** Daily statement: one month (default the current China month), optionally one project. */
export const monthQuerySchema = z.object({ itemId: itemFilter, month: optionalQueryParam(monthParam) });
export type MonthQuery = z.infer<typeof monthQuerySchema>;
export const monthExportQuerySchema = monthQuerySchema.extend({ format: formatParam });
export type MonthExportQuery = z.infer<typeof monthExportQuerySchema>;

const yearParam = queryInt(ReportMessage.YearInvalid, REPORT_YEAR_MIN, REPORT_YEAR_MAX);
const dataTypeParam = queryInt(ReportMessage.DataTypeInvalid, 1, 7).transform((value) => value as DataType);

/** Consumption grids: a year (default this year), dataType 1-7 (default 2, money), an optional project; the daily grid a month of that year. */
export const consumptionQuerySchema = z.object({
  itemId: itemFilter,
  year: optionalQueryParam(yearParam),
  dataType: optionalQueryParam(dataTypeParam),
  month: optionalQueryParam(queryInt(ReportMessage.MonthInvalid, 1, 12)),
});
export type ConsumptionQuery = z.infer<typeof consumptionQuerySchema>;
export const consumptionExportQuerySchema = consumptionQuerySchema.extend({ format: formatParam });
export type ConsumptionExportQuery = z.infer<typeof consumptionExportQuerySchema>;

/** Top-up records: a range over payTime (optional), project, type; paged. */
export const topupQuerySchema = z
  .object({
    itemId: itemFilter,
    startTime: optionalQueryParam(chinaDate()),
    endTime: optionalQueryParam(chinaDate()),
    type: optionalQueryParam(queryInt(ReportMessage.TopupTypeInvalid, 1, 2)),
  })
  .extend(paginationQuerySchema.shape)
  .superRefine(dayRangeCheck(REPORT_MAX_DAYS, ReportMessage.RangeTooLong));
export type TopupQuery = z.infer<typeof topupQuerySchema>;
export const topupExportQuerySchema = z
  .object({
    itemId: itemFilter,
    startTime: optionalQueryParam(chinaDate()),
    endTime: optionalQueryParam(chinaDate()),
    type: optionalQueryParam(queryInt(ReportMessage.TopupTypeInvalid, 1, 2)),
    format: formatParam,
  })
  .superRefine(dayRangeCheck(REPORT_MAX_DAYS, ReportMessage.RangeTooLong));
export type TopupExportQuery = z.infer<typeof topupExportQuerySchema>;

export const balanceExportQuerySchema = z.object({ format: formatParam });

/** Analysis: a day range, one project or all (issue 27) and, for the province pies and keywords, a top-N. */
export const analysisQuerySchema = z
  .object({
    itemId: itemFilter,
    startTime: optionalQueryParam(chinaDate()),
    endTime: optionalQueryParam(chinaDate()),
    top: optionalQueryParam(
      queryInt(ReportMessage.TopInvalid, 5, 20).refine((n) => (TOP_N_OPTIONS as readonly number[]).includes(n), { error: ReportMessage.TopInvalid }),
    ),
  })
  .superRefine(dayRangeCheck(REPORT_MAX_DAYS, ReportMessage.RangeTooLong));
export type AnalysisQuery = z.infer<typeof analysisQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Answer schemas

export const pageInfoSchema = z.object({ page: z.number(), pageSize: z.number(), totalRow: z.number(), totalPage: z.number() });

/** Receive report row (spec: dateTime, itemTitle, crmFollower, countNum). crmFollower '' when nobody received it. */
export const receiveRowSchema = z.object({
  dateTime: z.string(),
  itemId: z.number(),
  itemTitle: z.string(),
  crmFollower: z.string(),
  /** The leads received, duplicates left out (issue 24: a repeat counts once, in `duplicates`). */
  countNum: z.number(),
  /** The duplicates among the row's leads (重复). */
  duplicates: z.number(),
});
export type ReceiveRow = z.infer<typeof receiveRowSchema>;
export const receiveReportSchema = z.object({
  rows: receiveRowSchema.array(),
  summary: z.object({ countNum: z.number(), duplicates: z.number() }),
  pagination: pageInfoSchema,
  startTime: z.string(),
  endTime: z.string(),
});
export type ReceiveReport = z.infer<typeof receiveReportSchema>;

/** A day's count on each list a report covers (REPORT_LIST_KINDS, each with every kind it shows), the lists the figure links to. */
export const listCountsSchema = z.partialRecord(z.enum(['resource', 'feedback', 'infoList', 'baiList']), z.number());
export type ListCounts = z.infer<typeof listCountsSchema>;

/**
 * Daily statement: one row per project, `days[0]` is day 1 of the month; days past the month's
 * end, and days after today (China), are null. `lists[i]` splits day i+1 by list (null likewise).
 */
export const dailyStatementRowSchema = z.object({
  itemId: z.number(),
  itemTitle: z.string(),
  days: z.array(z.number().nullable()),
  lists: z.array(listCountsSchema.nullable()),
  total: z.number(),
});
export type DailyStatementRow = z.infer<typeof dailyStatementRowSchema>;
export const dailyStatementSchema = z.object({
  month: z.string(),
  daysInMonth: z.number(),
  /** The China day the statement was computed on: days after it are null. */
  today: z.string(),
  rows: dailyStatementRowSchema.array(),
  summary: z.object({ days: z.array(z.number().nullable()), total: z.number() }),
});
export type DailyStatement = z.infer<typeof dailyStatementSchema>;

/**
 * Promotion row (spec: day, feedback, phone, total, costCoin, costMoney, server, saler, talk,
 * click): messages, phone requests, total resources, cost points, cost money (fen), average price
 * (fen per resource, 0 without resources), service manager, salesperson, conversations, clicks.
 */
export const promotionRowSchema = z.object({
  day: z.string(),
  itemId: z.number(),
  itemTitle: z.string(),
  feedback: z.number(),
  phone: z.number(),
  total: z.number(),
  costCoin: z.number(),
  costMoney: z.number(),
  price: z.number(),
  server: z.string(),
  saler: z.string(),
  talk: z.number(),
  click: z.number(),
});
export type PromotionRow = z.infer<typeof promotionRowSchema>;
export const promotionSummarySchema = promotionRowSchema.pick({
  feedback: true,
  phone: true,
  total: true,
  costCoin: true,
  costMoney: true,
  price: true,
  talk: true,
  click: true,
});
/** One day of the promotion trend: the cost (fen) and the resources of every project of the filters. */
export const promotionDaySchema = z.object({ day: z.string(), costMoney: z.number(), total: z.number() });
export type PromotionDay = z.infer<typeof promotionDaySchema>;
export const promotionReportSchema = z.object({
  rows: promotionRowSchema.array(),
  /** Every day of the range, oldest first (at most REPORT_MAX_DAYS): the page's trend charts. */
  trend: promotionDaySchema.array(),
  summary: promotionSummarySchema,
  pagination: pageInfoSchema,
  /** Whether the cost-points column is shown: the customer's projects are billed in points. */
  showCostCoin: z.boolean(),
  startTime: z.string(),
  endTime: z.string(),
  /** The first day whose cost is not booked yet (yesterday before today's run time, else today): its cost shows 待结算. */
  pendingFrom: z.string(),
});
export type PromotionReport = z.infer<typeof promotionReportSchema>;

/**
 * Balance center row (spec: title, industry, saler, increment, money, beforeYesterdayCostMoney,
 * yesterdayCostMoney, canConsumeDay). `increment` is the total topped up; money the cash balance;
 * all fen. canConsumeDay null when the project has spent nothing in the window (no estimate).
 */
export const balanceRowSchema = z.object({
  itemId: z.number(),
  title: z.string(),
  industry: z.string(),
  saler: z.string(),
  server: z.string(),
  increment: z.number(),
  money: z.number(),
  beforeYesterdayCostMoney: z.number(),
  yesterdayCostMoney: z.number(),
  canConsumeDay: z.number().nullable(),
});
export type BalanceRow = z.infer<typeof balanceRowSchema>;
export const balanceReportSchema = z.object({
  rows: balanceRowSchema.array(),
  summary: balanceRowSchema.pick({ increment: true, money: true, beforeYesterdayCostMoney: true, yesterdayCostMoney: true }),
  /**
   * Whether yesterday's cost is still to be booked (before today's run time): its column shows
   * 待结算. Absent (a server from before it): not pending.
   */
  yesterdayPending: z.boolean().optional(),
});
export type BalanceReport = z.infer<typeof balanceReportSchema>;

/** A project of the low-balance dialog. */
export const lowBalanceItemSchema = z.object({ itemId: z.number(), title: z.string(), money: z.number(), canConsumeDay: z.number() });
export type LowBalanceItem = z.infer<typeof lowBalanceItemSchema>;

/** Top-up record (spec: id, itemTitle, money, type, payTime, remark, publishTime). payTime the arrival day; publishTime the entry time. */
export const topupRowSchema = z.object({
  id: z.number(),
  itemId: z.number(),
  itemTitle: z.string(),
  money: z.number(),
  type: z.number(),
  payTime: z.string(),
  remark: z.string(),
  publishTime: z.string(),
});
export type TopupRow = z.infer<typeof topupRowSchema>;
export const topupReportSchema = z.object({ rows: topupRowSchema.array(), summary: z.object({ money: z.number() }), pagination: pageInfoSchema });
export type TopupReport = z.infer<typeof topupReportSchema>;

/** Consumption grid: one row per project, `cells` the months 1-12 (monthly) or days 1-31 (daily; null past the month's end). */
export const consumptionRowSchema = z.object({ itemId: z.number(), itemTitle: z.string(), cells: z.array(z.number().nullable()), total: z.number() });
export type ConsumptionRow = z.infer<typeof consumptionRowSchema>;
export const consumptionReportSchema = z.object({
  year: z.number(),
  month: z.number().nullable(),
  dataType: z.number(),
  /** Whether the cells are fen (money) or whole points. */
  money: z.boolean(),
  rows: consumptionRowSchema.array(),
  summary: z.object({ cells: z.array(z.number().nullable()), total: z.number() }),
  /** The China day of the answer: later days (and months) are null, shown '-'. */
  today: z.string(),
  /** The first day whose cost is not booked yet: the daily grid's cells from it to today show 待结算. */
  pendingFrom: z.string(),
});
export type ConsumptionReport = z.infer<typeof consumptionReportSchema>;

/** One slice of a pie: a name and its count. */
export const sliceSchema = z.object({ name: z.string(), value: z.number() });
export type Slice = z.infer<typeof sliceSchema>;
const rangeEcho = { startTime: z.string(), endTime: z.string(), total: z.number() };

/** Region tab: leads by province. */
export const regionAnalysisSchema = z.object({ ...rangeEcho, slices: sliceSchema.array() });
export type RegionAnalysis = z.infer<typeof regionAnalysisSchema>;

/**
 * Search-engine province pies: search-engine leads by the province of the visitor's address
 * (precise traffic source, 精准流量来源) and by the province the visitor gave (precise information
 * source, 精准信息来源), each the top N with the rest as 其他.
 */
export const searchProvinceAnalysisSchema = z.object({
  ...rangeEcho,
  top: z.number(),
  traffic: sliceSchema.array(),
  info: sliceSchema.array(),
});
export type SearchProvinceAnalysis = z.infer<typeof searchProvinceAnalysisSchema>;

/** Project statistics: leads by project nature (genre) and by province. */
export const projectAnalysisSchema = z.object({ ...rangeEcho, nature: sliceSchema.array(), province: sliceSchema.array() });
export type ProjectAnalysis = z.infer<typeof projectAnalysisSchema>;

/** Open-screen keyword analysis: search words of the leads, top N with the rest as 其他. */
export const keywordAnalysisSchema = z.object({ ...rangeEcho, top: z.number(), slices: sliceSchema.array() });
export type KeywordAnalysis = z.infer<typeof keywordAnalysisSchema>;

const sumSlices = (slices: readonly Slice[]): number => slices.reduce((sum, slice) => sum + slice.value, 0);

/**
 * Folds a pie's slices (any order) to the biggest `max - 1` plus one 其他 holding the rest, when
 * there are more than `max`; sorted biggest first, ties by name, 其他 last. Slices of 0 are
 * dropped. A 其他 given (the rest of a top N, topSlices) is part of the rest, never a named slice,
 * so 其他 is everything outside the slices shown and the slices still sum to the grand total.
 */
export function foldSlices(slices: readonly Slice[], max: number = PIE_MAX_SLICES): Slice[] {
  const given = sumSlices(slices.filter((slice) => slice.name === PIE_OTHER_LABEL && slice.value > 0));
  const sorted = slices
    .filter((slice) => slice.value > 0 && slice.name !== PIE_OTHER_LABEL)
    .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name));
  const keep = given > 0 ? max - 1 : sorted.length <= max ? sorted.length : max - 1;
  const kept = sorted.slice(0, keep);
  const rest = given + sumSlices(sorted.slice(keep));
  return rest > 0 ? [...kept, { name: PIE_OTHER_LABEL, value: rest }] : kept;
}

/**
 * A top-N answer: the biggest `top` slices (sorted, zeros dropped) and, when they do not make up
 * `total`, one 其他 of everything else, so that the answer's slices sum to the grand total and a
 * share computed from them (pie or table) is a share of the grand total.
 */
export function topSlices(slices: readonly Slice[], top: number, total: number): Slice[] {
  const sorted = foldSlices(slices, Number.MAX_SAFE_INTEGER).slice(0, top);
  const rest = total - sumSlices(sorted);
  return rest > 0 ? [...sorted, { name: PIE_OTHER_LABEL, value: rest }] : sorted;
}
