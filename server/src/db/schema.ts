import type { Generated, Kysely, Transaction } from 'kysely';

/*
 * Table types as the application sees them (camelCase; CamelCasePlugin maps to snake_case).
 *
 * Times are UTC ISO-8601 strings ('2025-01-31T08:00:00.000Z') and days are 'YYYY-MM-DD'
 * strings, stored as text: the same values, comparisons and ordering on SQLite (which has no
 * date type) and PostgreSQL, with no driver-specific Date conversion.
 */

export interface CustomersTable {
  id: Generated<number>;
  loginAccount: string;
  passwordHash: string;
  type: Generated<number>;
  /** WhetherVoice: 0 plays the sound reminder. */
  whetherVoice: Generated<number>;
  /** 1 while the first-login guide should show (the API's firstLoginStutes). */
  firstLogin: Generated<number>;
  /** 1 when the next login must change the password first (code 10002). */
  forcePasswordChange: Generated<number>;
  /** Bumped on each avatar upload so its URL changes and caches refresh; null without avatar. */
  avatarVersion: number | null;
  registerTime: string;
}

export interface AvatarsTable {
  customerId: number;
  contentType: string;
  bytes: Buffer;
  updatedAt: string;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's token, so a leaked table holds no usable session. */
  id: string;
  customerId: number;
  expiresAt: string;
  createdAt: string;
}

/** One throttle key's state (login throttle without Redis). */
export interface LoginThrottleTable {
  key: string;
  /** Attempts counted since the row was (re)started. */
  attempts: number;
  /** Further attempts are refused until then; null: not waiting. */
  lockedUntil: string | null;
  /** After this the row counts as absent. */
  expiresAt: string;
}

/** The address a customer last logged in from (the per-account limit spares it). */
export interface LoginAddressesTable {
  customerId: number;
  address: string;
  lastLoginAt: string;
}

/** A one-time token of a 10002 login, by its SHA-256: it opens the forced password change. */
export interface PasswordChangeTokensTable {
  id: string;
  customerId: number;
  expiresAt: string;
}

export interface ItemsTable {
  id: Generated<number>;
  customerId: number;
  title: string;
  status: number;
  modeType: number | null;
  industry: Generated<string>;
  /** The salesperson (spec: saler). */
  saler: Generated<string>;
  /** The service manager (spec: server). */
  serverManager: Generated<string>;
  /** Fen per lead received: the consumption job's price (0: nothing is booked). */
  unitPrice: Generated<number>;
}

export interface ChannelsTable {
  id: Generated<number>;
  customerId: number;
  title: string;
  channelType: number;
}

/**
 * The ad platform's delivery figures of a project and China day (PUT /rest/open/daily-stats, one
 * row per (itemId, date), a re-send replaces it). 留言数 is not stored: it is counted from the leads.
 */
export interface DailyStatsTable {
  id: Generated<number>;
  customerId: number;
  itemId: number;
  date: string;
  impressions: number;
  clicks: number;
  validConversations: number;
  phoneRequests: number;
}

/** Banners, articles and industries are the platform's editorial content, the same for every customer. */
export interface BannersTable {
  id: Generated<number>;
  title: string;
  subtitle: string;
  linkUrl: string | null;
  linkType: number;
  sort: number;
}

export interface ArticlesTable {
  id: Generated<number>;
  title: string;
  summary: string;
  publishTime: string;
  /** An ArticleCategory of the visitor site (guide, marketing, news). */
  category: Generated<string>;
  /** Plain text, paragraphs separated by blank lines ('' until written). */
  body: Generated<string>;
}

export interface IndustriesTable {
  id: Generated<number>;
  title: string;
  summary: string;
  sort: number;
  /** Plain text, paragraphs separated by blank lines ('' until written). */
  body: Generated<string>;
}

