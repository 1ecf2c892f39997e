import { type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';

/**
 * Issue 27: the analysis pies count the leads the lists show, as the daily statements do. Until
 * now lead_dim_counts counted every lead received (deleted ones and kinds no list shows); this
 * recomputes it from the listed leads only: live (status 0), with a project, of the kinds a
 * lead-count report covers (resource, feedback, infoList, baiList). lead_day_counts (what the
 * consumption job bills) is left as it is. From then on ingestion counts only listed leads and
 * deleting a lead takes it out (modules/reports/rollup.ts recordArrival, recordRemoval).
 *
 * The SQL is this migration's own, frozen as the rollups were defined when it was written (see
 * 0008_lead_rollup_backfill for why).
 */
const LISTED_KINDS = ['resource', 'feedback', 'infoList', 'baiList'];
const GENRES: Array<[number, string]> = [
  [1, '竞价推广'],
  [2, '品牌推广'],
  [3, '手机官网'],
  [4, '微信游戏'],
  [5, '手机流量包'],
];
const OTHER_GENRE = '其他';
const UNKNOWN_PROVINCE = '未知';
const PROVINCES = [
  '北京', '天津', '河北', '山西', '内蒙古', '辽宁', '吉林', '黑龙江', '上海', '江苏', '浙江', '安徽', '福建', '江西', '山东', '河南', '湖北',
  '湖南', '广东', '广西', '海南', '重庆', '四川', '贵州', '云南', '西藏', '陕西', '甘肃', '青海', '宁夏', '新疆', '台湾', '香港', '澳门',
]; // prettier-ignore
const PROVINCE_SUFFIXES = ['维吾尔自治区', '壮族自治区', '回族自治区', '特别行政区', '自治区', '省', '市'];
const PROVINCE_MAX = 20;
const KEYWORD_MAX = 100;

const lit = (value: string | number) => sql.lit(value);

/** A province key from the trimmed column `column`: a known province's short name, else without one suffix, '未知' when empty. */
function province(column: string): RawBuilder<string> {
  const col = sql.ref(column);
  const known = PROVINCES.map((name) => sql`when substr(${col}, 1, ${lit(name.length)}) = ${lit(name)} then ${lit(name)}`);
  const stripped = PROVINCE_SUFFIXES.map(
    (end) =>
      sql`when length(${col}) > ${lit(end.length)} and substr(${col}, length(${col}) - ${lit(end.length - 1)}) = ${lit(end)} then substr(${col}, 1, length(${col}) - ${lit(end.length)})`,
  );
  return sql<string>`case when ${col} is null or ${col} = '' then ${lit(UNKNOWN_PROVINCE)} ${sql.join(known, sql` `)} else substr(case ${sql.join(stripped, sql` `)} else ${col} end, 1, ${lit(PROVINCE_MAX)}) end`;
}

export const up = (db: Kysely<unknown>): Promise<void> => recomputeListedDims(db, LISTED_KINDS);

/** What a later migration's recount adds to this one's (both off for 0014 and 0025). */
export interface DimRecountOptions {
  /** The table has item_id (0031): count per project too. */
  byItem?: boolean;
  /** Count the originals only (0031: a duplicate, duplicate_of set, counts once). */
  originalsOnly?: boolean;
}

/**
 * lead_dim_counts recomputed from the live leads with a project of `kinds`, the keys as this
 * migration defined them. Also 0025's, when the lists came to show more kinds, and 0031's, per
 * project and over the originals.
 */
export async function recomputeListedDims(db: Kysely<unknown>, kinds: readonly string[], options: DimRecountOptions = {}): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const day = postgres
    ? sql`to_char((create_time::timestamptz at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`
    : sql`substr(datetime(create_time, '+8 hours'), 1, 10)`;
  await sql`delete from lead_dim_counts`.execute(db);

  const originals = options.originalsOnly ? sql` and duplicate_of is null` : sql``;
  const listed = sql`status = 0 and item_id is not null and list_kind in (${sql.join(kinds.map((kind) => lit(kind)))})${originals}`;
  // With byItem every inner select carries item_id after customer_id (the `owner` columns).
  const owner = options.byItem ? sql`customer_id, item_id` : sql`customer_id`;
  const searchEngine = sql`(list_kind = 'baiList' or trim(coalesce(search_domain, '')) <> '')`;
  const genres = GENRES.map(([id, label]) => sql`when ${lit(id)} then ${lit(label)}`);
  const ipTrimmed = sql`trim(coalesce(ip_area, ''))`;
  const ipArea = sql`case when substr(${ipTrimmed}, 1, 2) = '中国' then trim(substr(${ipTrimmed}, 3)) else ${ipTrimmed} end`;
  const firstSpace = postgres ? sql`strpos(a, ' ')` : sql`instr(a, ' ')`;
  const dim = (name: string, source: RawBuilder<unknown>) =>
    sql`insert into lead_dim_counts (${owner}, dim, "day", "key", "count")
      select ${owner}, ${lit(name)}, "day", k, count(*) from (${source}) s where k is not null group by ${owner}, "day", k`.execute(db);
  const givenProvince = province('p');
  await dim(
    'region',
    sql`select ${owner}, "day", ${givenProvince} as k from (select ${owner}, ${day} as "day", trim(province) as p from leads where ${listed}) l`,
  );
  await dim(
    'searchInfo',
    sql`select ${owner}, "day", ${givenProvince} as k from (select ${owner}, ${day} as "day", trim(province) as p from leads where ${searchEngine} and ${listed}) l`,
  );
  await dim(
    'searchTraffic',
    sql`select ${owner}, "day", ${givenProvince} as k from (
      select ${owner}, "day", case when ${firstSpace} > 0 then substr(a, 1, ${firstSpace} - 1) else a end as p
      from (select ${owner}, ${day} as "day", ${ipArea} as a from leads where ${searchEngine} and ${listed}) l
    ) h`,
  );
  await dim(
    'genre',
    sql`select ${owner}, ${day} as "day", case genre_id ${sql.join(genres, sql` `)} else ${lit(OTHER_GENRE)} end as k from leads where ${listed}`,
  );
  await dim(
    'keyword',
    sql`select ${owner}, "day", case when w = '' then null else substr(w, 1, ${lit(KEYWORD_MAX)}) end as k
      from (select ${owner}, ${day} as "day", trim(coalesce(search_word, '')) as w from leads where ${listed}) l`,
  );
}

/** Nothing to undo: the rows recomputed are still counts 0008's readers can read (they only count fewer leads). */
export async function down(): Promise<void> {}
