import {
  DateMessage,
  daysInRange,
  genreLabel,
  kindsListedBy,
  LIST_SHOWN_KINDS,
  LeadStatus,
  ReadStatus,
  searchEngineLabel,
  templateStyleLabel,
  WorkbenchMessage,
} from '@portal/contracts';
import {
  isHttpUrl,
  isPhoneClass,
  LEAD_FAMILY_KINDS,
  LEAD_KINDS,
  LEAD_MAX_DAYS,
  NO_RECEIVER,
  LeadApiMessage,
  type Lead,
  type LeadActionResult,
  type LeadCall,
  type LeadContent,
  type LeadFamily,
  type LeadKind,
  type LeadListQuery,
  type LeadQuestion,
  type LeadSummary,
  type LeadUnreadCounts,
} from '@portal/contracts/leads';
import type { Kysely, Updateable } from 'kysely';
import type { Database, Db, LeadsTable } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { pageWindow } from '../../http/pagination';
import { addDays, chinaDayStartIso, chinaToday, toChinaDateTime } from '../../lib/time';
import { requireOwnItem } from '../platform/service';
import { markFollowed } from '../follow-up/clock';
import { recordRemoval } from '../reports/rollup';
import * as repo from './repo';

/**
 * The kinds the feedback message detail page (GET /customer/feedback/feedbacks/{id}) reads: the
 * family of its path and every kind the bidding list, whose rows open it, shows.
 */
const DETAIL_KINDS: readonly LeadKind[] = [...new Set([...LEAD_FAMILY_KINDS.feedbacks, ...LIST_SHOWN_KINDS.feedback])];

export interface DayRange {
  start: string;
  end: string;
}

/** The days of a list: as asked, else today (China time); one side given alone is completed sensibly. */
export function leadRange(query: { startTime?: string; endTime?: string }, today: string = chinaToday()): DayRange {
  const end = query.endTime ?? (query.startTime && query.startTime > today ? query.startTime : today);
  const start = query.startTime ?? end;
  if (start > end) throw badRequest(DateMessage.Order);
  if (daysInRange(start, end) > LEAD_MAX_DAYS) throw badRequest(WorkbenchMessage.RangeTooLong);
  return { start, end };
}

/** Whole China days as a half-open range of stored (UTC ISO) times. */
export const rangeBounds = ({ start, end }: DayRange): { from: string; to: string } => ({
  from: chinaDayStartIso(start),
  to: chinaDayStartIso(addDays(end, 1)),
});

export interface FilterInput {
  itemId?: number;
  readStatus?: number;
  crmFollowerState?: number;
  crmFollower?: string;
  phone?: string;
  platformId?: number;
  duplicate?: number;
}

/** The repo filter of a list or export query; checks that a given item is the customer's own. */
export async function toFilter(
  db: Db,
  customerId: number,
  kinds: readonly LeadKind[],
  range: DayRange,
  input: FilterInput,
): Promise<repo.LeadFilter> {
  if (input.itemId !== undefined) await requireOwnItem(db, customerId, input.itemId);
  return {
    kinds,
    ...rangeBounds(range),
    itemId: input.itemId,
    readStatus: input.readStatus,
    assigned: input.crmFollowerState === undefined ? undefined : input.crmFollowerState === 1,
    receiver: input.crmFollower === undefined ? undefined : input.crmFollower === NO_RECEIVER ? null : input.crmFollower,
    phone: input.phone,
    platform: input.platformId,
    duplicate: input.duplicate === undefined ? undefined : input.duplicate === 1,
  };
}

const parseJson = (text: string | null): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

const CONTENT_KEYS = ['wechart', 'feedback', 'visitTime', 'sex', 'budget'] as const;