/** The visitor site's carousel (the workbench's is `banners`). */
export interface PublicBannersTable {
  id: Generated<number>;
  title: string;
  subtitle: Generated<string>;
  linkUrl: string | null;
  linkType: Generated<number>;
  sort: Generated<number>;
}

/** A success case of the visitor site; `content` is plain text. */
export interface SuccessCasesTable {
  id: Generated<number>;
  goodsId: number | null;
  title: string;
  company: string;
  industry: Generated<string>;
  impression: Generated<number>;
  click: Generated<number>;
  summary: string;
  content: string;
  publishTime: string;
}

/** An item of 关于我们 (公司简介, 发展历程...). */
export interface AboutItemsTable {
  id: Generated<number>;
  title: string;
  summary: string;
  body: string;
  sort: Generated<number>;
}

/** A marketing service under one product tab (`product` a PublicProduct). */
export interface MarketingServicesTable {
  id: Generated<number>;
  product: string;
  title: string;
  summary: string;
  sort: Generated<number>;
}

/** A recruitment position (shown on full-brand hosts only). */
export interface JobPositionsTable {
  id: Generated<number>;
  title: string;
  city: string;
  headcount: number;
  salary: string;
  duties: string;
  requirements: string;
  publishTime: string;
}

/** One lead of any list; `listKind` is a LeadKind and `tableName` its LEAD_TABLE_NAMES entry. */
export interface LeadsTable {
  id: Generated<number>;
  customerId: number;
  listKind: string;
  tableName: string;
  itemId: number | null;
  itemTitle: Generated<string>;
  name: string;
  mobile: string;
  /** 1 normal, 0 suspected. */
  mobileStatus: Generated<number>;
  other: string | null;
  channelId: number | null;
  channelTitle: string | null;
  searchWord: string | null;
  region: string | null;
  province: string | null;
  city: string | null;
  resType: Generated<number>;
  /** The portrait. */
  descrip: string | null;
  otherInfo: string | null;
  createTime: string;
  /** The receiver's name: a staff member's, or a channel source's when assigned by source. */
  crmFollower: string | null;
  crmFollowerId: number | null;
  channelSourceCode: string | null;
  crmPushed: Generated<number>;
  remark: string | null;
  readStatus: Generated<number>;
  /** 0 live, -1 deleted. */
  status: Generated<number>;
  genreId: number | null;
  templateStyle: number | null;
  searchDomain: string | null;
  referrerUrl: string | null;
  pageUrl: string | null;
  /** Plain text, or JSON of {wechart, feedback, visitTime, sex, budget}. */
  content: string | null;
  /** JSON list of {id, callTime, message}. */
  callData: string | null;
  /** JSON list of {question, answer}. */
  questionnaire: string | null;
  feedbackId: string | null;
  clientId: string | null;
  source: string | null;
  qq: string | null;
  address: string | null;
  ipArea: string | null;
  modeType: number | null;
  /** The platform the form was sent from (MessagePlatform), when the sender said. */
  platform: number | null;
  /** The phone and the other contact as duplicates compare them (phoneKeyOf, otherKeyOf of the contracts). */
  phoneKey: string | null;
  otherKey: string | null;
  /** The original lead this one repeats, and why ('与 3 天前的表单线索重复'); null for an original. */
  duplicateOf: number | null;
  duplicateReason: string | null;
  /** The checker's class of the number (PhoneClass), null until checked; when it was checked. */
  phoneClass: string | null;
  phoneCheckedAt: string | null;
  /** A check is wanted from then on (ISO time; null: none); the tries spent on it. */
  phoneCheckDue: string | null;
  phoneCheckAttempts: Generated<number>;
  /** 'waiting' for its check or 'held' by its class (the hold-back setting); null: not held. */
  phoneHeld: string | null;
  /** The follow-up deadline (ISO; null: none runs), when it was followed up, and its recycles so far. */
  followUpDue: string | null;
  followedAt: string | null;
  recycleCount: Generated<number>;
}

