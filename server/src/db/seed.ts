import { daysInRange, ItemStatus, NoticeType } from '@portal/contracts';
import { duplicateReason, duplicateSourceLabel } from '@portal/contracts/leads';
import { ReportMessage } from '@portal/contracts/reports';
import type { Kysely } from 'kysely';
import { addDays, chinaToday } from '../lib/time';
import { hashPassword } from '../modules/auth/passwords';
import type { Database, Db } from './schema';
import { insertLeads } from '../modules/leads/repo';
import { hasOwnNotices, hasSystemNotices, insertNotice, markStates, systemNoticeIds } from '../modules/messages/repo';
import { seedDemoCrm } from '../modules/crm/seed';
import { seedDemoSchedule } from '../modules/schedule/seed';
import { lowBalance } from '../modules/ledger/reports';
import { seedCustomerLedger } from '../modules/ledger/seed';
import { lowBalanceContents } from '../modules/ledger/service';
import { leadsByDayItem } from '../modules/ledger/repo';
import { storeDailyFigures } from '../modules/ingest/service';
import { rebuildRollups } from '../modules/reports/rollup';
import {
  ARTICLES,
  BANNERS,
  DEMO_CUSTOMERS,
  DEMO_LEDGER,
  DEMO_PASSWORD,
  DEMO_TODAY_LEADS,
  type DemoCustomer,
  type DemoNotice,
  INDUSTRIES,
  SYSTEM_NOTICES,
} from './seed-data';
import { demoLeads } from './seed-leads';