/** Plain text stays text; a JSON object keeps its known keys (as strings). */
export function parseContent(content: string | null): string | LeadContent | null {
  if (content === null) return null;
  if (!content.startsWith('{')) return content;
  const parsed = parseJson(content);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return content;
  const result: LeadContent = {};
  for (const key of CONTENT_KEYS) {
    const value = (parsed as Record<string, unknown>)[key];
    if (value !== undefined && value !== null) result[key] = String(value);
  }
  return result;
}

function parseCalls(callData: string | null): LeadCall[] {
  const parsed = parseJson(callData);
  if (!Array.isArray(parsed)) return [];
  return parsed
    .filter((call): call is Record<string, unknown> => Boolean(call) && typeof call === 'object')
    .map((call) => ({ id: Number(call.id) || 0, callTime: String(call.callTime ?? ''), message: String(call.message ?? '') }));
}

function parseQuestionnaire(questionnaire: string | null): LeadQuestion[] | null {
  const parsed = parseJson(questionnaire);
  if (!Array.isArray(parsed)) return null;
  return parsed
    .filter((entry): entry is Record<string, unknown> => Boolean(entry) && typeof entry === 'object')
    .map((entry) => ({ question: String(entry.question ?? ''), answer: String(entry.answer ?? '') }));
}

/** A stored lead as the lists answer it (spec field names, China time, labels, parsed JSON). */
export function toLead(row: repo.LeadRow): Lead {
  return {
    id: row.id,
    tableName: row.tableName,
    listKind: row.listKind as LeadKind,
    itemId: row.itemId,
    itemTitle: row.itemTitle,
    name: row.name,
    mobile: row.mobile,
    mobileStatus: row.mobileStatus,
    phoneClass: isPhoneClass(row.phoneClass) ? row.phoneClass : null,
    phoneHeld: row.phoneHeld === 'waiting' || row.phoneHeld === 'held' ? row.phoneHeld : null,
    other: row.other ?? '',
    channelId: row.channelId,
    channelTitle: row.channelTitle ?? '',
    showChannelTitle: Boolean(row.channelTitle),
    searchWord: row.searchWord ?? '',
    region: row.region ?? '',
    province: row.province ?? '',
    city: row.city ?? '',
    resType: row.resType,
    descrip: row.descrip ?? '',
    otherInfo: row.otherInfo ?? '',
    createTime: toChinaDateTime(row.createTime),
    crmFollower: row.crmFollower || null,
    crmFollowerId: row.crmFollowerId,
    crmPushed: Boolean(row.crmPushed),
    crmPushState: row.crmPushState ?? null,
    remark: row.remark ?? '',
    readStatus: row.readStatus,
    status: row.status,
    genreId: row.genreId,
    genreTitle: row.genreId === null ? '' : genreLabel(row.genreId),
    templateStyle: row.templateStyle,
    templateStyleTitle: row.templateStyle === null ? '' : templateStyleLabel(row.templateStyle),
    searchDomain: row.searchDomain ?? '',
    searchTitle: searchEngineLabel(row.searchDomain),
    referrerUrl: row.referrerUrl ?? '',
    pageUrl: row.pageUrl ?? '',
    showPageUrl: isHttpUrl(row.pageUrl),
    content: parseContent(row.content),
    callData: parseCalls(row.callData),
    datas: parseQuestionnaire(row.questionnaire),
    feedbackId: row.feedbackId ?? '',
    clientId: row.clientId ?? '',
    source: row.source ?? '',
    qq: row.qq ?? '',
    address: row.address ?? '',
    ipArea: row.ipArea ?? '',
    modeType: row.modeType,
    duplicateOf: row.duplicateOf,
    duplicateReason: row.duplicateReason ?? '',
    duplicateFirst:
      row.duplicateFirstKind && row.duplicateFirstTime
        ? { listKind: row.duplicateFirstKind as LeadKind, day: toChinaDateTime(row.duplicateFirstTime).slice(0, 10) }
        : null,
  };
}