/** The customer's call-centre staff, targets of manual assignment (type 1). */
export interface CrmUsersTable {
  id: Generated<number>;
  customerId: number;
  userName: string;
  phone: Generated<string>;
  deptName: Generated<string>;
  /** The CRM it was synced from (crmuser/synchro) and its id there; null for staff entered here. */
  crmCode: string | null;
  crmUserId: string | null;
}

/** The customer's CRM channel sources, targets of manual assignment (type 2). */
export interface ChannelSourcesTable {
  id: Generated<number>;
  customerId: number;
  sourceCode: string;
  sourceName: string;
  /** The CRM it was synced from; null for sources entered here. */
  crmCode: string | null;
}

export interface CustomerSettingsTable {
  customerId: number;
  /** An AssignResourceType; 1 when the customer has no row. */
  assignResourceType: Generated<number>;
  /** The key of POST /rest/open/leads (64 hex characters), made on first request. */
  ingestKey: string | null;
  /** The HMAC key of signed lead sends (64 hex characters), stored as is; null until generated. */
  ingestSigningSecret: string | null;
  /** 1: unsigned lead sends are refused (401). */
  ingestSignatureRequired: Generated<number>;
  /** The duplicate rule (issue 24): window in days, 'customer' or 'project', 'hold' or 'new'. */
  duplicateWindowDays: Generated<number>;
  duplicateScope: Generated<string>;
  duplicateAction: Generated<string>;
  /** 1: empty and risky numbers are held back from distribution and push (issue 24). */
  phoneHoldBack: Generated<number>;
}

/** A customer's follow-up deadline of a project (itemId 0: every project without its own). */
export interface FollowUpRulesTable {
  customerId: number;
  itemId: number;
  deadlineMinutes: number;
  workingHoursOnly: Generated<number>;
  recycle: Generated<number>;
  recycleLimit: Generated<number>;
}

/** A recycle of a lead: from whom, to whom (null: nobody could take it), why, when (China time). */
export interface LeadRecyclesTable {
  id: Generated<number>;
  customerId: number;
  leadId: number;
  fromUserId: number | null;
  fromName: string;
  toUserId: number | null;
  toName: string | null;
  reason: string;
  createTime: string;
}

/** The checker's class of a number (its duplicate key), reused for PHONE_CHECK_CACHE_DAYS. */
export interface PhoneChecksTable {
  phoneKey: string;
  phoneClass: string;
  checkedAt: string;
}

/** An Idempotency-Key of POST /rest/open/leads: the body it came with and the lead it made (24 h). */
export interface IngestIdempotencyKeysTable {
  id: Generated<number>;
  customerId: number;
  idempotencyKey: string;
  /** SHA-256 (hex) of the raw body. */
  bodyHash: string;
  /** Set in the same transaction as the insert, once the lead is stored. */
  leadId: number | null;
  createdAt: string;
}

/** A notification: customerId null for a system notice (every customer, type 0), else a user notice (type 1). */
export interface NoticesTable {
  id: Generated<number>;
  customerId: number | null;
  /** A NoticeType. */
  type: number;
  title: string;
  contents: string;
  createdAt: string;
}

/** One customer's marks on a notice; no row: unread and not deleted. */
export interface NoticeStatesTable {
  customerId: number;
  noticeId: number;
  readAt: string | null;
  /** Set when the customer deleted it: it leaves their list and counters only. */
  deletedAt: string | null;
}

/** What a customer (or a visitor, customerId null) sends the operator: suggestions and contact forms. */
export interface CustomerMessagesTable {
  id: Generated<number>;
  customerId: number | null;
  /** A MessageFormType (9 the navigation's suggestion). */
  type: number;
  /** A MessagePlatform (2 logged in). */
  platform: number;
  content: string;
  createdAt: string;
}

/** One top-up of a project (money in fen; payTime the arrival day, publishTime when it was entered). */
export interface LedgerTopupsTable {
  id: Generated<number>;
  customerId: number;
  itemId: number;
  money: number;
  /** A TopupType. */
  type: number;
  payTime: string;
  remark: Generated<string>;
  publishTime: string;
}

