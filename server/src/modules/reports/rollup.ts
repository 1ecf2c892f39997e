import { GENRE_LABELS, genreLabel, LeadStatus } from '@portal/contracts';
import { type LeadKind } from '@portal/contracts/leads';
import { leadGroupOfKind, REPORT_LEAD_GROUPS, REPORTED_LIST_KINDS, type ReportLeadGroup } from '@portal/contracts/reports';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/schema';
import { toChinaDateTime } from '../../lib/time';
import { isPostgres } from '../../db/dialect';

/**
 * The lead rollups behind the receive reports, daily statements and analysis pies, kept in step
 * with the leads so a report never scans the leads table:
 *
 * - `lead_day_counts`: leads per customer, report group (smart, cpc), China day of createTime,
 *   project and receiver (crmFollower, '' for none).
 * - `lead_dim_counts`: the leads the lists show (isListedLead: live, of a kind a lead-count report
 *   covers, with a project, an original: a duplicate counts once, as in every lead-count figure),
 *   per customer, analysis dimension, China day, project and key (ANALYSIS_DIMS): the analysis
 *   pies, whose totals so equal the daily statements' over the same days and projects.
 *
 * Maintained in the transaction that stores a lead (recordArrival, from ingestion), the one that
 * gives leads a receiver (moveReceiver, from manual assignment) and the one that deletes leads
 * (recordRemoval: a deleted lead leaves the pies as it leaves the lists). Deleting a lead does
 * NOT touch lead_day_counts: the lead was received, and billed, so the consumption job keeps
 * counting it. rebuildRollups recomputes both from the leads table (seed, migrations, checks).
 *
 * A lead without a project (itemId null, only ever a fixture) has no row in either table.
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

/** Administrative suffixes a province name may carry, longest first ('广西壮族自治区' -> '广西'). */
const PROVINCE_SUFFIXES = ['维吾尔自治区', '壮族自治区', '回族自治区', '特别行政区', '自治区', '省', '市'] as const;
/** Longest province key kept (an unknown name is cut to it). */
const PROVINCE_MAX = 20;

/*
 * The keys are defined so that SQL can compute them too (rebuildRollups): spaces are trimmed
 * (only U+0020, as SQL's trim), lengths count code points (as substr and length in both
 * dialects), and every test is a prefix, suffix or equality check.
 */
const trimSpaces = (text: string): string => text.replace(/^ +| +$/g, '');
const cut = (text: string, max: number): string => {
  const chars = Array.from(text);
  return chars.length > max ? chars.slice(0, max).join('') : text;
};

/**
 * A province as the reports key it: trimmed; a known province's name reduced to its short name
 * ('广东省' -> '广东', '广西壮族自治区' -> '广西', '北京市' -> '北京'); else the text without one
 * administrative suffix, at most PROVINCE_MAX characters; null when empty.
 */
export function normaliseProvince(value: string | null | undefined): string | null {
  const text = trimSpaces(value ?? '');
  if (!text) return null;
  const known = PROVINCES.find((province) => text.startsWith(province));
  if (known) return known;
  const chars = Array.from(text);
  const suffix = PROVINCE_SUFFIXES.find((end) => chars.length > end.length && text.endsWith(end));
  return cut(suffix ? chars.slice(0, chars.length - suffix.length).join('') : text, PROVINCE_MAX);
}

/** The part of an IP area that names the province: trimmed, without a leading '中国', up to the first space. */
function ipAreaHead(value: string | null | undefined): string {
  let text = trimSpaces(value ?? '');
  if (text.startsWith('中国')) text = trimSpaces(text.slice(2));
  return text.split(' ')[0]!;
}

/**
 * The province of an IP area ('广东广州', '广东省 广州市', '中国 北京', '北京市'): its head (up to
 * the first space, after an optional '中国') normalised, so a known province it starts with.
 */
export const provinceOfIpArea = (value: string | null | undefined): string | null => normaliseProvince(ipAreaHead(value));

/** A search word as the keyword pie keys it: trimmed, at most KEYWORD_MAX characters; null when empty. */
export function keywordOf(value: string | null | undefined): string | null {
  const text = trimSpaces(value ?? '');
  return text ? cut(text, KEYWORD_MAX) : null;
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
  /** The first lead this one repeats (issue 24); null for an original. */
  duplicateOf: number | null;
}

/** Search-engine leads: the search-engine board's, or any lead that came from a search engine (searchDomain). */
export const isSearchEngineLead = (lead: Pick<RollupLead, 'listKind' | 'searchDomain'>): boolean =>
  lead.listKind === 'baiList' || trimSpaces(lead.searchDomain ?? '') !== '';