/** One page of a list (every kind it shows, kindsListedBy), newest first, and the count of all matches. */
export async function listPage(db: Db, customerId: number, kind: LeadKind, query: LeadListQuery): Promise<{ rows: Lead[]; totalRow: number }> {
  const filter = await toFilter(db, customerId, kindsListedBy(kind), leadRange(query), query);
  const [totalRow, rows] = await Promise.all([repo.countLeads(db, customerId, filter), repo.listLeads(db, customerId, filter, pageWindow(query))]);
  return { totalRow, rows: rows.map(toLead) };
}

/** The counters above a list: of every kind it shows. */
export const summary = (db: Db, customerId: number, kind: LeadKind, today: string = chinaToday()): Promise<LeadSummary> =>
  repo.summarize(db, customerId, kindsListedBy(kind), chinaDayStartIso(today));

/** One lead for the feedback message detail page (DETAIL_KINDS); 404 '数据不存在' when not the customer's. */
export async function getLead(db: Db, customerId: number, id: number): Promise<Lead> {
  const row = await repo.findLead(db, customerId, DETAIL_KINDS, id);
  if (!row) throw notFound(LeadApiMessage.NotFound);
  return toLead(row);
}

export async function unreadCounts(db: Db, customerId: number): Promise<LeadUnreadCounts> {
  const counts = Object.fromEntries(LEAD_KINDS.map((kind) => [kind, 0])) as LeadUnreadCounts;
  for (const row of await repo.unreadByKind(db, customerId)) {
    if (row.listKind in counts) counts[row.listKind as LeadKind] = Number(row.count);
  }
  return counts;
}

/**
 * Applies `change` to the customer's live leads `ids` of the family's kinds, all or nothing:
 * when any id is not such a lead (another customer's, another list's, deleted, missing), the
 * transaction rolls back and the answer is 404 '数据不存在'. `before` runs first in the same
 * transaction (the rollups' upkeep), so it rolls back with the change.
 */
export async function applyToLeads(
  db: Kysely<Database>,
  customerId: number,
  family: LeadFamily,
  ids: readonly number[],
  change: Updateable<LeadsTable>,
  before?: (tx: Kysely<Database>, ids: readonly number[]) => Promise<void>,
): Promise<LeadActionResult> {
  const unique = [...new Set(ids)];
  const count = await db.transaction().execute(async (tx) => {
    if (before) await before(tx, unique);
    const changed = await repo.updateLeads(tx, customerId, LEAD_FAMILY_KINDS[family], unique, change);
    if (changed !== unique.length) throw notFound(LeadApiMessage.NotFound);
    return changed;
  });
  return { count, unread: await unreadCounts(db, customerId) };
}

/** Reading a lead follows it up (its follow-up deadline stops: follow-up/clock.ts). */
export const markRead = (db: Kysely<Database>, customerId: number, family: LeadFamily, ids: readonly number[], readStatus: number) =>
  readStatus === ReadStatus.Read
    ? applyToLeads(db, customerId, family, ids, { readStatus: ReadStatus.Read }, (tx, unique) => markFollowed(tx, customerId, unique))
    : applyToLeads(db, customerId, family, ids, { readStatus: ReadStatus.Unread });

/**
 * Deleting marks status -1: the lead leaves every list, export and counter, and the analysis
 * pies (recordRemoval); the consumption job's day counts keep it (it was received).
 */
export const remove = (db: Kysely<Database>, customerId: number, family: LeadFamily, ids: readonly number[]) =>
  applyToLeads(db, customerId, family, ids, { status: LeadStatus.Deleted }, (tx, unique) => recordRemoval(tx, customerId, unique));

/** '' clears the remark; a remark follows the lead up (its follow-up deadline stops). */
export const setRemark = (db: Kysely<Database>, customerId: number, family: LeadFamily, id: number, remark: string) =>
  remark === ''
    ? applyToLeads(db, customerId, family, [id], { remark: null })
    : applyToLeads(db, customerId, family, [id], { remark }, (tx, unique) => markFollowed(tx, customerId, unique));