/** A project's consumption of one China day, booked once (primary key itemId + day); money in fen, coins whole points. */
export interface LedgerConsumptionsTable {
  customerId: number;
  itemId: number;
  day: string;
  costCoin: number;
  costMoney: number;
  serviceCoin: number;
  cpCostCoin: number;
  cpCostMoney: number;
  jpCostCoin: number;
  jpCostMoney: number;
  impressions: number;
  clicks: number;
  talks: number;
  bookedAt: string;
}

/** A project's running ledger totals (fen): balance = toppedUp - consumed. */
export interface LedgerAccountsTable {
  itemId: number;
  customerId: number;
  toppedUp: Generated<number>;
  consumed: Generated<number>;
  /** 1 once the low-balance notice went out for the current drop. */
  lowNoticeSent: Generated<number>;
}

/** A day the consumption job ran (or runs) for: the instance that inserts the row runs it. */
export interface LedgerJobRunsTable {
  day: string;
  startedAt: string;
  finishedAt: string | null;
}

/** Leads received per customer, report group (smart, cpc), China day, project and receiver ('' none). */
export interface LeadDayCountsTable {
  customerId: number;
  leadGroup: string;
  day: string;
  itemId: number;
  receiver: string;
  count: number;
}

/** The listed original leads per customer, analysis dimension, China day, project and key (a province, genre, keyword). */
export interface LeadDimCountsTable {
  customerId: number;
  dim: string;
  day: string;
  itemId: number;
  key: string;
  count: number;
}

/** A customer's account of one CRM (spec 001 section 3 "CRM account setting") and its push connection. */
export interface CrmAccountsTable {
  id: Generated<number>;
  customerId: number;
  crmCode: string;
  param1: Generated<string>;
  param2: Generated<string>;
  param3: Generated<string>;
  param4: Generated<string>;
  param5: Generated<string>;
  param6: Generated<string>;
  param7: Generated<string>;
  param8: Generated<string>;
  param9: Generated<string>;
  param10: Generated<string>;
  /** '1' saas, '2' pro. */
  edition: Generated<string>;
  /** 1: new leads the rules select are pushed. */
  sync: Generated<number>;
  channelSourceName: Generated<string>;
  createTime: string;
  creater: Generated<string>;
  consecutiveFailures: Generated<number>;
  /** Set while the connection is paused after a run of failures. */
  pausedAt: string | null;
  /** A CRM login token (lixiao) shared by every instance, and when it expires (epoch ms; bigint: pg answers a string). */
  authToken: string | null;
  authTokenExpires: number | string | null;
}

/** What 'update data' pulled from a CRM: kind 'fields', 'labels', 'templates'; data JSON. */
export interface CrmDiscoveryTable {
  customerId: number;
  crmCode: string;
  kind: string;
  data: string;
  updatedAt: string;
}

/** One CRM field's mapping for a resType (1 form, 2 smart chat); children JSON [{crmFCode, crmFName, wyFChildCode, wyDefaultValue, wyUseDefault}]. */
export interface CrmFieldMappingsTable {
  id: Generated<number>;
  customerId: number;
  crmCode: string;
  resType: number;
  crmFCode: string;
  crmFName: Generated<string>;
  wyFCode: string | null;
  itemId: number | null;
  channelId: number | null;
  wyDefaultValue: string | null;
  wyDefaultBooleanValue: number | null;
  wyUseDefault: Generated<number>;
  children: Generated<string>;
  sort: Generated<number>;
}

export interface CrmLabelMappingsTable {
  id: Generated<number>;
  customerId: number;
  crmCode: string;
  classId: string;
  className: Generated<string>;
  itemId: number;
  channelId: number | null;
  /** 0 unlimited, 1 form, 2 smart chat. */
  resType: Generated<number>;
}

