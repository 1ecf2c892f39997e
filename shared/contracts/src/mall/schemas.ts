import { z } from 'zod';
import { lengthMessage, Required } from '../common/messages';
import { paginationQuerySchema } from '../common/pagination';
import { PHONE_PATTERN, PhoneMessage } from '../common/phone';
import { idParam, idValue, optionalQueryParam, queryInt } from '../common/query';
import { IDEMPOTENCY_KEY_PATTERN, IngestMessage } from '../leads/ingest';

/**
 * `@portal/contracts/mall`: the points mall (spec 000 sections 1, 3, 5; issue 22): points, goods,
 * delivery addresses and orders of the logged-in customer. A subpath, off the contracts root that
 * every page loads: only the server and the mall pages use it.
 */

/** Points granted per yuan topped up (spec 000 section 1: 2 points per 1 yuan). */
export const POINTS_PER_YUAN = 2;
/** A customer keeps at most this many delivery addresses (spec 000 section 5). */
export const ADDRESS_MAX = 20;
/** The receiver's name: 1 to 5 characters. */
export const ADDRESS_NAME_MAX = 5;
export const ADDRESS_REGION_PART_MAX = 50;
export const ADDRESS_DETAIL_MAX = 200;
/** Goods of one section the goods list answers at most. */
export const GOODS_LIST_MAX = 100;
/** The largest quantity of one order (a typo guard; the stock limits it first). */
export const ORDER_AMOUNT_MAX = 9999;

/** The spec's texts of the exchange and address forms, and the server's own refusals. */
export const MallMessage = {
  StockExceeded: '不能大于库存数量',
  Required,
  PointsInsufficient: '积分余额不足',
  RegionRequired: '请选择省/市/区/街道',
  AddressRequired: '请输入详细地址信息',
  PostalCodeInvalid: '格式不正确,请输入6位数字',
  NameLength: lengthMessage(1, ADDRESS_NAME_MAX),
  MobileRequired: '请输入11位手机号',
  MobileInvalid: PhoneMessage.Invalid,
  AddressDetailLength: lengthMessage(1, ADDRESS_DETAIL_MAX),
  AddressLimit: `最多只能添加${ADDRESS_MAX}个收货地址`,
  AddressNotFound: '收货地址不存在',
  GoodNotFound: '商品不存在或已下架',
  ArticleNotFound: '文章不存在或未发布',
  OrderNotFound: '订单不存在',
  AmountInvalid: '兑换数量须为正整数',
  SectionInvalid: '商品分类不正确',
  StatusInvalid: '订单状态不正确',
  TextInvalid: '内容格式不正确',
  IdempotencyKeyInvalid: IngestMessage.IdempotencyKeyInvalid,
  IdempotencyConflict: IngestMessage.IdempotencyConflict,
} as const;

/**
 * Why an exchange of `amount` of a good is refused (spec 000 section 5, Exchange), or null: no
 * amount '不能为空', more than the stock '不能大于库存数量', a points cost above the balance
 * '积分余额不足'. The goods page, the order confirmation and the server all ask this.
 */
export function exchangeRefusal(amount: number | null | undefined, stock: number, price: number, balance: number): string | null {
  if (amount === null || amount === undefined || Number.isNaN(amount)) return MallMessage.Required;
  if (!Number.isInteger(amount) || amount < 1) return MallMessage.AmountInvalid;
  if (amount > stock) return MallMessage.StockExceeded;
  if (price * amount > balance) return MallMessage.PointsInsufficient;
  return null;
}

/** Order status (spec 000 section 3); customers cannot cancel, the operator can. */
export const OrderStatus = {
  Cancelled: -1,
  AwaitingShipment: 1,
  AwaitingReceipt: 2,
  Completed: 3,
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];
export const ORDER_STATUSES = [OrderStatus.Cancelled, OrderStatus.AwaitingShipment, OrderStatus.AwaitingReceipt, OrderStatus.Completed] as const;
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  [OrderStatus.Cancelled]: '已取消',
  [OrderStatus.AwaitingShipment]: '待发货',
  [OrderStatus.AwaitingReceipt]: '待收货',
  [OrderStatus.Completed]: '已完成',
};

