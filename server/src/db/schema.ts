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

export interface DailyStatsTable {
  id: Generated<number>;
  customerId: number;
  itemId: number;
  date: string;
  impressions: number;
  clicks: number;
  messages: number;
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
}

export interface IndustriesTable {
  id: Generated<number>;
  title: string;
  summary: string;
  sort: number;
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
}

/** The customer's call-centre staff, targets of manual assignment (type 1). */
export interface CrmUsersTable {
  id: Generated<number>;
  customerId: number;
  userName: string;
  phone: Generated<string>;
  deptName: Generated<string>;
}

/** The customer's CRM channel sources, targets of manual assignment (type 2). */
export interface ChannelSourcesTable {
  id: Generated<number>;
  customerId: number;
  sourceCode: string;
  sourceName: string;
}

export interface CustomerSettingsTable {
  customerId: number;
  /** An AssignResourceType; 1 when the customer has no row. */
  assignResourceType: Generated<number>;
  /** The key of POST /rest/open/leads (64 hex characters), made on first request. */
  ingestKey: string | null;
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

/** Leads received per customer, analysis dimension, China day and key (a province, genre, keyword). */
export interface LeadDimCountsTable {
  customerId: number;
  dim: string;
  day: string;
  key: string;
  count: number;
}

export interface Database {
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
  leads: LeadsTable;
  crmUsers: CrmUsersTable;
  channelSources: ChannelSourcesTable;
  customerSettings: CustomerSettingsTable;
  notices: NoticesTable;
  noticeStates: NoticeStatesTable;
  customerMessages: CustomerMessagesTable;
  ledgerTopups: LedgerTopupsTable;
  ledgerConsumptions: LedgerConsumptionsTable;
  ledgerAccounts: LedgerAccountsTable;
  ledgerJobRuns: LedgerJobRunsTable;
  leadDayCounts: LeadDayCountsTable;
  leadDimCounts: LeadDimCountsTable;
}

/** The database handle repositories take: the app's Kysely instance or an open transaction. */
export type Db = Kysely<Database> | Transaction<Database>;
