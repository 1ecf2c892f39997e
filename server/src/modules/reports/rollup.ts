import { genreLabel, type LeadKind, leadGroupOfKind, type ReportLeadGroup } from '@portal/contracts';
import { sql } from 'kysely';
import { bulkInsert } from '../../db/bulk-insert';
import type { Db } from '../../db/schema';
import { addDays, toChinaDateTime } from '../../lib/time';

/**
 * The lead rollups behind the receive reports, daily statements and analysis pies, kept in step
 * with the leads so a report never scans the leads table:
 *
 * - `lead_day_counts`: leads per customer, report group (smart, cpc), China day of createTime,
 *   project and receiver (crmFollower, '' for none).
 * - `lead_dim_counts`: leads per customer, analysis dimension, China day and key (ANALYSIS_DIMS).
 *
 * Maintained in the transaction that stores a lead (recordArrival, from ingestion) and the one
 * that gives leads a receiver (moveReceiver, from manual assignment). Deleting a lead (status -1)
 * does NOT touch the rollups: the lead was received, and billed, so it stays counted in every
 * report. rebuildRollups recomputes them from the leads table (seed, backfill migration, checks).
 *
 * A lead without a project (itemId null, only ever a fixture) has no row in lead_day_counts (a
 * receive report's row is a project's); it still counts in the analysis dimensions.
 */

/** The analysis dimensions of lead_dim_counts. */
export const AnalysisDim = {
  /** Every lead, by the province the visitor gave (normalised), '未知' without one. */
  Region: 'region',
  /** Search-engine leads, by the province of the visitor's IP address (ipArea), '未知' without one. */
  SearchTraffic: 'searchTraffic',
  /** Search-engine leads, by the province the visitor gave, '未知' without one. */
  SearchInfo: 'searchInfo',
  /** Every lead, by the genre label (GENRE_LABELS, '其他' for an unknown or missing genre). */
  Genre: 'genre',
  /** Leads with a search word, by the word (trimmed, at most KEYWORD_MAX characters). */
  Keyword: 'keyword',
} as const;
export type AnalysisDim = (typeof AnalysisDim)[keyof typeof AnalysisDim];

export const UNKNOWN_PROVINCE = '未知';
/** The key column's width (varchar(100)): longer search words are cut to it (by characters). */
export const KEYWORD_MAX = 100;

/** The provinces of China, short names (as the leads store them: '广东', '北京', '内蒙古'). */
export const PROVINCES = [
  '北京', '天津', '河北', '山西', '内蒙古', '辽宁', '吉林', '黑龙江', '上海', '江苏', '浙江', '安徽', '福建', '江西', '山东', '河南', '湖北',
  '湖南', '广东', '广西', '海南', '重庆', '四川', '贵州', '云南', '西藏', '陕西', '甘肃', '青海', '宁夏', '新疆', '台湾', '香港', '澳门',
] as const; // prettier-ignore

const PROVINCE_SUFFIX = /(省|市|壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区)$/;

const cut = (text: string, max: number): string => {
  const chars = Array.from(text);
  return chars.length > max ? chars.slice(0, max).join('') : text;
};

/**
 * A province as the reports key it: trimmed, a known province's long name reduced to its short
 * name ('广东省' -> '广东', '广西壮族自治区' -> '广西', '北京市' -> '北京'), else the text without
 * its administrative suffix; null when empty.
 */
export function normaliseProvince(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  const known = PROVINCES.find((province) => text.startsWith(province));
  if (known) return known;
  return cut(text.replace(PROVINCE_SUFFIX, '') || text, 20);
}

/**
 * The province of an IP area ('广东广州', '广东省 广州市', '中国 北京', '北京市'): the known province
 * it starts with (after an optional '中国'), else its first whitespace-separated token normalised.
 */
export function provinceOfIpArea(value: string | null | undefined): string | null {
  const text = (value ?? '')
    .trim()
    .replace(/^中国\s*/, '')
    .trim();
  if (!text) return null;
  const known = PROVINCES.find((province) => text.startsWith(province));
  if (known) return known;
  return normaliseProvince(text.split(/\s+/)[0]);
}

/** The China day ('YYYY-MM-DD') of a stored UTC ISO time. */
export const chinaDayOf = (iso: string): string => toChinaDateTime(iso).slice(0, 10);

/** What the rollups read of a lead. */
export interface RollupLead {
  customerId: number;
  listKind: string;
  itemId: number | null;
  createTime: string;
  crmFollower: string | null;
  province: string | null;
  ipArea: string | null;
  searchDomain: string | null;
  genreId: number | null;
  searchWord: string | null;
}

