import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { ServerEventMap, ServerEventName, ServerEvents } from './events';

/** Queues an event of the running transaction: it goes out after the commit, or never. */
export type PublishAfterCommit = <K extends ServerEventName>(name: K, payload: ServerEventMap[K]) => void;

/**
 * Runs `work` in a transaction and emits the events it published only once the transaction has
 * committed, in the order published; when `work` throws (or the commit fails) they are
 * discarded with the rollback. Listeners thus never hear of rows that are not there:
 *
 *   const id = await withEvents(db, events, async (tx, publish) => {
 *     const id = await repo.insert(tx, row);
 *     publish('lead.arrived', { customerId, listKind, id });
 *     return id;
 *   });
 */
export async function withEvents<T>(
  db: Kysely<Database>,
  events: ServerEvents,
  work: (tx: Transaction<Database>, publish: PublishAfterCommit) => Promise<T>,
): Promise<T> {
  const pending: Array<() => void> = [];
  const result = await db.transaction().execute((tx) =>
    work(tx, (name, payload) => {
      pending.push(() => events.emit(name, payload));
    }),
  );
  for (const emit of pending) emit();
  return result;
}
