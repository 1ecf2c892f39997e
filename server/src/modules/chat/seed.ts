import type { Kysely } from 'kysely';
import { DEMO_CUSTOMERS } from '../../db/seed-data';
import type { Database } from '../../db/schema';
import { addDays, chinaDayStartIso, chinaToday } from '../../lib/time';
import type { ServerEvents } from '../../realtime/events';
import * as repo from './repo';
import { close, newChatKey, reply, startConversation, visitorSend } from './service';

/**
 * The demo's chat keys (npm start only, never production): the first demo customer gets an active
 * chat key for each of its projects that has none, so that a demo landing page can embed the
 * widget for it. Answers whether it added any.
 */
export async function seedDemoChatKeysIfMissing(db: Kysely<Database>, now: Date = new Date()): Promise<boolean> {
  const account = DEMO_CUSTOMERS[0]!.loginAccount;
  return db.transaction().execute(async (tx) => {
    const customer = await tx.selectFrom('customers').select('id').where('loginAccount', '=', account).executeTakeFirst();
    if (!customer) return false;
    const items = await tx
      .selectFrom('items')
      .select('id')
      .where('customerId', '=', customer.id)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('chatKeys').select('chatKeys.id').whereRef('chatKeys.itemId', '=', 'items.id').where('chatKeys.status', '=', 'active'),
          ),
        ),
      )
      .orderBy('id')
      .execute();
    if (items.length === 0) return false;
    await tx
      .insertInto('chatKeys')
      .values(items.map((item) => ({ customerId: customer.id, key: newChatKey(), itemId: item.id, status: 'active', createdAt: now.toISOString() })))
      .execute();
    return true;
  });
}

/** The demo customer's active chat key of each project (the demo landing pages embed them). */
export const demoChatKeys = (db: Kysely<Database>) =>
  db
    .selectFrom('chatKeys')
    .innerJoin('customers', 'customers.id', 'chatKeys.customerId')
    .innerJoin('items', 'items.id', 'chatKeys.itemId')
    .select(['chatKeys.key', 'items.id as itemId', 'items.title as itemTitle'])
    .where('customers.loginAccount', '=', DEMO_CUSTOMERS[0]!.loginAccount)
    .where('chatKeys.status', '=', 'active')
    .orderBy('items.id')
    .execute();

/**
 * The demo's sales account (the one the visitor site's forms go to) gets an active chat key for its
 * first project when it has none: the visitor site's pages then embed its widget (npm start only).
 * Answers whether it added one.
 */
export async function seedSalesChatKeyIfMissing(db: Kysely<Database>, account: string, now: Date = new Date()): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const customer = await tx.selectFrom('customers').select('id').where('loginAccount', '=', account).executeTakeFirst();
    if (!customer) return false;
    const active = await tx
      .selectFrom('chatKeys')
      .select('id')
      .where('customerId', '=', customer.id)
      .where('status', '=', 'active')
      .executeTakeFirst();
    const item = await tx.selectFrom('items').select('id').where('customerId', '=', customer.id).orderBy('id').executeTakeFirst();
    if (active || !item) return false;
    await tx
      .insertInto('chatKeys')
      .values({ customerId: customer.id, key: newChatKey(), itemId: item.id, status: 'active', createdAt: now.toISOString() })
      .execute();
    return true;
  });
}

/** What demo visitors ask, and what the customer's staff answer (no phone numbers: no leads). */
const VISITOR_LINES = [
  '你好，想了解一下加盟条件',
  '加盟费大概多少？',
  '你们在我们市有店吗？',
  '需要多大的店面？',
  '多久能回本？',
  '有没有区域保护？',
];
const REPLIES = [
  '您好，欢迎咨询！首期投入3万元起，具体看城市级别',
  '我们在全国有200多家门店，您在哪个城市？',
  '店面建议30-50平米，总部可协助选址',
  '方便留个电话吗？招商经理给您详细介绍',
];

/**
 * The demo customer's conversation history of the last 14 days (npm start only): a few visitors a
 * day per project, most answered (the workbench's 有效对话 counts them), some only browsing, all
 * through the chat service with the day's time, the older ones closed. Nothing when the customer
 * has conversations already.
 */
export async function seedDemoConversationsIfMissing(db: Kysely<Database>, events: ServerEvents, now: Date = new Date()): Promise<boolean> {
  const account = DEMO_CUSTOMERS[0]!.loginAccount;
  const customer = await db.selectFrom('customers').select('id').where('loginAccount', '=', account).executeTakeFirst();
  if (!customer) return false;
  if (await db.selectFrom('chatConversations').select('id').where('customerId', '=', customer.id).limit(1).executeTakeFirst()) return false;
  const keys = await db
    .selectFrom('chatKeys')
    .selectAll()
    .where('customerId', '=', customer.id)
    .where('status', '=', 'active')
    .orderBy('id')
    .execute();
  if (keys.length === 0) return false;
  let seed = 7;
  const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
  const today = chinaToday(now);
  for (let ago = 13; ago >= 0; ago--) {
    const day = addDays(today, -ago);
    for (const key of keys) {
      const visitors = Math.floor(random() * 4);
      for (let n = 0; n < visitors; n++) {
        // 09:00-20:59 China time of the day, never after now.
        let at = new Date(Date.parse(chinaDayStartIso(day)) + (9 + Math.floor(random() * 12)) * 3_600_000 + Math.floor(random() * 3_600_000));
        if (at > now) at = new Date(now.getTime() - (n + 1) * 600_000);
        const context = { db, events, now: () => at };
        const step = () => (at = new Date(at.getTime() + 20_000 + Math.floor(random() * 60_000)));
        const { conversationId } = await startConversation(context, key as repo.KeyRow, { pageUrl: `https://lp.example.cn/item-${key.itemId}.html` });
        await visitorSend(context, conversationId, VISITOR_LINES[Math.floor(random() * VISITOR_LINES.length)]!);
        if (random() < 0.75) {
          step();
          await reply(context, customer.id, conversationId, REPLIES[Math.floor(random() * REPLIES.length)]!);
          step();
          await visitorSend(context, conversationId, VISITOR_LINES[Math.floor(random() * VISITOR_LINES.length)]!);
        }
        if (ago > 0) await close(context, customer.id, conversationId);
      }
    }
  }
  return true;
}
