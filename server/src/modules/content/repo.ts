import type { Db } from '../../db/schema';

/** Public editorial content; not tied to a customer. */
export const findBanner = (db: Db, id: number) =>
  db.selectFrom('banners').select(['id', 'title', 'subtitle']).where('id', '=', id).executeTakeFirst();
