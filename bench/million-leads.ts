// The million-lead loader the leads and distribution benches share: the seed's demoLeads rows (phone
// and other-contact keys filled, as the ingestion stores them) bulk-inserted 50,000 a transaction.
import { sql } from 'kysely';
import { bulkInsert } from '../server/src/db/bulk-insert';
import { isPostgres } from '../server/src/db/dialect';
import type { Db } from '../server/src/db/schema';
import { demoLeads, SEED_LEAD_DAYS, type DemoLeadOptions, type SeedItem } from '../server/src/db/seed-leads';

const CHUNK = 50_000;

/** What demoLeads draws a customer's leads from: one customer's projects, channels and staff, one generator. */
export type LeadSource = Omit<DemoLeadOptions, 'customerId' | 'count'> & { items: SeedItem[] };

/** The projects, channels and staff of `customerId` with a fixed generator (the same leads every run). */
export async function leadSource(db: Db, customerId: number): Promise<LeadSource> {
  const items = await db.selectFrom('items').select(['id', 'title', 'status', 'modeType']).where('customerId', '=', customerId).execute();
  const channels = await db.selectFrom('channels').select(['id', 'title', 'channelType']).where('customerId', '=', customerId).execute();
  const staff = await db.selectFrom('crmUsers').select(['id', 'userName']).where('customerId', '=', customerId).execute();
  let seed = 7;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  return {
    random,
    todayCount: 0,
    kinds: { resource: 5, feedback: 2, infoList: 2, baiList: 1 },
    items: items.map((item) => ({ id: item.id, title: item.title, active: item.status === 1, modeType: item.modeType })),
    channels,
    staff,
    now: Date.now(),
  };
}

/**
 * Inserts `count` leads of `customerId` drawn from `source`, spread over the last `days` days
 * (demoLeads spreads them over SEED_LEAD_DAYS; fewer days squeeze its times towards now).
 */
export async function loadLeads(db: Db, source: LeadSource, customerId: number, count: number, days: number = SEED_LEAD_DAYS): Promise<void> {
  const scale = days / SEED_LEAD_DAYS;
  for (let done = 0; done < count; done += CHUNK) {
    const rows = demoLeads({ ...source, customerId, count: Math.min(CHUNK, count - done) });
    if (scale !== 1) {
      for (const row of rows) row.createTime = new Date(source.now - (source.now - Date.parse(row.createTime)) * scale).toISOString();
    }
    await db.transaction().execute((tx) => bulkInsert(tx, 'leads', rows));
  }
}

/** Fresh planner statistics of the leads table: PostgreSQL's VACUUM ANALYZE (the visibility map index-only counts rely on), SQLite's ANALYZE. */
export async function analyzeLeads(db: Db): Promise<void> {
  if (isPostgres(db)) await sql`vacuum analyze leads`.execute(db);
  else await sql`analyze leads`.execute(db);
}