/** Days of daily stats per item, ending today. */
export const SEED_STATS_DAYS = 90;
/** Items no longer on air stopped receiving traffic this many days ago. */
const INACTIVE_SINCE_DAYS = 20;
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** mulberry32: a tiny seeded generator, so every seeding produces the same numbers. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A day of one item as the ad platform would report it: impressions with a weekly rhythm, clicks a
 * plausible share of them but never fewer than a few per lead received (`leads`, the day's 留言数),
 * valid conversations and phone requests shares of the leads. Zero while the item is off the air
 * and received nothing.
 */
function dailyFigures(random: () => number, scale: number, date: string, live: boolean, leads: number) {
  if (!live && leads === 0) return { impressions: 0, clicks: 0, validConversations: 0, phoneRequests: 0 };
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  const weekend = weekday === 0 || weekday === 6 ? 0.75 : 1;
  const shown = Math.round(scale * weekend * (0.7 + random() * 0.6));
  const clicks = Math.max(Math.round(shown * (0.02 + random() * 0.04)), Math.round(leads * (3 + random() * 3)));
  return {
    impressions: Math.max(shown, clicks * 15),
    clicks,
    validConversations: Math.round(leads * (0.4 + random() * 0.3)),
    phoneRequests: Math.round(leads * (0.1 + random() * 0.2)),
  };
}

/**
 * SEED_STATS_DAYS days of the ad platform's figures per item, ending today, stored through the
 * ingestion service as the feed stores them (storeDailyFigures); read after the leads, whose
 * rollups they follow.
 */
async function seedDailyFigures(tx: Db, customerId: number, items: ReadonlyArray<{ id: number; status: number }>, index: number, today: string) {
  const start = addDays(today, -(SEED_STATS_DAYS - 1));
  const received = await leadsByDayItem(tx, { customerId, start, end: today });
  const leads = new Map(received.map((row) => [`${row.itemId}|${row.day}`, Number(row.count)]));
  for (const [itemIndex, item] of items.entries()) {
    const random = seededRandom((index + 1) * 1000 + itemIndex);
    const scale = 3000 + Math.round(random() * 9000);
    const rows = Array.from({ length: SEED_STATS_DAYS }, (_, back) => {
      const date = addDays(start, back);
      const live = item.status === ItemStatus.OnAir || SEED_STATS_DAYS - 1 - back >= INACTIVE_SINCE_DAYS;
      return { itemId: item.id, date, ...dailyFigures(random, scale, date, live, leads.get(`${item.id}|${date}`) ?? 0) };
    });
    await storeDailyFigures(tx, customerId, rows);
  }
}

async function seedCustomer(tx: Db, customer: DemoCustomer, passwordHash: string, index: number, today: string, now: number): Promise<void> {
  const { id: customerId } = await tx
    .insertInto('customers')
    .values({
      loginAccount: customer.loginAccount,
      passwordHash,
      whetherVoice: customer.whetherVoice,
      firstLogin: customer.firstLogin,
      registerTime: new Date(Date.now() - customer.registeredDaysAgo * DAY_MS).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  await tx
    .insertInto('channels')
    .values(customer.channels.map((channel) => ({ ...channel, customerId })))
    .execute();

  const items: Array<{ id: number; status: number }> = [];
  for (const item of customer.items) {
    const { id } = await tx
      .insertInto('items')
      .values({ ...item, customerId })
      .returning('id')
      .executeTakeFirstOrThrow();
    items.push({ id, status: item.status });
  }

  await seedLeadData(tx, customerId, customer, index, now);
  await seedDailyFigures(tx, customerId, items, index, today);
}

/** A customer's call-centre staff, channel sources, assign mode and leads (over its items and channels). */
async function seedLeadData(tx: Db, customerId: number, customer: DemoCustomer, index: number, now: number): Promise<void> {
  await tx
    .insertInto('customerSettings')
    .values({ customerId, assignResourceType: customer.assignResourceType })
    .onConflict((oc) => oc.column('customerId').doNothing())
    .execute();
  const staff = await tx
    .insertInto('crmUsers')
    .values(customer.staff.map(([userName, phone, deptName]) => ({ customerId, userName, phone, deptName })))
    .returning(['id', 'userName'])
    .execute();
  await tx
    .insertInto('channelSources')
    .values(customer.channelSources.map(([sourceCode, sourceName]) => ({ customerId, sourceCode, sourceName })))
    .execute();
  const items = await tx
    .selectFrom('items')
    .select(['id', 'title', 'status', 'modeType'])
    .where('customerId', '=', customerId)
    .orderBy('id')
    .execute();
  const channels = await tx
    .selectFrom('channels')
    .select(['id', 'title', 'channelType'])
    .where('customerId', '=', customerId)
    .orderBy('id')
    .execute();
  if (items.length === 0) return;
  const leads = demoLeads({
    customerId,
    random: seededRandom((index + 1) * 7919),
    count: customer.leads,
    todayCount: index === 0 ? DEMO_TODAY_LEADS : Math.ceil(DEMO_TODAY_LEADS / 6),
    kinds: customer.leadKinds,
    items: items.map((item) => ({ id: item.id, title: item.title, active: item.status === ItemStatus.OnAir, modeType: item.modeType })),
    channels,
    staff,
    now,
  });
  await insertLeads(tx, leads);
  if (index === 0) await markDemoRepeats(tx, customerId);
  await rebuildRollups(tx, customerId); // the report rollups of the leads just inserted
}

/** Every DEMO_REPEAT_EVERY-th demo lead (by time) repeats the number of a lead a few places earlier. */
const DEMO_REPEAT_EVERY = 40;
const DEMO_REPEAT_BACK = 7;

/**
 * Duplicates for the demo to show (issue 24): some of the customer's seeded leads become repeats
 * of an earlier lead's number, marked and held back as an arriving repeat would be under the
 * default rule (no receiver), with the reason it would have been given.
 */
async function markDemoRepeats(tx: Db, customerId: number): Promise<void> {
  const rows = await tx
    .selectFrom('leads')
    .select(['id', 'createTime', 'mobile', 'phoneKey', 'resType', 'listKind'])
    .where('customerId', '=', customerId)
    .orderBy('createTime')
    .orderBy('id')
    .execute();
  for (let at = DEMO_REPEAT_EVERY; at < rows.length; at += DEMO_REPEAT_EVERY) {
    const first = rows[at - DEMO_REPEAT_BACK]!;
    const repeat = rows[at]!;
    const daysAgo = daysInRange(chinaToday(new Date(first.createTime)), chinaToday(new Date(repeat.createTime))) - 1;
    await tx
      .updateTable('leads')
      .set({
        mobile: first.mobile,
        phoneKey: first.phoneKey,
        duplicateOf: first.id,
        duplicateReason: duplicateReason(daysAgo, duplicateSourceLabel(first)),
        crmFollower: null,
        crmFollowerId: null,
      })
      .where('id', '=', repeat.id)
      .execute();
  }
}

async function seedContent(tx: Db, today: string): Promise<void> {
  await tx
    .insertInto('banners')
    .values(BANNERS.map((banner, sort) => ({ ...banner, sort })))
    .execute();
  await tx
    .insertInto('articles')
    .values(
      // The newest article first, one every five days, published at 10:00 China time (02:00 UTC).
      ARTICLES.map((article, index) => ({
        ...article,
        publishTime: `${addDays(today, -index * 5)}T02:00:00.000Z`,
      })),
    )
    .execute();
  await tx
    .insertInto('industries')
    .values(INDUSTRIES.map((industry, sort) => ({ ...industry, sort })))
    .execute();
}

/**
 * The system notices (when there are none yet), and each demo customer's user notices and read
 * marks (for a customer with no notice or mark of their own yet), sent hours before `now`.
 * Returns whether it added anything.
 */
async function seedDemoNotices(tx: Db, now: number): Promise<boolean> {
  let seeded = false;
  const notice = (customerId: number | null, { title, contents, hoursAgo }: DemoNotice) =>
    insertNotice(tx, {
      customerId,
      type: customerId === null ? NoticeType.System : NoticeType.User,
      title,
      contents,
      createdAt: new Date(now - hoursAgo * HOUR_MS).toISOString(),
    });
  if (!(await hasSystemNotices(tx))) {
    for (const system of SYSTEM_NOTICES) await notice(null, system);
    seeded = true;
  }
  const systemIds = await systemNoticeIds(tx);
  for (const customer of DEMO_CUSTOMERS) {
    const row = await tx.selectFrom('customers').select('id').where('loginAccount', '=', customer.loginAccount).executeTakeFirst();
    if (!row || (await hasOwnNotices(tx, row.id))) continue;
    const read = systemIds.slice(0, customer.readSystemNotices);
    for (const own of customer.notices) {
      const { id } = await notice(row.id, own);
      if (own.read) read.push(id);
    }
    await markStates(tx, row.id, read, { readAt: new Date(now).toISOString() });
    seeded = true;
  }
  return seeded;
}

/**
 * Fills an empty database with the demo customers (`demo`, `demo2` / Demo12345), their items,
 * channels, 90 days of stats, leads (5,000+ for demo, some of today), call-centre staff and
 * channel sources, notices (system and their own, some read), and the banners, articles and
 * industries. Does nothing when any customer exists, so it is safe on every start. Returns
 * whether it seeded.
 */
export async function seedIfEmpty(db: Kysely<Database>, today: string = chinaToday()): Promise<boolean> {
  if (await db.selectFrom('customers').select('id').limit(1).executeTakeFirst()) return false;
  // Hashing is slow and needs no lock: done before the transaction (one hash each, own salt).
  const hashes = await Promise.all(DEMO_CUSTOMERS.map(() => hashPassword(DEMO_PASSWORD)));
  await db.transaction().execute(async (tx) => {
    const now = Date.now();
    for (const [index, customer] of DEMO_CUSTOMERS.entries()) await seedCustomer(tx, customer, hashes[index], index, today, now);
    await seedDemoCrm(tx, DEMO_CUSTOMERS[0].loginAccount); // demo's ec account and mapping (demo2 has none)
    await seedDemoSchedule(tx, DEMO_CUSTOMERS[0].loginAccount, today); // demo's ec staff, groups and a month of schedules
    await seedDemoNotices(tx, now);
    await seedDemoLedger(tx, today, now);
    if (!(await tx.selectFrom('banners').select('id').limit(1).executeTakeFirst())) await seedContent(tx, today);
  });
  return true;
}

/**
 * Gives the demo accounts of a database seeded before leads existed their staff, channel
 * sources and leads, once: an account that has any staff or lead is left alone. Returns
 * whether it added anything.
 */
export async function seedDemoLeadsIfMissing(db: Kysely<Database>): Promise<boolean> {
  let seeded = false;
  const now = Date.now();
  await db.transaction().execute(async (tx) => {
    for (const [index, customer] of DEMO_CUSTOMERS.entries()) {
      const row = await tx.selectFrom('customers').select('id').where('loginAccount', '=', customer.loginAccount).executeTakeFirst();
      if (!row) continue;
      const hasLeads = await tx.selectFrom('leads').select('id').where('customerId', '=', row.id).limit(1).executeTakeFirst();
      const hasStaff = await tx.selectFrom('crmUsers').select('id').where('customerId', '=', row.id).limit(1).executeTakeFirst();
      if (hasLeads || hasStaff) continue;
      await seedLeadData(tx, row.id, customer, index, now);
      seeded = true;
    }
  });
  return seeded;
}

/**
 * Gives a database seeded before the message centre existed the system notices and the demo
 * accounts their notices, once (see seedDemoNotices). Returns whether it added anything.
 */
export async function seedDemoMessagesIfMissing(db: Kysely<Database>): Promise<boolean> {
  const now = Date.now();
  return db.transaction().execute((tx) => seedDemoNotices(tx, now));
}

/** The low-balance notice's age in the demo: sent a little before the demo starts. */
const LOW_NOTICE_HOURS_AGO = 2;

/**
 * The project ledger of each demo account that has none yet (no ledger account): the items'
 * people and unit prices, booked days from its lead rollups and stats, top-ups and accounts (see
 * seedCustomerLedger), and the low-balance notice of each project the ledger leaves low, unread,
 * in the words the ledger sends it (lowBalanceContents: the project, its balance and days left;
 * the seeded account is marked as noticed). Returns whether it added anything.
 */
async function seedDemoLedger(tx: Db, today: string, now: number = Date.now()): Promise<boolean> {
  let seeded = false;
  for (const [index, customer] of DEMO_CUSTOMERS.entries()) {
    const profiles = DEMO_LEDGER[customer.loginAccount];
    const row = await tx.selectFrom('customers').select('id').where('loginAccount', '=', customer.loginAccount).executeTakeFirst();
    if (!profiles || !row) continue;
    if (await tx.selectFrom('ledgerAccounts').select('itemId').where('customerId', '=', row.id).limit(1).executeTakeFirst()) continue;
    await seedCustomerLedger(tx, row.id, profiles, seededRandom((index + 1) * 4241), today);
    for (const low of await lowBalance(tx, row.id, today)) {
      await insertNotice(tx, {
        customerId: row.id,
        type: NoticeType.User,
        title: ReportMessage.LowBalanceTitle,
        contents: lowBalanceContents({ title: low.title, balance: low.money, canConsumeDay: low.canConsumeDay }),
        createdAt: new Date(now - LOW_NOTICE_HOURS_AGO * HOUR_MS).toISOString(),
      });
    }
    seeded = true;
  }
  return seeded;
}

/** Gives the demo accounts of a database seeded before the ledger existed their ledger, once. */
export async function seedDemoLedgerIfMissing(db: Kysely<Database>, today: string = chinaToday()): Promise<boolean> {
  return db.transaction().execute((tx) => seedDemoLedger(tx, today));
}