export interface CrmTemplateMappingsTable {
  id: Generated<number>;
  customerId: number;
  crmCode: string;
  crmTemplateId: string;
  type: number;
}

/** The ec message-notice creator. */
export interface CrmCreatorsTable {
  id: Generated<number>;
  customerId: number;
  crmCode: string;
  userId: string;
  userName: string;
  account: Generated<string>;
}

export interface AcceptGroupsTable {
  id: Generated<number>;
  customerId: number;
  name: string;
}

/** The distribution type per customer and CRM: 0 unlimited, 1 by region, 2 by channel type. */
export interface DistributeRulesTable {
  customerId: number;
  crmCode: string;
  type: Generated<number>;
}

/** A rule row: kind 'area' (provinceList JSON), 'channelType' (channelType) or 'item' (per project). */
export interface DistributeRuleRowsTable {
  id: Generated<number>;
  customerId: number;
  crmCode: string;
  kind: string;
  acceptGroupId: number | null;
  provinceList: string | null;
  channelType: number | null;
  itemId: number | null;
  crmFCode: string | null;
  crmFName: string | null;
  dataNum: Generated<number>;
  dataNumLimit: number | null;
  distributeNum: Generated<number>;
  sort: Generated<number>;
}

/** The outbox: one push of one lead to one CRM. Epoch-ms columns are bigint (pg answers strings: read with Number()). */
export interface CrmPushJobsTable {
  id: Generated<number>;
  customerId: number;
  crmCode: string;
  leadId: number;
  /** A PushStatus. */
  status: string;
  /** 'auto', 'manual' or 'note' (outbox.ts PushOrigin). */
  origin: string;
  attempts: Generated<number>;
  nextAttemptAt: number | string;
  leaseUntil: number | string | null;
  claimedBy: string | null;
  crmId: string | null;
  lastReason: string | null;
  createdAt: number | string;
  createTime: string;
  deliveredAt: string | null;
  /** When the follow-up records on its CRM record were last read (epoch ms; migration 0032). */
  recordsCheckedAt: number | string | null;
}

/** A recycled lead's follower change in one CRM (migration 0030). */
export interface CrmFollowerChangesTable {
  leadId: number;
  crmCode: string;
  customerId: number;
  /** A PushStatus. */
  status: string;
  attempts: Generated<number>;
  nextAttemptAt: number | string;
  lastReason: string | null;
  followerCrmId: string | null;
  createTime: string;
  doneAt: string | null;
}

/** The delivery log: one attempt of a push. */
export interface CrmPushAttemptsTable {
  id: Generated<number>;
  jobId: number;
  customerId: number;
  attemptNo: number;
  startedAt: string;
  finishedAt: string | null;
  startedMs: number | string;
  /** 'delivered', 'retry', 'refused' or 'failed'. */
  outcome: string;
  reason: string | null;
  /** JSON [{code, name, value}]: the mapped fields sent. */
  fields: Generated<string>;
  crmId: string | null;
  nextRetryAt: string | null;
}

/** One staff member on one day of one project (spec: daily arrangement), per CRM. */
export interface DailyArrangementsTable {
  id: Generated<number>;
  customerId: number;
  crmCode: string;
  itemId: number;
  /** 'YYYY-MM-DD' (China day). */
  date: string;
  /** crm_users.id. */
  userId: number;
  acceptGroupId: number | null;
  /** Quantity per round; null: empty (none in rounds). */
  dataNum: number | null;
  /** Daily cap; null: unlimited, 0: none. */
  dataNumLimit: number | null;
  /** Space-separated 'HH:mm-HH:mm'; '' all day. */
  timeStr: Generated<string>;
  sort: Generated<number>;
  status: Generated<number>;
  createTime: string;
  creater: Generated<string>;
}

/** The distribution engine's state of one project's day: JSON (distribution/state.ts), the row its lock. */
export interface DistributionDaysTable {
  customerId: number;
  crmCode: string;
  itemId: number;
  date: string;
  state: Generated<string>;
}

