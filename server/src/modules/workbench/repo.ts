import type { Db } from '../../db/schema';

/** Queries of the dashboard: the customer's daily figures, and the platform's banners, articles and industries. */

export interface StatsFilter {
  start: string;
  end: string;
  /** One item, or all of the customer's items when absent. */
  itemId?: number;
}

/** The ad platform's figures per day of the range (daily_stats), the items summed. */
export function sumDailyStats(db: Db, customerId: number, { start, end, itemId }: StatsFilter) {
  let query = db
    .selectFrom('dailyStats')
    .select((eb) => [
      'date',
      eb.fn.sum<number>('impressions').as('impressions'),
      eb.fn.sum<number>('clicks').as('clicks'),
      eb.fn.sum<number>('validConversations').as('validConversations'),
      eb.fn.sum<number>('phoneRequests').as('phoneRequests'),
    ])
    .where('customerId', '=', customerId)
    .where('date', '>=', start)
    .where('date', '<=', end);
  if (itemId !== undefined) query = query.where('itemId', '=', itemId);
  return query.groupBy('date').orderBy('date').execute();
}

export const listBanners = (db: Db) =>
  db.selectFrom('banners').select(['id', 'title', 'linkUrl', 'linkType']).orderBy('sort').orderBy('id').execute();

export async function countArticles(db: Db): Promise<number> {
  const row = await db
    .selectFrom('articles')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export const listArticles = (db: Db, { limit, offset }: { limit: number; offset: number }) =>
  db
    .selectFrom('articles')
    .select(['id', 'title', 'summary', 'publishTime'])
    .orderBy('publishTime', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();

export const listIndustries = (db: Db) => db.selectFrom('industries').select(['id', 'title', 'summary']).orderBy('sort').orderBy('id').execute();
