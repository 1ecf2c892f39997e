import type { Kysely } from 'kysely';
import { rebuildRollups } from '../../modules/reports/rollup';
import type { Database } from '../schema';

/**
 * Fills the lead rollups (lead_day_counts, lead_dim_counts, created empty by 0007) from the leads
 * already stored, deleted leads included, for databases created before the reports existed. A
 * fresh database has no leads yet, so this does nothing there; from now on ingestion and
 * assignment keep the rollups in step. The same code as the seed's and the tests' rebuild
 * (day counts by one GROUP BY, the dimensions in batches of leads).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuildRollups(db as unknown as Kysely<Database>);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const typed = db as unknown as Kysely<Database>;
  await typed.deleteFrom('leadDimCounts').execute();
  await typed.deleteFrom('leadDayCounts').execute();
}