/** A lead waiting for someone on shift, first in first out per project. */
export interface DistributionQueueTable {
  id: Generated<number>;
  customerId: number;
  crmCode: string;
  itemId: number;
  leadId: number;
  enqueuedAt: number | string;
}

/** Why a lead went to whom, or why it waits (the lead detail page). */
export interface LeadDistributionsTable {
  leadId: number;
  customerId: number;
  status: string;
  crmCode: string | null;
  ruleType: number | null;
  acceptGroupId: number | null;
  acceptGroupName: string | null;
  userId: number | null;
  userName: string | null;
  round: number | null;
  reason: string | null;
  skipped: Generated<string>;
  createTime: string;
  assignTime: string | null;
}

/** An import waiting for repeated names to be resolved. */
export interface ScheduleImportsTable {
  id: string;
  customerId: number;
  crmCode: string;
  itemId: number;
  date: string;
  payload: string;
  createdAt: number | string;
}

/** A plan form (strategy survey) and its report (0016_public_forms). */
export interface StrategySurveysTable {
  id: Generated<number>;
  /** 32 hex characters: who holds it may read the report again. */
  token: string;
  brand: string;
  /** The checked plan form, JSON. */
  fields: string;
  /** The computed PlanReport, JSON. */
  report: string;
  /** The logged-in customer who sent it; null for a visitor. */
  customerId: number | null;
  leadId: number | null;
  createdAt: string;
}

/** An Idempotency-Key of a public form post (0016_public_forms). */
export interface PublicFormIdempotencyKeysTable {
  id: Generated<number>;
  form: string;
  idempotencyKey: string;
  bodyHash: string;
  /** The first answer's JSON body; null while it is being made. */
  answer: string | null;
  createdAt: string;
}

/** A single-sign-on link's token (operator CLI `sso-link`), by its SHA-256: one login, within its expiry. */
export interface SsoTokensTable {
  id: Generated<number>;
  customerId: number;
  tokenHash: string;
  expiresAt: string;
  /** Set by the login that used it; null while unused. */
  usedAt: string | null;
  createdAt: string;
}

/** A customer's points balance (0018_mall): never below 0, changed only with a points_log row. */
export interface PointsAccountsTable {
  customerId: number;
  balance: number;
}

/** One change of a customer's points (0018_mall): signed, with the balance after it and its cause. */
export interface PointsLogTable {
  id: Generated<number>;
  customerId: number;
  /** 'topup', 'order', 'order-cancel', 'signin', 'task', 'seed'. */
  source: string;
  variational: number;
  balanceAfter: number;
  refType: string | null;
  refId: number | null;
  publishTime: string;
}

/** A good of the points mall (0018_mall); market prices in fen (bigint: read with Number()). */
export interface MallGoodsTable {
  id: Generated<number>;
  /** 1 gifts, 2 intelligent-investment tools, 3 brand tools, 4 media tools. */
  section: number;
  title: string;
  exchangeScore: number;
  minMarketPrice: number | string;
  maxMarketPrice: number | string;
  stock: number;
  /** JSON array of picture URLs. */
  productPics: string;
  details: string;
  linkUrl: string;
  /** 1 on sale, 0 off. */
  status: number;
  createdAt: string;
}

/** A customer's delivery address (0018_mall). */
export interface MallAddressesTable {
  id: Generated<number>;
  customerId: number;
  name: string;
  mobile: string;
  province: string;
  city: string;
  area: string;
  street: string;
  address: string;
  postalCode: string | null;
  isDefault: number;
  createdAt: string;
}