/** The mall home's four sections. */
export const GoodsSection = {
  Gifts: 1,
  IntelligentInvestmentTools: 2,
  BrandTools: 3,
  MediaTools: 4,
} as const;
export type GoodsSection = (typeof GoodsSection)[keyof typeof GoodsSection];
export const GOODS_SECTIONS = [
  GoodsSection.Gifts,
  GoodsSection.IntelligentInvestmentTools,
  GoodsSection.BrandTools,
  GoodsSection.MediaTools,
] as const;
export const GOODS_SECTION_LABELS: Record<GoodsSection, string> = {
  [GoodsSection.Gifts]: '礼品专区',
  [GoodsSection.IntelligentInvestmentTools]: '智能投放工具',
  [GoodsSection.BrandTools]: '品牌工具',
  [GoodsSection.MediaTools]: '媒体工具',
};

/** Good status: on sale or off. */
export const GoodStatus = { OffSale: 0, OnSale: 1 } as const;

/** Where a points change came from (points_log.source). */
export const POINTS_SOURCES = ['topup', 'order', 'order-cancel', 'signin', 'task', 'seed'] as const;
export type PointsSource = (typeof POINTS_SOURCES)[number];
/** What the points log calls each source. */
export const POINTS_SOURCE_LABELS: Record<PointsSource, string> = {
  topup: '充值赠送',
  order: '兑换商品',
  'order-cancel': '订单取消退回',
  signin: '每日签到',
  task: '任务奖励',
  seed: '初始积分',
};

// Control characters (NUL included: PostgreSQL text cannot hold it) are refused in every text.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const noControl = (value: string): boolean => !CONTROL.test(value);

/** A required one-line text, trimmed: missing, empty or too long all answer `message`. */
const requiredLine = (message: string, max: number, tooLong: string = message) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: tooLong, abort: true })
    .refine(noControl, { error: MallMessage.TextInvalid });

const POSTAL_CODE_PATTERN = /^\d{6}$/;

/**
 * A delivery address as the form sends it (spec 000 section 5): receiver 1-5 characters, mobile
 * required and a mobile number, province, city, area and street all required, the detailed
 * address required, postal code optional (absent or '') and else exactly 6 digits.
 */
export const addressInputSchema = z.object({
  name: requiredLine(MallMessage.NameLength, ADDRESS_NAME_MAX),
  mobile: z
    .string({ error: MallMessage.MobileRequired })
    .trim()
    .min(1, { error: MallMessage.MobileRequired, abort: true })
    .regex(PHONE_PATTERN, { error: MallMessage.MobileInvalid }),
  province: requiredLine(MallMessage.RegionRequired, ADDRESS_REGION_PART_MAX),
  city: requiredLine(MallMessage.RegionRequired, ADDRESS_REGION_PART_MAX),
  area: requiredLine(MallMessage.RegionRequired, ADDRESS_REGION_PART_MAX),
  street: requiredLine(MallMessage.RegionRequired, ADDRESS_REGION_PART_MAX),
  address: requiredLine(MallMessage.AddressRequired, ADDRESS_DETAIL_MAX, MallMessage.AddressDetailLength),
  postalCode: z
    .string({ error: MallMessage.PostalCodeInvalid })
    .refine((value) => value === '' || POSTAL_CODE_PATTERN.test(value), { error: MallMessage.PostalCodeInvalid })
    .optional(),
});
export type AddressInput = z.output<typeof addressInputSchema>;

export const addressSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  province: z.string(),
  city: z.string(),
  area: z.string(),
  street: z.string(),
  address: z.string(),
  postalCode: z.string().nullable(),
  /** 1 the default address, else 0. */
  isDefault: z.number().int(),
});
export type Address = z.output<typeof addressSchema>;
export const addressParamsSchema = z.object({ id: idParam(MallMessage.AddressNotFound) });

/**
 * A region code of the administrative divisions (spec 000 section 5, the address's region): 2
 * digits a province, 4 a city, 6 an area (county), 9 a street (township), as the statistics
 * bureau numbers them.
 */
export const REGION_CODE_PATTERN = /^(?:\d{2}|\d{4}|\d{6}|\d{9})$/;
/** The region levels of an address: province, city, area, street. */
export const REGION_LEVELS = 4;
export const RegionMessage = {
  CodeInvalid: '地区编码不正确',
  NotFound: '地区不存在',
} as const;
/** The regions call's query: the parent's code; none for the provinces. */
export const regionQuerySchema = z.object({
  code: optionalQueryParam(z.string({ error: RegionMessage.CodeInvalid }).regex(REGION_CODE_PATTERN, { error: RegionMessage.CodeInvalid })),
});
export type RegionQuery = z.output<typeof regionQuerySchema>;
/** One region of a level: its code, its name and whether it is the last level (a street). */
export const regionSchema = z.object({ code: z.string(), name: z.string(), leaf: z.boolean() });
export type Region = z.output<typeof regionSchema>;

