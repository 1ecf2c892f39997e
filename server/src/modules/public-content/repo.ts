import type { Db } from '../../db/schema';

/**
 * Queries of the visitor site's content: the same for every visitor, not tied to a customer.
 * Lists are newest first (publish time, then id) or in their `sort` order; every list is bounded.
 */

export const listBanners = (db: Db, limit: number) =>
  db.selectFrom('publicBanners').select(['id', 'title', 'subtitle', 'linkUrl', 'linkType']).orderBy('sort').orderBy('id').limit(limit).execute();

const CASE_CARD = ['id', 'goodsId', 'title', 'company', 'industry', 'impression', 'click', 'summary'] as const;

export async function countCases(db: Db): Promise<number> {
  const row = await db
    .selectFrom('successCases')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export const listCases = (db: Db, { limit, offset }: { limit: number; offset: number }) =>
  db.selectFrom('successCases').select(CASE_CARD).orderBy('publishTime', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();

export const findCase = (db: Db, id: number) =>
  db
    .selectFrom('successCases')
    .select([...CASE_CARD, 'content'])
    .where('id', '=', id)
    .executeTakeFirst();

export async function countArticles(db: Db, category?: string): Promise<number> {
  let query = db.selectFrom('articles').select((eb) => eb.fn.countAll<number>().as('count'));
  if (category !== undefined) query = query.where('category', '=', category);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

export function listArticles(db: Db, { limit, offset, category }: { limit: number; offset: number; category?: string }) {
  let query = db.selectFrom('articles').select(['id', 'title', 'category', 'summary', 'publishTime']);
  if (category !== undefined) query = query.where('category', '=', category);
  return query.orderBy('publishTime', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export const findArticle = (db: Db, id: number) =>
  db.selectFrom('articles').select(['id', 'title', 'category', 'summary', 'publishTime', 'body']).where('id', '=', id).executeTakeFirst();

export const listIndustries = (db: Db, limit: number) =>
  db.selectFrom('industries').select(['id', 'title', 'summary']).orderBy('sort').orderBy('id').limit(limit).execute();

export const findIndustry = (db: Db, id: number) =>
  db.selectFrom('industries').select(['id', 'title', 'summary', 'body']).where('id', '=', id).executeTakeFirst();

export const listAbouts = (db: Db, limit: number) =>
  db.selectFrom('aboutItems').select(['id', 'title', 'summary']).orderBy('sort').orderBy('id').limit(limit).execute();

export const findAbout = (db: Db, id: number) =>
  db.selectFrom('aboutItems').select(['id', 'title', 'summary', 'body']).where('id', '=', id).executeTakeFirst();

export const listServices = (db: Db, limit: number) =>
  db.selectFrom('marketingServices').select(['id', 'product', 'title', 'summary']).orderBy('sort').orderBy('id').limit(limit).execute();

export const listPositions = (db: Db, limit: number) =>
  db
    .selectFrom('jobPositions')
    .select(['id', 'title', 'city', 'headcount', 'salary', 'duties', 'requirements', 'publishTime'])
    .orderBy('publishTime', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

/* What an operator adds (the CLI); each answers the new row's id. */

export interface NewCase {
  goodsId: number | null;
  title: string;
  company: string;
  industry: string;
  impression: number;
  click: number;
  summary: string;
  content: string;
  publishTime: string;
}
export const insertCase = (db: Db, row: NewCase) => insertId(db.insertInto('successCases').values(row).returning('id').executeTakeFirstOrThrow());

export interface NewArticle {
  title: string;
  category: string;
  summary: string;
  body: string;
  publishTime: string;
}
export const insertArticle = (db: Db, row: NewArticle) => insertId(db.insertInto('articles').values(row).returning('id').executeTakeFirstOrThrow());

export interface NewPosition {
  title: string;
  city: string;
  headcount: number;
  salary: string;
  duties: string;
  requirements: string;
  publishTime: string;
}
export const insertPosition = (db: Db, row: NewPosition) =>
  insertId(db.insertInto('jobPositions').values(row).returning('id').executeTakeFirstOrThrow());

/** One past the largest `sort` of the table: a new row goes after the others. */
async function nextSort(db: Db, table: 'marketingServices' | 'aboutItems' | 'publicBanners'): Promise<number> {
  const last = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max<number | null>('sort').as('sort'))
    .executeTakeFirst();
  return last?.sort === null || last?.sort === undefined ? 0 : Number(last.sort) + 1;
}

export async function insertService(db: Db, row: { product: string; title: string; summary: string }): Promise<number> {
  const sort = await nextSort(db, 'marketingServices');
  return insertId(
    db
      .insertInto('marketingServices')
      .values({ ...row, sort })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
}

export async function insertAbout(db: Db, row: { title: string; summary: string; body: string }): Promise<number> {
  const sort = await nextSort(db, 'aboutItems');
  return insertId(
    db
      .insertInto('aboutItems')
      .values({ ...row, sort })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
}

export async function insertBanner(db: Db, row: { title: string; subtitle: string; linkUrl: string | null; linkType: number }): Promise<number> {
  const sort = await nextSort(db, 'publicBanners');
  return insertId(
    db
      .insertInto('publicBanners')
      .values({ ...row, sort })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
}

async function insertId(row: Promise<{ id: number }>): Promise<number> {
  return (await row).id;
}