/** An exchange of points for a good (0018_mall): the good and the address as they were when ordered. */
export interface MallOrdersTable {
  id: Generated<number>;
  orderCode: string;
  customerId: number;
  goodId: number;
  goodTitle: string;
  goodMinMarketPrice: number | string;
  goodMaxMarketPrice: number | string;
  goodExchangeScore: number;
  consumeScore: number;
  amount: number;
  /** -1 cancelled, 1 awaiting shipment, 2 awaiting receipt, 3 completed. */
  status: number;
  receiverName: string;
  receiverMobile: string;
  receiverRegion: string;
  receiverAddress: string;
  receiverPostalCode: string | null;
  idempotencyKey: string;
  publishTime: string;
  expressCompany: string | null;
  expressCode: string | null;
}

/** A logistics event of an order (0018_mall). */
export interface MallOrderTracksTable {
  id: Generated<number>;
  orderId: number;
  time: string;
  context: string;
}

/** A customer's sign-in of one China day (0019_mall_signin): PRIMARY KEY (customerId, day). */
export interface MallSigninsTable {
  customerId: number;
  /** China date 'YYYY-MM-DD'. */
  day: string;
  /** The day of the 7-day cycle, 1..7. */
  continuityDay: number;
  points: number;
  /** The first day of the unbroken streak this sign-in belongs to. */
  streakStart: string;
  createdAt: string;
}

/** A slide of the mall home's carousel (0020_mall_banners_cases); linkType 0 no link, 1 a link. */
export interface MallBannersTable {
  id: Generated<number>;
  /** The picture's alt text. */
  title: string;
  picUrl: string;
  linkUrl: string | null;
  linkType: Generated<number>;
  sort: Generated<number>;
  createdAt: string;
}

/** A success case of a good of the points mall (0020_mall_banners_cases). */
export interface MallGoodCasesTable {
  id: Generated<number>;
  goodId: number;
  title: string;
  company: string;
  /** URLs or paths of this site; '' none. */
  picture: Generated<string>;
  thumbnail: Generated<string>;
  impression: Generated<number>;
  click: Generated<number>;
  content: Generated<string>;
  createdAt: string;
}

/**
 * A reward task completed (0021_mall_tasks): once per customer, task and period (a China day, an
 * activity's name, 'once'); its points are the points_log row 'task' of the same transaction.
 */
export interface MallTaskCompletionsTable {
  id: Generated<number>;
  customerId: number;
  /** consumption, reading, share, activity, official. */
  task: string;
  period: string;
  /** The China day it was granted, 'YYYY-MM-DD'. */
  day: string;
  /** The article, good or project that completed it; null for the operator's. */
  subjectId: number | null;
  points: number;
  createdAt: string;
}

/** An article of the help centre (migration 0022). */
export interface HelpArticlesTable {
  id: Generated<number>;
  /** '<section>/<file name>' of an article imported from the shipped files; null for the operator's own. */
  slug: string | null;
  section: string;
  title: string;
  /** The operator's Markdown. */
  bodyMd: string;
  /** Its rendering, sanitised (markdown.ts). */
  html: string;
  /** Its plain text: what the search reads and the snippets cut. */
  bodyText: string;
  summary: string;
  sort: Generated<number>;
  /** published or draft. */
  status: string;
  createdAt: string;
  updatedAt: string;
}

/** A customer's public chat key, the widget's data-key (0023_chat). */
export interface ChatKeysTable {
  id: Generated<number>;
  customerId: number;
  key: string;
  /** The project its conversations' leads go to; null: the customer's first project. */
  itemId: number | null;
  /** 'active' or 'revoked'. */
  status: Generated<string>;
  createdAt: string;
}

/** A visitor's conversation with a customer (0023_chat); the visitor's token only as its SHA-256. */
export interface ChatConversationsTable {
  id: Generated<number>;
  customerId: number;
  keyId: number;
  itemId: number | null;
  tokenHash: string;
  visitorName: string;
  pageUrl: string | null;
  referrer: string | null;
  /** 'open' or 'closed'. */
  status: Generated<string>;
  lastActivityAt: string;
  /** The visitor's newest message or poll. */
  visitorSeenAt: string;
  customerUnread: Generated<number>;
  phone: string | null;
  /** The smart-chat lead it became (UNIQUE). */
  leadId: number | null;
  createdAt: string;
  /** The China day it became valid (a visitor message and a reply; 0024_chat_valid), else null. */
  validDay: Generated<string | null>;
}

