import type { Db } from '../../db/schema';

/** Queries of the customer's items (projects) and channels; each one is for the given customer only. */

export function listItems(db: Db, customerId: number, modeType?: number) {
  let query = db.selectFrom('items').select(['id', 'title', 'status', 'modeType']).where('customerId', '=', customerId);
  if (modeType !== undefined) query = query.where('modeType', '=', modeType);
  return query.orderBy('id').execute();
}

export const findItem = (db: Db, customerId: number, itemId: number) =>
  db.selectFrom('items').select(['id', 'title', 'status']).where('customerId', '=', customerId).where('id', '=', itemId).executeTakeFirst();

export const listChannels = (db: Db, customerId: number) =>
  db.selectFrom('channels').select(['id', 'title', 'channelType']).where('customerId', '=', customerId).orderBy('id').execute();