/** The exchange's quantity: a whole number from 1; missing or null answers '不能为空'. */
const amountSchema = z
  .number({ error: (issue) => (issue.input === undefined || issue.input === null ? Required : MallMessage.AmountInvalid) })
  .int({ error: MallMessage.AmountInvalid })
  .min(1, { error: MallMessage.AmountInvalid })
  .max(ORDER_AMOUNT_MAX, { error: MallMessage.StockExceeded });

/** The order create payload (spec 000 section 3: goodId, amount, addressId). */
export const orderCreateSchema = z.object({
  goodId: idValue(MallMessage.GoodNotFound),
  amount: amountSchema,
  addressId: idValue(MallMessage.AddressNotFound),
});
export type OrderCreateInput = z.output<typeof orderCreateSchema>;

/** The order create call's Idempotency-Key (required): the same key answers the order it made, once. */
export const orderCreateHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string({ error: MallMessage.IdempotencyKeyInvalid })
    .regex(IDEMPOTENCY_KEY_PATTERN, { error: MallMessage.IdempotencyKeyInvalid })
    .describe('必填, 1-100 个可见 ASCII 字符. 同一键再次提交 (同一商品与数量): 返回第一次创建的订单, 不再扣积分与库存; 同一键而商品或数量不同: 409'),
});

export const pointsSummarySchema = z.object({
  currentScore: z.number().int(),
  /** Points earned (positive changes) today, China time. */
  todayScore: z.number().int(),
  yesterdayScore: z.number().int(),
});
export type PointsSummary = z.output<typeof pointsSummarySchema>;

export const pointsLogSchema = z.object({
  id: z.number().int(),
  source: z.string(),
  variational: z.number().int(),
  balanceAfter: z.number().int(),
  /** China time, 'YYYY-MM-DD HH:mm:ss'. */
  publishTime: z.string(),
  /** Of a 'task' row: the task it rewards (a TASK_KEYS key). */
  task: z.string().optional(),
});
export type PointsLogRow = z.output<typeof pointsLogSchema>;
export const pointsLogQuerySchema = paginationQuerySchema;

export const goodSchema = z.object({
  id: z.number().int(),
  section: z.number().int(),
  title: z.string(),
  exchangeScore: z.number().int(),
  /** Fen. */
  minMarketPrice: z.number().int(),
  maxMarketPrice: z.number().int(),
  stock: z.number().int(),
  productPics: z.string().array(),
  details: z.string(),
  linkUrl: z.string(),
});
export type Good = z.output<typeof goodSchema>;
export const goodsQuerySchema = z.object({
  section: optionalQueryParam(queryInt(MallMessage.SectionInvalid, 1, GOODS_SECTIONS.length)),
});
export const goodParamsSchema = z.object({ id: idParam(MallMessage.GoodNotFound) });

/** The longest picture or link URL of a good, banner or case. */
export const MALL_URL_MAX = 500;
/** A banner's title (its picture's alt text), a case's title and company. */
export const MALL_BANNER_TITLE_MAX = 100;
export const GOOD_CASE_TITLE_MAX = 100;
export const GOOD_CASE_COMPANY_MAX = 100;
/** A case's text. */
export const GOOD_CASE_CONTENT_MAX = 5_000;
/** Banners the mall home shows at most. */
export const MALL_BANNERS_MAX = 10;

/**
 * A picture or link of the mall: an http(s) URL, or an absolute path of this site ('/...', not
 * '//host', which the browser takes to another site); no spaces or control characters, at most
 * MALL_URL_MAX characters.
 */
export const isMallUrl = (value: string): boolean =>
  value.length <= MALL_URL_MAX && (/^https?:\/\/[^\s/]+[^\s]*$/i.test(value) || /^\/(?![/\\])[^\s]*$/.test(value)) && noControl(value);

/** Banner link type (spec 000 section 3): 0 a picture only, 1 a link. */
export const MallBannerLinkType = { None: 0, Link: 1 } as const;

