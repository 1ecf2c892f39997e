import {
  GoodStatus,
  MallMessage,
  type RewardTaskKey,
  TASK_PERIODS,
  TASK_POINTS,
  type TaskCompletion,
  type TaskKey,
  TaskStatus,
} from '@portal/contracts/mall';
import type { Kysely } from 'kysely';
import type { Database, Db } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { chinaToday } from '../../lib/time';
import * as repo from './repo';
import { grantPoints } from './service';

/**
 * The reward tasks of the task wall (issue 22; spec 000 section 2) other than the top-up, whose
 * points come with the top-up itself. A completion is one mall_task_completions row per
 * customer, task and period (TASK_PERIODS: a China day, an activity's name, 'once'), inserted
 * first with ON CONFLICT DO NOTHING: of two completions of one period (concurrent ones too)
 * exactly one inserts and grants TASK_POINTS (a points_log row, source 'task', ref_type the task,
 * ref_id the completion) in the transaction of what completed it; the other grants nothing.
 *
 * Where each comes from:
 * - consumption: the ledger's booking of a project's day with spend (bookConsumption), once per
 *   China day of spend;
 * - reading: the visitor site's article page, opened by a logged-in customer (POST tasks/reading);
 * - share: the goods detail's share dialog, when the link is copied (POST tasks/share);
 * - activity and official: the operator's CLI (mall-task), as nothing of the product can see a
 *   WeChat follow or a platform activity taken part in.
 */

/** An activity's name as the operator gives it (the period of an activity completion). */
export const ACTIVITY_REF_MAX = 64;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

export const TaskMessage = {
  CustomerNotFound: '客户不存在',
  AlreadyDone: '该任务已完成, 本期不再奖励',
  ActivityRefInvalid: `活动名称须为1-${ACTIVITY_REF_MAX}个字符`,
} as const;

/**
 * Completes `task` for its `period` in the caller's transaction: the completion row and, when this
 * call inserted it, the task's points. Returns the points granted (0: done in the period already).
 */
export async function completeTask(
  tx: Db,
  customerId: number,
  task: RewardTaskKey,
  period: string,
  subjectId: number | null,
  now: Date = new Date(),
): Promise<number> {
  const points = TASK_POINTS[task];
  const inserted = await tx
    .insertInto('mallTaskCompletions')
    .values({ customerId, task, period, day: chinaToday(now), subjectId, points, createdAt: now.toISOString() })
    .onConflict((oc) => oc.columns(['customerId', 'task', 'period']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return 0;
  await grantPoints(tx, customerId, points, 'task', { refType: task, refId: Number(inserted.id) }, now.toISOString());
  return points;
}

const completion = (key: TaskKey, points: number): TaskCompletion => ({ key, points, status: TaskStatus.Done });

/**
 * The reading task: the logged-in customer opened an article of the visitor site. Recorded by the
 * article page itself (the site knows its visitor is logged in) rather than by the workbench's
 * link: the page is where the reading happens, whichever list led there, and its call is not lost
 * to the navigation a link's click starts. The article must exist and be published (its
 * publishTime reached), else 404 and nothing changes; once per China day.
 */
export async function readArticle(db: Kysely<Database>, customerId: number, articleId: number, now: Date = new Date()): Promise<TaskCompletion> {
  const points = await db.transaction().execute(async (tx) => {
    const article = await tx
      .selectFrom('articles')
      .select('id')
      .where('id', '=', articleId)
      .where('publishTime', '<=', now.toISOString())
      .executeTakeFirst();
    if (!article) throw notFound(MallMessage.ArticleNotFound);
    return completeTask(tx, customerId, 'reading', chinaToday(now), article.id, now);
  });
  return completion('reading', points);
}

/** The share task: the link of a good on sale copied from its share dialog; once per China day. */
export async function shareGood(db: Kysely<Database>, customerId: number, goodId: number, now: Date = new Date()): Promise<TaskCompletion> {
  const points = await db.transaction().execute(async (tx) => {
    const good = await repo.findGood(tx, goodId);
    if (!good || good.status !== GoodStatus.OnSale) throw notFound(MallMessage.GoodNotFound);
    return completeTask(tx, customerId, 'share', chinaToday(now), good.id, now);
  });
  return completion('share', points);
}

/**
 * The consumption task, in the transaction that booked a project's day with spend: once per
 * customer and China day of spend, however many projects spent that day. Returns the points granted.
 */
export const consumptionTask = (tx: Db, customerId: number, day: string, itemId: number, now: Date = new Date()): Promise<number> =>
  completeTask(tx, customerId, 'consumption', day, itemId, now);

/**
 * The operator's grant of a task no source of the product can see: `official` (the official
 * account followed) once ever, `activity` once per activity (`ref`, its name). An unknown
 * customer is a 404, a task done already a 409 (nothing granted). Returns the points and the balance.
 */
export async function operatorTask(
  db: Kysely<Database>,
  customerId: number,
  task: 'activity' | 'official',
  ref: string | undefined,
  now: Date = new Date(),
): Promise<{ points: number; balance: number }> {
  let period = 'once';
  if (TASK_PERIODS[task] === 'ref') {
    const name = (ref ?? '').trim();
    if (name.length < 1 || name.length > ACTIVITY_REF_MAX || CONTROL.test(name)) throw badRequest(TaskMessage.ActivityRefInvalid);
    period = name;
  }
  return db.transaction().execute(async (tx) => {
    const customer = await tx.selectFrom('customers').select('id').where('id', '=', customerId).executeTakeFirst();
    if (!customer) throw notFound(TaskMessage.CustomerNotFound);
    const points = await completeTask(tx, customerId, task, period, null, now);
    if (points === 0) throw conflict(TaskMessage.AlreadyDone);
    return { points, balance: await repo.balanceOf(tx, customerId) };
  });
}

/**
 * The reward tasks done as the wall shows them on the China day `today`: a completion granted that
 * day, the official account's ever.
 */
export async function doneTasks(db: Db, customerId: number, today: string): Promise<Set<TaskKey>> {
  const rows = await db
    .selectFrom('mallTaskCompletions')
    .select('task')
    .distinct()
    .where('customerId', '=', customerId)
    .where((eb) => eb.or([eb('day', '=', today), eb('task', '=', 'official')]))
    .execute();
  return new Set(rows.map((row) => row.task as TaskKey));
}
