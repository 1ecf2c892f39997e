import type { Kysely } from 'kysely';
import type { Database, Db } from '../../db/schema';
import type { ServerEvents } from '../../realtime/events';

/** What the engine looks at in an arriving lead. */
export interface DistributableLead {
  id: number;
  itemId: number;
  province: string | null;
  region: string | null;
  channelId: number | null;
}

/**
 * In the ingestion transaction `tx`: the active CRM's rule picks the group, today's schedule of
 * the lead's project gives it to the person whose turn it is, or it waits in the project's queue.
 * Answers whether the CRM push may be enqueued now (not while it waits). Placeholder.
 */
export async function distributeNewLead(
  _tx: Db,
  _customerId: number,
  _lead: DistributableLead,
  _now: Date = new Date(),
): Promise<{ pushNow: boolean }> {
  return { pushNow: true };
}

/**
 * Hands waiting leads of the customer's projects (`itemIds`, or all) to whoever now qualifies, in
 * arrival order; each in its own transaction, with its CRM push. Answers how many were given. Placeholder.
 */
export async function drainQueue(
  _db: Kysely<Database>,
  _events: ServerEvents,
  _customerId: number,
  _itemIds?: readonly number[],
  _now: Date = new Date(),
): Promise<number> {
  return 0;
}

/** In the manual assignment's transaction: these leads leave the queue (recorded as assigned by hand). Placeholder. */
export async function leaveQueue(_tx: Db, _customerId: number, _leadIds: readonly number[]): Promise<void> {}
