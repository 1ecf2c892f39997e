import type { Kysely } from 'kysely';
import { addDays, chinaToday } from '../lib/time';
import type { Database, Db } from './schema';
import {
  ABOUT_ITEMS,
  INDUSTRY_BODIES,
  JOB_POSITIONS,
  MARKETING_SERVICES,
  PUBLIC_ARTICLES,
  PUBLIC_BANNERS,
  SUCCESS_CASES,
  WORKBENCH_ARTICLE_BODIES,
} from './seed-public-data';

const isEmpty = async (tx: Db, table: 'publicBanners' | 'successCases' | 'aboutItems' | 'marketingServices' | 'jobPositions') =>
  !(await tx.selectFrom(table).select('id').limit(1).executeTakeFirst());

/** A publish time `daysAgo` days before `today`, at `utcTime` (02:00Z is 10:00 China time). */
const publishedAt = (today: string, daysAgo: number, utcTime: string) => `${addDays(today, -daysAgo)}T${utcTime}.000Z`;

async function seedPublicContent(tx: Db, today: string): Promise<boolean> {
  let seeded = false;
  if (await isEmpty(tx, 'publicBanners')) {
    await tx
      .insertInto('publicBanners')
      .values(PUBLIC_BANNERS.map((banner, sort) => ({ ...banner, sort })))
      .execute();
    seeded = true;
  }
  if (await isEmpty(tx, 'successCases')) {
    // The newest on the seeding day, one every six days before it.
    await tx
      .insertInto('successCases')
      .values(SUCCESS_CASES.map((item, index) => ({ ...item, publishTime: publishedAt(today, index * 6, '02:00:00') })))
      .execute();
    seeded = true;
  }
  const present = new Set(
    (
      await tx
        .selectFrom('articles')
        .select('title')
        .where(
          'title',
          'in',
          PUBLIC_ARTICLES.map((article) => article.title),
        )
        .execute()
    ).map((row) => row.title),
  );
  // Between the workbench's seeded articles (one every five days): the site's own, one every four days.
  const missing = PUBLIC_ARTICLES.map((article, index) => ({ ...article, publishTime: publishedAt(today, index * 4 + 2, '03:30:00') })).filter(
    (article) => !present.has(article.title),
  );
  if (missing.length) {
    await tx.insertInto('articles').values(missing).execute();
    seeded = true;
  }
  // The workbench's seeded articles and industries get their category and body, once (a body written since is kept).
  for (const [title, { category, body }] of Object.entries(WORKBENCH_ARTICLE_BODIES)) {
    const result = await tx.updateTable('articles').set({ category, body }).where('title', '=', title).where('body', '=', '').executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) seeded = true;
  }
  for (const [title, body] of Object.entries(INDUSTRY_BODIES)) {
    const result = await tx.updateTable('industries').set({ body }).where('title', '=', title).where('body', '=', '').executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) seeded = true;
  }
  if (await isEmpty(tx, 'aboutItems')) {
    await tx
      .insertInto('aboutItems')
      .values(ABOUT_ITEMS.map((item, sort) => ({ ...item, sort })))
      .execute();
    seeded = true;
  }
  if (await isEmpty(tx, 'marketingServices')) {
    await tx
      .insertInto('marketingServices')
      .values(MARKETING_SERVICES.map((service, sort) => ({ ...service, sort })))
      .execute();
    seeded = true;
  }
  if (await isEmpty(tx, 'jobPositions')) {
    await tx
      .insertInto('jobPositions')
      .values(JOB_POSITIONS.map((position, index) => ({ ...position, publishTime: publishedAt(today, index * 3 + 1, '01:00:00') })))
      .execute();
    seeded = true;
  }
  return seeded;
}

/**
 * The visitor site's demo content (the demo only, never a production start): 4 banners, 10
 * success cases, 15 articles over the three categories, 4 about items, 9 marketing services and 5
 * positions, each kind when its table is empty (an article when its title is missing); and the
 * categories and bodies of the workbench's seeded articles and industries that have no body yet.
 * Safe on every start. Returns whether it added anything.
 */
export async function seedDemoPublicContentIfMissing(db: Kysely<Database>, today: string = chinaToday()): Promise<boolean> {
  return db.transaction().execute((tx) => seedPublicContent(tx, today));
}