/** Search-engine leads: the search-engine board's, or any lead that came from a search engine (searchDomain). */
export const isSearchEngineLead = (lead: Pick<RollupLead, 'listKind' | 'searchDomain'>): boolean =>
  lead.listKind === 'baiList' || Boolean(lead.searchDomain?.trim());

/** The (dim, key) pairs a lead counts under. */
export function dimKeysOf(lead: RollupLead): Array<{ dim: AnalysisDim; key: string }> {
  const province = normaliseProvince(lead.province) ?? UNKNOWN_PROVINCE;
  const keys: Array<{ dim: AnalysisDim; key: string }> = [
    { dim: AnalysisDim.Region, key: province },
    { dim: AnalysisDim.Genre, key: genreLabel(lead.genreId ?? undefined) },
  ];
  if (isSearchEngineLead(lead)) {
    keys.push({ dim: AnalysisDim.SearchTraffic, key: provinceOfIpArea(lead.ipArea) ?? UNKNOWN_PROVINCE });
    keys.push({ dim: AnalysisDim.SearchInfo, key: province });
  }
  const word = lead.searchWord?.trim();
  if (word) keys.push({ dim: AnalysisDim.Keyword, key: cut(word, KEYWORD_MAX) });
  return keys;
}

export const groupOfLead = (lead: Pick<RollupLead, 'listKind'>): ReportLeadGroup => leadGroupOfKind(lead.listKind as LeadKind);

interface DayCount {
  customerId: number;
  leadGroup: string;
  day: string;
  itemId: number;
  receiver: string;
  count: number;
}
interface DimCount {
  customerId: number;
  dim: string;
  day: string;
  key: string;
  count: number;
}