/** A slide of the mall home's carousel (spec 000 section 3, Banner: picUrl, linkUrl, linkType 0 no link). */
export const mallBannerSchema = z.object({
  id: z.number().int(),
  /** The picture's alt text. */
  title: z.string(),
  picUrl: z.string(),
  linkUrl: z.string().nullable(),
  linkType: z.number().int(),
});
export type MallBanner = z.output<typeof mallBannerSchema>;

/** A success case of a good (spec 000 section 3, Success case). */
export const goodCaseSchema = z.object({
  id: z.number().int(),
  goodsId: z.number().int(),
  title: z.string(),
  company: z.string(),
  /** URLs or paths; '' none. */
  picture: z.string(),
  thumbnail: z.string(),
  impression: z.number().int(),
  click: z.number().int(),
  content: z.string(),
});
export type GoodCase = z.output<typeof goodCaseSchema>;

/** A good's page: the good and its success cases (oldest first; none: []). */
export const goodDetailSchema = goodSchema.extend({ cases: goodCaseSchema.array() });
export type GoodDetail = z.output<typeof goodDetailSchema>;

export const orderSchema = z.object({
  id: z.number().int(),
  orderCode: z.string(),
  goodId: z.number().int(),
  goodTitle: z.string(),
  goodMinMarketPrice: z.number().int(),
  goodMaxMarketPrice: z.number().int(),
  goodExchangeScore: z.number().int(),
  /** The spec's goodScore: the points price of one, as goodExchangeScore. */
  goodScore: z.number().int(),
  consumeScore: z.number().int(),
  amount: z.number().int(),
  status: z.number().int(),
  /** China time, 'YYYY-MM-DD HH:mm:ss'. */
  publishTime: z.string(),
  receiver: z.object({
    name: z.string(),
    mobile: z.string(),
    region: z.string(),
    address: z.string(),
    postalCode: z.string().nullable(),
  }),
});
export type Order = z.output<typeof orderSchema>;

export const orderTrackSchema = z.object({ time: z.string(), context: z.string() });
/** The spec's Express: courier company, tracking code and the tracking events, newest first; null before shipping. */
export const expressSchema = z.object({
  companyCode: z.string(),
  code: z.string(),
  list: orderTrackSchema.array(),
});
export const orderDetailSchema = orderSchema.extend({ express: expressSchema.nullable() });
export type OrderDetail = z.output<typeof orderDetailSchema>;

export const orderListQuerySchema = paginationQuerySchema.extend({
  status: optionalQueryParam(queryInt(MallMessage.StatusInvalid, -1, 3).refine((value) => value !== 0, { error: MallMessage.StatusInvalid })),
});
export type OrderListQuery = z.output<typeof orderListQuerySchema>;
export const orderParamsSchema = z.object({ id: idParam(MallMessage.OrderNotFound) });

// ---- daily sign-in and the task wall (spec 000 sections 2, 3 and 4) ----

/** Days of the sign-in cycle: the continuity days give the position in it (spec 000 section 4). */
export const SIGNIN_CYCLE_DAYS = 7;
/** Points of each day of the sign-in cycle (index 0 is day 1): 10 on days 1 to 6, day 7 the points gift pack of 100. */
export const SIGNIN_POINTS = [10, 10, 10, 10, 10, 10, 100] as const;
/** The points of day `continuityDay` (1..7) of the cycle. */
export const signinPointsOf = (continuityDay: number): number => SIGNIN_POINTS[(continuityDay - 1) % SIGNIN_CYCLE_DAYS] ?? 0;
/**
 * The continuity day of a sign-in: yesterday's + 1 when yesterday was signed (after day 7 back to
 * 1: day 8 of a streak is day 1 of the next cycle), else 1 (a missed day restarts the cycle).
 */
export const nextContinuityDay = (yesterday: number | null): number => (yesterday === null ? 1 : (yesterday % SIGNIN_CYCLE_DAYS) + 1);

export const SigninMessage = {
  /** A second sign-in of the same China day (409). */
  AlreadySigned: '今日已签到',
} as const;

/** One slot of the 7-day strip: its day of the cycle, its points and whether it is signed. */
export const signinSlotSchema = z.object({
  day: z.number().int(),
  points: z.number().int(),
  signed: z.boolean(),
});
export type SigninSlot = z.output<typeof signinSlotSchema>;