/** A message of a conversation (0023_chat); sender 'visitor' or 'customer'. */
export interface ChatMessagesTable {
  id: Generated<number>;
  conversationId: number;
  sender: string;
  body: string;
  createdAt: string;
}

export interface Database {
  chatKeys: ChatKeysTable;
  chatConversations: ChatConversationsTable;
  chatMessages: ChatMessagesTable;
  helpArticles: HelpArticlesTable;
  mallSignins: MallSigninsTable;
  mallTaskCompletions: MallTaskCompletionsTable;
  mallBanners: MallBannersTable;
  mallGoodCases: MallGoodCasesTable;
  pointsAccounts: PointsAccountsTable;
  pointsLog: PointsLogTable;
  mallGoods: MallGoodsTable;
  mallAddresses: MallAddressesTable;
  mallOrders: MallOrdersTable;
  mallOrderTracks: MallOrderTracksTable;
  ssoTokens: SsoTokensTable;
  strategySurveys: StrategySurveysTable;
  publicFormIdempotencyKeys: PublicFormIdempotencyKeysTable;
  customers: CustomersTable;
  avatars: AvatarsTable;
  sessions: SessionsTable;
  loginThrottle: LoginThrottleTable;
  loginAddresses: LoginAddressesTable;
  passwordChangeTokens: PasswordChangeTokensTable;
  items: ItemsTable;
  channels: ChannelsTable;
  dailyStats: DailyStatsTable;
  banners: BannersTable;
  articles: ArticlesTable;
  industries: IndustriesTable;
  publicBanners: PublicBannersTable;
  successCases: SuccessCasesTable;
  aboutItems: AboutItemsTable;
  marketingServices: MarketingServicesTable;
  jobPositions: JobPositionsTable;
  leads: LeadsTable;
  crmUsers: CrmUsersTable;
  channelSources: ChannelSourcesTable;
  customerSettings: CustomerSettingsTable;
  phoneChecks: PhoneChecksTable;
  followUpRules: FollowUpRulesTable;
  leadRecycles: LeadRecyclesTable;
  ingestIdempotencyKeys: IngestIdempotencyKeysTable;
  notices: NoticesTable;
  noticeStates: NoticeStatesTable;
  customerMessages: CustomerMessagesTable;
  ledgerTopups: LedgerTopupsTable;
  ledgerConsumptions: LedgerConsumptionsTable;
  ledgerAccounts: LedgerAccountsTable;
  ledgerJobRuns: LedgerJobRunsTable;
  leadDayCounts: LeadDayCountsTable;
  leadDimCounts: LeadDimCountsTable;
  crmAccounts: CrmAccountsTable;
  crmDiscovery: CrmDiscoveryTable;
  crmFieldMappings: CrmFieldMappingsTable;
  crmLabelMappings: CrmLabelMappingsTable;
  crmTemplateMappings: CrmTemplateMappingsTable;
  crmCreators: CrmCreatorsTable;
  acceptGroups: AcceptGroupsTable;
  distributeRules: DistributeRulesTable;
  distributeRuleRows: DistributeRuleRowsTable;
  crmPushJobs: CrmPushJobsTable;
  crmPushAttempts: CrmPushAttemptsTable;
  crmFollowerChanges: CrmFollowerChangesTable;
  dailyArrangements: DailyArrangementsTable;
  distributionDays: DistributionDaysTable;
  distributionQueue: DistributionQueueTable;
  leadDistributions: LeadDistributionsTable;
  scheduleImports: ScheduleImportsTable;
}

/** The database handle repositories take: the app's Kysely instance or an open transaction. */
export type Db = Kysely<Database> | Transaction<Database>;
