import { type ItemsQuery, type PlatformChannel, type PlatformItem, PlatformMessage } from '@portal/contracts';
import type { Db } from '../../db/schema';
import { notFound } from '../../http/errors';
import * as repo from './repo';

export const itemsOf = (db: Db, customerId: number, query: ItemsQuery): Promise<PlatformItem[]> => repo.listItems(db, customerId, query.modeType);

export const channelsOf = (db: Db, customerId: number): Promise<PlatformChannel[]> => repo.listChannels(db, customerId);

/**
 * Refuses an item id that is not the customer's. Another customer's item answers the same 404
 * as a missing one, so ids reveal nothing about other accounts.
 */
export async function requireOwnItem(db: Db, customerId: number, itemId: number): Promise<void> {
  if (!(await repo.findItem(db, customerId, itemId))) throw notFound(PlatformMessage.ItemNotFound);
}