/**
 * Whether a lead is counted by the analysis pies: on a list a lead-count report covers
 * (REPORTED_LIST_KINDS), live (status 0, as every arriving lead), of a listed kind, with a project,
 * and an original (a duplicate counts once, as the daily statements count it).
 */
export const isListedLead = (lead: Pick<RollupLead, 'listKind' | 'itemId' | 'duplicateOf'> & { status?: number | null }): boolean =>
  (lead.status ?? LeadStatus.Normal) === LeadStatus.Normal &&
  lead.itemId !== null &&
  lead.duplicateOf === null &&
  (REPORTED_LIST_KINDS as readonly string[]).includes(lead.listKind);

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
  const word = keywordOf(lead.searchWord);
  if (word) keys.push({ dim: AnalysisDim.Keyword, key: word });
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
  itemId: number;
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
      oc
        .columns(['customerId', 'dim', 'day', 'itemId', 'key'])
        .doUpdateSet((eb) => ({ count: eb('leadDimCounts.count', '+', eb.ref('excluded.count')) })),
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
  if (!isListedLead(lead) || lead.itemId === null) return;
  const itemId = lead.itemId;
  await addDimCounts(
    tx,
    dimKeysOf(lead).map(({ dim, key }) => ({ customerId: lead.customerId, dim, day, itemId, key, count: 1 })),
  );
}

/**
 * Takes the leads `ids` out of the analysis dimensions, inside the transaction that deletes them
 * and before they are changed (it reads them live); leads the pies never counted are skipped.
 * Rows that fall to zero are removed. lead_day_counts (billing) keeps them.
 */
export async function recordRemoval(tx: Db, customerId: number, ids: readonly number[]): Promise<void> {
  const removed = new Map<string, DimCount>();
  for (const part of chunks([...new Set(ids)], 500)) {
    const leads = await tx
      .selectFrom('leads')
      .select([
        'customerId',
        'listKind',
        'itemId',
        'status',
        'createTime',
        'crmFollower',
        'province',
        'ipArea',
        'searchDomain',
        'genreId',
        'searchWord',
        'duplicateOf',
      ])
      .where('customerId', '=', customerId)
      .where('id', 'in', part)
      .execute();
    for (const lead of leads) {
      if (!isListedLead(lead) || lead.itemId === null) continue;
      const { itemId } = lead;
      const day = chinaDayOf(lead.createTime);
      for (const { dim, key } of dimKeysOf(lead)) {
        const id = JSON.stringify([dim, day, itemId, key]);
        const row = removed.get(id) ?? { customerId, dim, day, itemId, key, count: 0 };
        row.count -= 1;
        removed.set(id, row);
      }
    }
  }
  const rows = [...removed.values()];
  for (const part of chunks(rows, 500)) await addDimCounts(tx, part);
  for (const part of chunks(rows, 100)) {
    await tx
      .deleteFrom('leadDimCounts')
      .where('customerId', '=', customerId)
      .where('count', '<=', 0)
      .where((eb) =>
        eb.or(part.map((row) => eb.and([eb('dim', '=', row.dim), eb('day', '=', row.day), eb('itemId', '=', row.itemId), eb('key', '=', row.key)]))),
      )
      .execute();
  }
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
  // Only the rows just decreased can have reached 0: delete those by their keys (a scan of the
  // customer's every row for count <= 0 read a year of rows on each assignment).
  for (const part of chunks(rows, 100)) {
    await tx
      .deleteFrom('leadDayCounts')
      .where('customerId', '=', customerId)
      .where('count', '<=', 0)
      .where((eb) =>
        eb.or(
          part.map((row) =>
            eb.and([eb('leadGroup', '=', row.leadGroup), eb('day', '=', row.day), eb('itemId', '=', row.itemId), eb('receiver', '=', row.receiver)]),
          ),
        ),
      )
      .execute();
  }
}

const lit = (value: string) => sql.lit(value);

/** SQL of normaliseProvince over the column `column` (already trimmed), '未知' for empty. */
function provinceSql(column: string): RawBuilder<string> {
  const col = sql.ref(column);
  const known = PROVINCES.map((province) => sql`when substr(${col}, 1, ${sql.lit(province.length)}) = ${lit(province)} then ${lit(province)}`);
  const stripped = PROVINCE_SUFFIXES.map(
    (end) =>
      sql`when length(${col}) > ${sql.lit(end.length)} and substr(${col}, length(${col}) - ${sql.lit(end.length - 1)}) = ${lit(end)} then substr(${col}, 1, length(${col}) - ${sql.lit(end.length)})`,
  );
  return sql<string>`case when ${col} is null or ${col} = '' then ${lit(UNKNOWN_PROVINCE)} ${sql.join(known, sql` `)} else substr(case ${sql.join(stripped, sql` `)} else ${col} end, 1, ${sql.lit(PROVINCE_MAX)}) end`;
}