/** Adds the counts (a delta may be negative); the rows' keys must be distinct. One statement. */
async function addDayCounts(db: Db, rows: readonly DayCount[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('leadDayCounts')
    .values([...rows])
    .onConflict((oc) =>
      oc
        .columns(['customerId', 'leadGroup', 'day', 'itemId', 'receiver'])
        .doUpdateSet((eb) => ({ count: eb('leadDayCounts.count', '+', eb.ref('excluded.count')) })),
    )
    .execute();
}

async function addDimCounts(db: Db, rows: readonly DimCount[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('leadDimCounts')
    .values([...rows])
    .onConflict((oc) =>
      oc.columns(['customerId', 'dim', 'day', 'key']).doUpdateSet((eb) => ({ count: eb('leadDimCounts.count', '+', eb.ref('excluded.count')) })),
    )
    .execute();
}

/**
 * Counts one arriving lead, inside the transaction that stores it: two statements (its day row,
 * and its dimension rows in one multi-row upsert).
 */
export async function recordArrival(tx: Db, lead: RollupLead): Promise<void> {
  const day = chinaDayOf(lead.createTime);
  if (lead.itemId !== null) {
    await addDayCounts(tx, [
      { customerId: lead.customerId, leadGroup: groupOfLead(lead), day, itemId: lead.itemId, receiver: lead.crmFollower || '', count: 1 },
    ]);
  }
  await addDimCounts(
    tx,
    dimKeysOf(lead).map(({ dim, key }) => ({ customerId: lead.customerId, dim, day, key, count: 1 })),
  );
}

/** Splits `ids` into chunks small enough for one IN list. */
function chunks<T>(values: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < values.length; start += size) out.push(values.slice(start, start + size));
  return out;
}

/**
 * Moves the counts of the leads `ids` from their current receiver to `receiver`, inside the
 * transaction that assigns them and before the leads are changed (it reads their receiver now).
 * Rows that fall to zero are removed.
 */
export async function moveReceiver(tx: Db, customerId: number, ids: readonly number[], receiver: string): Promise<void> {
  const moved = new Map<string, DayCount>();
  for (const part of chunks([...new Set(ids)], 500)) {
    const leads = await tx
      .selectFrom('leads')
      .select(['listKind', 'itemId', 'createTime', 'crmFollower'])
      .where('customerId', '=', customerId)
      .where('id', 'in', part)
      .execute();
    for (const lead of leads) {
      const from = lead.crmFollower || '';
      if (lead.itemId === null || from === receiver) continue;
      const leadGroup = groupOfLead(lead);
      const day = chinaDayOf(lead.createTime);
      const key = JSON.stringify([leadGroup, day, lead.itemId, from]);
      const row = moved.get(key) ?? { customerId, leadGroup, day, itemId: lead.itemId, receiver: from, count: 0 };
      row.count += 1;
      moved.set(key, row);
    }
  }
  if (moved.size === 0) return;
  const rows = [...moved.values()];
  // New receivers' keys are distinct per (group, day, item); old ones distinct too.
  const incoming = new Map<string, DayCount>();
  for (const row of rows) {
    const key = JSON.stringify([row.leadGroup, row.day, row.itemId]);
    const target = incoming.get(key) ?? { ...row, receiver, count: 0 };
    target.count += row.count;
    incoming.set(key, target);
  }
  for (const part of chunks(rows, 500))
    await addDayCounts(
      tx,
      part.map((row) => ({ ...row, count: -row.count })),
    );
  for (const part of chunks([...incoming.values()], 500)) await addDayCounts(tx, part);
  await tx.deleteFrom('leadDayCounts').where('customerId', '=', customerId).where('count', '<=', 0).execute();
}

/** Leads read per batch when rebuilding the dimensions. */
const REBUILD_BATCH = 5000;

/**
 * Recomputes the rollups of one customer (or of every customer) from the leads table, deleted
 * leads included. The day counts are one GROUP BY: the China day is the UTC date, plus one day
 * for UTC hours 16 to 23 (createTime is always a UTC ISO string 'YYYY-MM-DDTHH:mm:ss.sssZ'),
 * which both dialects compute with substr alone. The dimensions need string work (province
 * names, IP areas), so they are counted in JS over batches of leads (keyset on id).
 */
export async function rebuildRollups(db: Db, customerId?: number): Promise<void> {
  let dayDelete = db.deleteFrom('leadDayCounts');
  let dimDelete = db.deleteFrom('leadDimCounts');
  if (customerId !== undefined) {
    dayDelete = dayDelete.where('customerId', '=', customerId);
    dimDelete = dimDelete.where('customerId', '=', customerId);
  }
  await dayDelete.execute();
  await dimDelete.execute();

  let grouped = db
    .selectFrom('leads')
    .select((eb) => [
      'customerId',
      'listKind',
      'itemId',
      sql<string>`coalesce(${sql.ref('crmFollower')}, '')`.as('receiver'),
      sql<string>`substr(${sql.ref('createTime')}, 1, 10)`.as('utcDay'),
      sql<number>`case when substr(${sql.ref('createTime')}, 12, 2) >= '16' then 1 else 0 end`.as('late'),
      eb.fn.countAll<number | string>().as('n'),
    ])
    .where('itemId', 'is not', null)
    .groupBy(['customerId', 'listKind', 'itemId', sql`coalesce(${sql.ref('crmFollower')}, '')`, sql`substr(${sql.ref('createTime')}, 1, 10)`])
    .groupBy(sql`case when substr(${sql.ref('createTime')}, 12, 2) >= '16' then 1 else 0 end`);
  if (customerId !== undefined) grouped = grouped.where('customerId', '=', customerId);
  const dayCounts = new Map<string, DayCount>();
  for (const row of await grouped.execute()) {
    const day = Number(row.late) === 1 ? addDays(row.utcDay, 1) : row.utcDay;
    const leadGroup = groupOfLead(row);
    const key = JSON.stringify([row.customerId, leadGroup, day, row.itemId, row.receiver]);
    const entry = dayCounts.get(key) ?? { customerId: row.customerId, leadGroup, day, itemId: row.itemId!, receiver: row.receiver, count: 0 };
    entry.count += Number(row.n);
    dayCounts.set(key, entry);
  }
  await bulkInsert(db, 'leadDayCounts', [...dayCounts.values()]);

  const dimCounts = new Map<string, DimCount>();
  let after = 0;
  for (;;) {
    let batch = db
      .selectFrom('leads')
      .select(['id', 'customerId', 'listKind', 'itemId', 'createTime', 'crmFollower', 'province', 'ipArea', 'searchDomain', 'genreId', 'searchWord'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(REBUILD_BATCH);
    if (customerId !== undefined) batch = batch.where('customerId', '=', customerId);
    const leads = await batch.execute();
    if (leads.length === 0) break;
    after = leads[leads.length - 1]!.id;
    for (const lead of leads) {
      const day = chinaDayOf(lead.createTime);
      for (const { dim, key } of dimKeysOf(lead)) {
        const id = JSON.stringify([lead.customerId, dim, day, key]);
        const entry = dimCounts.get(id) ?? { customerId: lead.customerId, dim, day, key, count: 0 };
        entry.count += 1;
        dimCounts.set(id, entry);
      }
    }
    if (leads.length < REBUILD_BATCH) break;
  }
  await bulkInsert(db, 'leadDimCounts', [...dimCounts.values()]);
}
