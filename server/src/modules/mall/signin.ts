import {
  MALL_TASKS,
  nextContinuityDay,
  SIGNIN_CYCLE_DAYS,
  SigninMessage,
  signinPointsOf,
  type SigninResult,
  type SigninState,
  type Task,
  TaskStatus,
} from '@portal/contracts/mall';
import type { Kysely } from 'kysely';
import type { Database, Db } from '../../db/schema';
import { conflict } from '../../http/errors';
import { addDays, chinaDayStartIso, chinaToday } from '../../lib/time';
import { grantPoints } from './service';
import { doneTasks } from './tasks';

/**
 * The daily sign-in and the task wall (issue 22; spec 000 sections 2, 3 and 4). A sign-in is one
 * mall_signins row per customer and China day: it is inserted first, so that of two sign-ins of
 * one day (concurrent ones too) exactly one inserts and grants its points, in the same
 * transaction; the other answers 409 '今日已签到' and changes nothing. Every function takes the
 * day or the clock, so that tests move days without waiting.
 */

const findSignin = (db: Db, customerId: number, day: string) =>
  db.selectFrom('mallSignins').selectAll().where('customerId', '=', customerId).where('day', '=', day).executeTakeFirst();

/** The China day as the number the points log's ref_id holds (20260115). */
const dayRef = (day: string): number => Number(day.replace(/-/g, ''));

/** The customer's sign-in as of `today` (China day). */
export async function signinState(db: Db, customerId: number, today: string = chinaToday()): Promise<SigninState> {
  const [todays, yesterdays, count] = await Promise.all([
    findSignin(db, customerId, today),
    findSignin(db, customerId, addDays(today, -1)),
    db
      .selectFrom('mallSignins')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('customerId', '=', customerId)
      .where('day', '<=', today)
      .executeTakeFirstOrThrow(),
  ]);
  // Signed today: today's cycle up to today. Else yesterday's cycle continues, unless it ended
  // (day 7: today starts the next one) or there is none (a missed day restarts at 1).
  const continuityDay = todays ? todays.continuityDay : yesterdays && yesterdays.continuityDay < SIGNIN_CYCLE_DAYS ? yesterdays.continuityDay : 0;
  const todaySlot = todays ? todays.continuityDay : nextContinuityDay(yesterdays?.continuityDay ?? null);
  return {
    signedToday: todays !== undefined,
    continuityDay,
    todaySlot,
    total: Number(count.count),
    startTime: (todays ?? yesterdays)?.streakStart ?? null,
    days: Array.from({ length: SIGNIN_CYCLE_DAYS }, (_, index) => ({
      day: index + 1,
      points: signinPointsOf(index + 1),
      signed: index + 1 <= continuityDay,
    })),
  };
}

/**
 * Signs the customer in for the China day of `now`: continuity yesterday's + 1 (after 7 back to
 * 1), else 1; the points of that day of the cycle granted (points_log 'signin') in the same
 * transaction. A second sign-in of the day: 409 '今日已签到', nothing granted.
 */
export async function signIn(db: Kysely<Database>, customerId: number, now: Date = new Date()): Promise<SigninResult> {
  const today = chinaToday(now);
  const points = await db.transaction().execute(async (tx) => {
    const yesterday = await findSignin(tx, customerId, addDays(today, -1));
    const continuityDay = nextContinuityDay(yesterday?.continuityDay ?? null);
    const granted = signinPointsOf(continuityDay);
    const inserted = await tx
      .insertInto('mallSignins')
      .values({
        customerId,
        day: today,
        continuityDay,
        points: granted,
        streakStart: yesterday?.streakStart ?? today,
        createdAt: now.toISOString(),
      })
      .onConflict((oc) => oc.columns(['customerId', 'day']).doNothing())
      .returning('day')
      .executeTakeFirst();
    if (!inserted) throw conflict(SigninMessage.AlreadySigned);
    await grantPoints(tx, customerId, granted, 'signin', { refType: 'signin', refId: dayRef(today) }, now.toISOString());
    return granted;
  });
  return { ...(await signinState(db, customerId, today)), points };
}

/** Whether the customer has a points_log row of `source` on the China day `today`. */
async function hasPointsOn(db: Db, customerId: number, source: string, today: string): Promise<boolean> {
  const row = await db
    .selectFrom('pointsLog')
    .select('id')
    .where('customerId', '=', customerId)
    .where('source', '=', source)
    .where('publishTime', '>=', chinaDayStartIso(today))
    .where('publishTime', '<', chinaDayStartIso(addDays(today, 1)))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The task wall's reward tasks (MALL_TASKS), each with today's status: the top-up done with a
 * 'topup' points_log row today; the others with a completion granted today (tasks.ts), the
 * official account's once ever.
 */
export async function tasks(db: Db, customerId: number, today: string = chinaToday()): Promise<Task[]> {
  const [toppedUp, done] = await Promise.all([hasPointsOn(db, customerId, 'topup', today), doneTasks(db, customerId, today)]);
  if (toppedUp) done.add('topup');
  return MALL_TASKS.map((task) => ({ ...task, status: done.has(task.key) ? TaskStatus.Done : TaskStatus.Todo }));
}
