import type { Db } from '../../db/schema';

/** Public editorial content; not tied to a customer. */
export const findBanner = (db: Db, id: number) =>
  db.selectFrom('banners').select(['id', 'title', 'subtitle']).where('id', '=', id).executeTakeFirst();

/** A banner of the visitor site's carousel. */
export const findPublicBanner = (db: Db, id: number) =>
  db.selectFrom('publicBanners').select(['id', 'title', 'subtitle']).where('id', '=', id).executeTakeFirst();

/** What a success case's pictures draw. */
export const findCase = (db: Db, id: number) =>
  db.selectFrom('successCases').select(['id', 'title', 'company', 'industry']).where('id', '=', id).executeTakeFirst();