/**
 * The customer's sign-in (spec 000 section 3's sign: continuityDay, total, startTime): whether
 * today is signed; continuityDay, the signed days of the cycle shown (0..7: today's sign-in, or
 * else yesterday's unless it ended a cycle, else 0); todaySlot, the day of the cycle today's
 * sign-in takes or took; total, all sign-ins ever; startTime, the first day ('YYYY-MM-DD', China)
 * of the unbroken streak of sign-ins ending today or yesterday, null without one; days, the 7
 * slots of the cycle shown.
 */
export const signinStateSchema = z.object({
  signedToday: z.boolean(),
  continuityDay: z.number().int(),
  todaySlot: z.number().int(),
  total: z.number().int(),
  startTime: z.string().nullable(),
  days: signinSlotSchema.array(),
});
export type SigninState = z.output<typeof signinStateSchema>;
/** The answer of a sign-in: the state after it and the points it gave. */
export const signinResultSchema = signinStateSchema.extend({ points: z.number().int() });
export type SigninResult = z.output<typeof signinResultSchema>;

/** The reward tasks of the task wall (spec 000 section 2), in the order shown. */
export const TASK_KEYS = ['topup', 'consumption', 'reading', 'activity', 'share', 'official'] as const;
export type TaskKey = (typeof TASK_KEYS)[number];
/** Task status: to do, or done today (China day). */
export const TaskStatus = { Todo: 0, Done: 1 } as const;

/** The reward tasks other than the top-up: their points come from completing them (points_log 'task'). */
export type RewardTaskKey = Exclude<TaskKey, 'topup'>;
/**
 * How often each reward task pays: `day` once per China day, `ref` once per distinct reference
 * (each activity taken part in), `once` once ever.
 */
export const TASK_PERIODS: Record<RewardTaskKey, 'day' | 'ref' | 'once'> = {
  consumption: 'day',
  reading: 'day',
  share: 'day',
  activity: 'ref',
  official: 'once',
};
/** The points of each reward task (the award texts of MALL_TASKS say these). */
export const TASK_POINTS: Record<RewardTaskKey, number> = { consumption: 20, reading: 5, share: 5, activity: 50, official: 20 };

/**
 * The tasks as the wall lists them: what to do, the reward's text and, on the featured one, `top`
 * (shown first, marked 推荐). The top-up pays POINTS_PER_YUAN per yuan with the top-up; the
 * others pay TASK_POINTS once per their TASK_PERIODS: consumption with the day's booked spend,
 * reading and share from the visitor site's article page and the goods share dialog, activity
 * and official granted by the operator (no source of the product can see them).
 */
export const MALL_TASKS: ReadonlyArray<{ key: TaskKey; content: string; award: string; top?: boolean }> = [
  { key: 'topup', content: '账户充值', award: `每充值1元奖励${POINTS_PER_YUAN}积分`, top: true },
  { key: 'consumption', content: '推广消费', award: `每日消费奖励${TASK_POINTS.consumption}积分` },
  { key: 'reading', content: '阅读行业文章', award: `每日阅读奖励${TASK_POINTS.reading}积分` },
  { key: 'activity', content: '参与平台活动', award: `每次参与奖励${TASK_POINTS.activity}积分` },
  { key: 'share', content: '分享商品给好友', award: `每日分享奖励${TASK_POINTS.share}积分` },
  { key: 'official', content: '关注官方公众号', award: `关注奖励${TASK_POINTS.official}积分` },
];

export const taskSchema = z.object({
  key: z.enum(TASK_KEYS),
  content: z.string(),
  award: z.string(),
  /** 0 to do, 1 done today. */
  status: z.number().int(),
  /** The featured task, shown first. */
  top: z.boolean().optional(),
});
export type Task = z.output<typeof taskSchema>;

/** The article read (reading task): an article of the visitor site, published. */
export const readingTaskSchema = z.object({ articleId: idValue(MallMessage.ArticleNotFound) });
export type ReadingTaskInput = z.output<typeof readingTaskSchema>;
/** The good whose link was copied (share task): a good on sale. */
export const shareTaskSchema = z.object({ goodId: idValue(MallMessage.GoodNotFound) });
export type ShareTaskInput = z.output<typeof shareTaskSchema>;
/**
 * The answer of completing a task: its key, the points this call granted (0: the task was done in
 * its period already, nothing granted) and its status now (1, done).
 */
export const taskCompletionSchema = z.object({
  key: z.enum(TASK_KEYS),
  points: z.number().int(),
  status: z.number().int(),
});
export type TaskCompletion = z.output<typeof taskCompletionSchema>;
