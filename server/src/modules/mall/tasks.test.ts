import { CommonMessage } from '@portal/contracts';
import { GoodStatus, MallMessage, TASK_KEYS, TASK_POINTS, type TaskKey, TaskStatus } from '@portal/contracts/mall';
import { addDays, chinaDayStartIso, chinaToday } from '../../lib/time';
import { ServerEvents } from '../../realtime/events';
import { dialects, expectError, useDemoApp } from '../../test/harness';
import { customerIdOf, itemIdsOf } from '../../test/leads';
import { bookConsumption } from '../ledger/service';
import { addGood } from './service';
import { tasks } from './signin';
import { readArticle, shareGood } from './tasks';

const BASE = '/rest/customer/mall';
const zero = { costCoin: 0, serviceCoin: 0, cpCostCoin: 0, cpCostMoney: 0, jpCostCoin: 0, jpCostMoney: 0, impressions: 0, clicks: 0, talks: 0 };
/** 09:00 China time of `day`. */
const at = (day: string): Date => new Date(Date.parse(chinaDayStartIso(day)) + 9 * 60 * 60 * 1000);

describe.each(dialects())('the reward tasks of the task wall on %s', (dialect) => {
  const suite = useDemoApp(dialect);
  let aId: number;
  let bId: number;
  let articleId: number;
  let goodId: number;

  const balance = async (client: typeof suite.a): Promise<number> => (await client.get(`${BASE}/points`)).json().currentScore;
  const taskLog = (customerId: number, refType: string) =>
    suite.t.db
      .selectFrom('pointsLog')
      .selectAll()
      .where('customerId', '=', customerId)
      .where('source', '=', 'task')
      .where('refType', '=', refType)
      .execute();
  const wall = async (client: typeof suite.a): Promise<Record<string, number>> =>
    Object.fromEntries(
      ((await client.get(`${BASE}/tasks`)).json() as Array<{ key: TaskKey; status: number }>).map((task) => [task.key, task.status]),
    );

  beforeAll(async () => {
    aId = await customerIdOf(suite.t.db, 'demo');
    bId = await customerIdOf(suite.t.db, 'demo2');
    const article = await suite.t.db
      .selectFrom('articles')
      .select('id')
      .where('publishTime', '<=', new Date().toISOString())
      .orderBy('id')
      .executeTakeFirstOrThrow();
    articleId = article.id;
    goodId = await addGood(suite.t.db, {
      section: 1,
      title: '分享测试商品',
      exchangeScore: 100,
      minMarketPrice: 100,
      maxMarketPrice: 100,
      stock: 5,
      productPics: [],
    });
  });

  it('shows every task to do before anything is done', async () => {
    const statuses = await wall(suite.a);
    expect(Object.keys(statuses)).toEqual([...TASK_KEYS]);
    expect(Object.values(statuses).every((status) => status === TaskStatus.Todo)).toBe(true);
  });

  it('reading a published article pays 5 points once a China day, shown done; concurrent reads pay once; B is not touched', async () => {
    const { a, b } = suite;
    const [before, beforeOfB] = [await balance(a), await balance(b)];
    const first = await a.post(`${BASE}/tasks/reading`, { articleId });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ key: 'reading', points: TASK_POINTS.reading, status: TaskStatus.Done });
    expect((await a.post(`${BASE}/tasks/reading`, { articleId })).json()).toEqual({ key: 'reading', points: 0, status: TaskStatus.Done });
    expect(await balance(a)).toBe(before + 5);
    const log = await taskLog(aId, 'reading');
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ variational: 5, balanceAfter: before + 5 });
    expect((await wall(a)).reading).toBe(TaskStatus.Done);
    // The points log names the task of its reward.
    const logged = (await a.get(`${BASE}/points/logs`)).json() as Array<{ source: string; task?: string; variational: number }>;
    expect(logged[0]).toMatchObject({ source: 'task', task: 'reading', variational: 5 });

    // demo2: nothing of demo's; its own concurrent reads pay once.
    expect((await wall(b)).reading).toBe(TaskStatus.Todo);
    expect(await balance(b)).toBe(beforeOfB);
    const together = await Promise.all(Array.from({ length: 5 }, () => b.post(`${BASE}/tasks/reading`, { articleId })));
    expect(together.map((response) => response.json().points).sort()).toEqual([0, 0, 0, 0, 5]);
    expect(await balance(b)).toBe(beforeOfB + 5);
    expect(await taskLog(bId, 'reading')).toHaveLength(1);
    expect(await taskLog(aId, 'reading')).toHaveLength(1);
    expect(await balance(a)).toBe(before + 5);

    // Another China day is another period (a later one: the article must be published by then).
    const later = at(addDays(chinaToday(), 2));
    expect(await readArticle(suite.t.db, aId, articleId, later)).toMatchObject({ points: 5 });
    expect(await readArticle(suite.t.db, aId, articleId, new Date(later.getTime() + 60 * 60 * 1000))).toMatchObject({ points: 0 });
    expect(await taskLog(aId, 'reading')).toHaveLength(2);
  });

  it('refuses an unknown or unpublished article and a call without X-Requested-With, granting nothing', async () => {
    const { a } = suite;
    const future = await suite.t.db
      .insertInto('articles')
      .values({ title: '明日发布', summary: '尚未发布', publishTime: new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = await balance(a);
    const logged = (await taskLog(aId, 'reading')).length;
    expectError(await a.post(`${BASE}/tasks/reading`, { articleId: 999_999 }), 404, MallMessage.ArticleNotFound);
    expectError(await a.post(`${BASE}/tasks/reading`, { articleId: future.id }), 404, MallMessage.ArticleNotFound);
    expectError(await a.post(`${BASE}/tasks/reading`, { articleId: '1' }), 400);
    expectError(await a.post(`${BASE}/tasks/reading`, {}), 400);
    expectError(await a.post(`${BASE}/tasks/reading`, { articleId }, { withoutRequestedWith: true }), 403, CommonMessage.MissingRequestedWith);
    expectError(await suite.t.client().post(`${BASE}/tasks/reading`, { articleId }), 401);
    expect(await balance(a)).toBe(before);
    expect(await taskLog(aId, 'reading')).toHaveLength(logged);
    // Nothing was recorded for the unpublished article, even on a day without a reading yet.
    await expect(readArticle(suite.t.db, aId, future.id, at('2020-06-02'))).rejects.toMatchObject({ statusCode: 404 });
    expect(await suite.t.db.selectFrom('mallTaskCompletions').select('id').where('subjectId', '=', future.id).execute()).toEqual([]);
  });

  it('copying the share link of a good on sale pays 5 points once a China day; a good off sale is refused', async () => {
    const { a, b } = suite;
    const [before, beforeOfB] = [await balance(a), await balance(b)];
    expect((await a.post(`${BASE}/tasks/share`, { goodId })).json()).toEqual({ key: 'share', points: TASK_POINTS.share, status: TaskStatus.Done });
    expect((await a.post(`${BASE}/tasks/share`, { goodId })).json()).toMatchObject({ points: 0 });
    expect(await balance(a)).toBe(before + 5);
    expect(await taskLog(aId, 'share')).toHaveLength(1);
    expect((await wall(a)).share).toBe(TaskStatus.Done);
    expect((await wall(b)).share).toBe(TaskStatus.Todo);
    expect(await balance(b)).toBe(beforeOfB);

    await suite.t.db.updateTable('mallGoods').set({ status: GoodStatus.OffSale }).where('id', '=', goodId).execute();
    expectError(await b.post(`${BASE}/tasks/share`, { goodId }), 404, MallMessage.GoodNotFound);
    expectError(await b.post(`${BASE}/tasks/share`, { goodId: 999_999 }), 404, MallMessage.GoodNotFound);
    expect(await balance(b)).toBe(beforeOfB);
    await suite.t.db.updateTable('mallGoods').set({ status: GoodStatus.OnSale }).where('id', '=', goodId).execute();
    expect(await shareGood(suite.t.db, aId, goodId, at('2020-06-01'))).toMatchObject({ points: 5 });
    expect(await taskLog(aId, 'share')).toHaveLength(2);
  });

  it('a day of booked spend pays 20 points once per customer and day of spend, with the booking; a day without spend pays nothing', async () => {
    const { a, b } = suite;
    const events = new ServerEvents();
    const [first, second] = await itemIdsOf(suite.t.db, aId);
    const [before, beforeOfB] = [await balance(a), await balance(b)];
    const book = (itemId: number, day: string, costMoney: number) =>
      bookConsumption(suite.t.db, events, { itemId, day, ...zero, costMoney, costCoin: Math.floor(costMoney / 50) });

    // A day without spend: booked, no task.
    expect((await book(first, '2019-01-01', 0)).booked).toBe(true);
    expect(await taskLog(aId, 'consumption')).toHaveLength(0);
    expect((await wall(a)).consumption).toBe(TaskStatus.Todo);

    // Two projects spending the same day, concurrently: 20 points once.
    const booked = await Promise.all([book(first, '2019-01-02', 10_000), book(second, '2019-01-02', 5_000)]);
    expect(booked.map((result) => result.booked)).toEqual([true, true]);
    expect(await balance(a)).toBe(before + TASK_POINTS.consumption);
    const log = await taskLog(aId, 'consumption');
    expect(log).toHaveLength(1);
    const completion = await suite.t.db.selectFrom('mallTaskCompletions').selectAll().where('id', '=', log[0].refId!).executeTakeFirstOrThrow();
    expect(completion).toMatchObject({ customerId: aId, task: 'consumption', period: '2019-01-02', day: chinaToday() });
    expect((await wall(a)).consumption).toBe(TaskStatus.Done);
    // The same project's day again books nothing and pays nothing; the next day of spend pays again.
    expect((await book(first, '2019-01-02', 10_000)).booked).toBe(false);
    await book(first, '2019-01-03', 1_000);
    expect(await balance(a)).toBe(before + 2 * TASK_POINTS.consumption);

    // demo2: untouched, then its own spend is its own.
    expect((await wall(b)).consumption).toBe(TaskStatus.Todo);
    expect(await balance(b)).toBe(beforeOfB);
    const [itemOfB] = await itemIdsOf(suite.t.db, bId);
    await book(itemOfB, '2019-01-02', 2_000);
    expect(await balance(b)).toBe(beforeOfB + 20);
    expect(await balance(a)).toBe(before + 40);
  });

  it('shows a daily task to do again on another China day', async () => {
    const tomorrow = await tasks(suite.t.db, aId, addDays(chinaToday(), 1));
    expect(tomorrow.filter((task) => ['reading', 'share', 'consumption'].includes(task.key)).map((task) => task.status)).toEqual([0, 0, 0]);
  });
});