/**
 * Recomputes the rollups of one customer (or of every customer) from the leads table (the day
 * counts of every lead received, deleted ones included; the dimensions of the listed leads only,
 * isListedLead): one INSERT ... SELECT ... GROUP BY per table and dimension, the keys computed
 * in SQL exactly as dimKeysOf computes them (checked by the reports' tests), the China day by
 * the database (SQLite: datetime(create_time, '+8 hours'), which reads the 'Z' ISO strings;
 * PostgreSQL: the timestamptz in UTC plus 8 hours).
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

  const postgres = isPostgres(db);
  const day = postgres
    ? sql`to_char((create_time::timestamptz at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`
    : sql`substr(datetime(create_time, '+8 hours'), 1, 10)`;
  const scope = customerId === undefined ? sql`` : sql`and customer_id = ${customerId}`;
  const smart = sql.join(REPORT_LEAD_GROUPS.smart.map((kind) => lit(kind)));
  await sql`
    insert into lead_day_counts (customer_id, lead_group, "day", item_id, receiver, "count")
    select customer_id, lead_group, "day", item_id, receiver, count(*) from (
      select customer_id, case when list_kind in (${smart}) then 'smart' else 'cpc' end as lead_group, ${day} as "day",
        item_id, coalesce(crm_follower, '') as receiver
      from leads where item_id is not null ${scope}
    ) l group by customer_id, lead_group, "day", item_id, receiver`.execute(db);

  // The dimensions count the listed leads only (isListedLead).
  const listedKinds = sql.join(REPORTED_LIST_KINDS.map((kind) => lit(kind)));
  const listed = sql`status = ${sql.lit(LeadStatus.Normal)} and item_id is not null and duplicate_of is null and list_kind in (${listedKinds}) ${scope}`;
  const searchEngine = sql`(list_kind = 'baiList' or trim(coalesce(search_domain, '')) <> '')`;
  const genres = Object.entries(GENRE_LABELS).map(([id, label]) => sql`when ${sql.lit(Number(id))} then ${lit(label)}`);
  const ipTrimmed = sql`trim(coalesce(ip_area, ''))`;
  const ipArea = sql`case when substr(${ipTrimmed}, 1, 2) = '中国' then trim(substr(${ipTrimmed}, 3)) else ${ipTrimmed} end`;
  const firstSpace = postgres ? sql`strpos(a, ' ')` : sql`instr(a, ' ')`;
  /** One dimension: `source` selects customer_id, item_id, day and `k` (the key) per lead. */
  const dim = (name: AnalysisDim, source: RawBuilder<unknown>) =>
    sql`insert into lead_dim_counts (customer_id, item_id, dim, "day", "key", "count")
      select customer_id, item_id, ${lit(name)}, "day", k, count(*) from (${source}) s where k is not null group by customer_id, item_id, "day", k`.execute(
      db,
    );
  const province = provinceSql('p');
  await dim(
    AnalysisDim.Region,
    sql`select customer_id, item_id, "day", ${province} as k from (select customer_id, item_id, ${day} as "day", trim(province) as p from leads where ${listed}) l`,
  );
  await dim(
    AnalysisDim.SearchInfo,
    sql`select customer_id, item_id, "day", ${province} as k from (select customer_id, item_id, ${day} as "day", trim(province) as p from leads where ${searchEngine} and ${listed}) l`,
  );
  await dim(
    AnalysisDim.SearchTraffic,
    sql`select customer_id, item_id, "day", ${province} as k from (
      select customer_id, item_id, "day", case when ${firstSpace} > 0 then substr(a, 1, ${firstSpace} - 1) else a end as p
      from (select customer_id, item_id, ${day} as "day", ${ipArea} as a from leads where ${searchEngine} and ${listed}) l
    ) h`,
  );
  await dim(
    AnalysisDim.Genre,
    sql`select customer_id, item_id, ${day} as "day", case genre_id ${sql.join(genres, sql` `)} else ${lit('其他')} end as k from leads where ${listed}`,
  );
  await dim(
    AnalysisDim.Keyword,
    sql`select customer_id, item_id, "day", case when w = '' then null else substr(w, 1, ${sql.lit(KEYWORD_MAX)}) end as k
      from (select customer_id, item_id, ${day} as "day", trim(coalesce(search_word, '')) as w from leads where ${listed}) l`,
  );
}
