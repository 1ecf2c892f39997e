import { SIGNIN_POINTS, SigninMessage, TASK_KEYS, TaskStatus } from '@portal/contracts/mall';
import { ServerEvents } from '../../realtime/events';
import { dialects, expectError, useDemoApp } from '../../test/harness';
import { customerIdOf, itemIdsOf } from '../../test/leads';
import { addDays, chinaDayStartIso, chinaToday } from '../../lib/time';
import { topUp } from '../ledger/service';
import { pointsSummary } from './service';
import { signIn, signinState, tasks } from './signin';

const BASE = '/rest/customer/mall';
/** 09:00 China time of `day`: the clock a sign-in of that day is given. */
const at = (day: string): Date => new Date(Date.parse(chinaDayStartIso(day)) + 9 * 60 * 60 * 1000);

describe.each(dialects())('the daily sign-in and the task wall on %s', (dialect) => {
  const suite = useDemoApp(dialect);
  let aId: number;
  let bId: number;

  const signinRows = (customerId: number, day: string) =>
    suite.t.db.selectFrom('mallSignins').selectAll().where('customerId', '=', customerId).where('day', '=', day).execute();
  const signinLog = (customerId: number) =>
    suite.t.db.selectFrom('pointsLog').selectAll().where('customerId', '=', customerId).where('source', '=', 'signin').execute();

  beforeAll(async () => {
    aId = await customerIdOf(suite.t.db, 'demo');
    bId = await customerIdOf(suite.t.db, 'demo2');
  });

  it('signs in once a day: the second sign-in is 409 and gives nothing; concurrent ones give points once; customers are separate', async () => {
    const { a, b } = suite;
    const before = (await a.get(`${BASE}/points`)).json();
    const unsigned = (await a.get(`${BASE}/signin`)).json();
    expect(unsigned).toMatchObject({ signedToday: false, continuityDay: 0, todaySlot: 1, total: 0, startTime: null });
    expect(unsigned.days).toEqual(SIGNIN_POINTS.map((points, index) => ({ day: index + 1, points, signed: false })));

    const first = await a.post(`${BASE}/signin`);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ points: 10, signedToday: true, continuityDay: 1, todaySlot: 1, total: 1, startTime: chinaToday() });
    expect(first.json().days.map((slot: { signed: boolean }) => slot.signed)).toEqual([true, false, false, false, false, false, false]);
    expectError(await a.post(`${BASE}/signin`), 409, SigninMessage.AlreadySigned);
    const after = (await a.get(`${BASE}/points`)).json();
    expect([after.currentScore - before.currentScore, after.todayScore - before.todayScore]).toEqual([10, 10]);
    expect(await signinLog(aId)).toHaveLength(1);
    expect((await a.get(`${BASE}/signin`)).json()).toMatchObject({ signedToday: true, continuityDay: 1, total: 1 });

    // demo's sign-in is not demo2's.
    expect((await b.get(`${BASE}/signin`)).json()).toMatchObject({ signedToday: false, total: 0 });
    const balanceOfB = (await b.get(`${BASE}/points`)).json().currentScore;
    const together = await Promise.all(Array.from({ length: 5 }, () => b.post(`${BASE}/signin`)));
    expect(together.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const refused of together.filter((response) => response.statusCode === 409)) expectError(refused, 409, SigninMessage.AlreadySigned);
    expect((await b.get(`${BASE}/points`)).json().currentScore - balanceOfB).toBe(10);
    expect(await signinRows(bId, chinaToday())).toHaveLength(1);
    expect(await signinLog(bId)).toHaveLength(1);
    expect(await signinLog(aId)).toHaveLength(1);
  });

  it('counts days 1 to 7 with the gift pack on day 7, then day 8 of the streak is day 1 of the next cycle', async () => {
    const start = '2020-03-01';
    const days = Array.from({ length: 9 }, (_, index) => addDays(start, index));
    const results = [];
    for (const day of days) results.push(await signIn(suite.t.db, aId, at(day)));
    expect(results.map((result) => result.continuityDay)).toEqual([1, 2, 3, 4, 5, 6, 7, 1, 2]);
    expect(results.map((result) => result.points)).toEqual([10, 10, 10, 10, 10, 10, 100, 10, 10]);
    expect(results.every((result) => result.startTime === start)).toBe(true);
    // Day 7: the whole strip signed, the gift pack among the day's earnings.
    expect(results[6].days.every((slot) => slot.signed)).toBe(true);
    expect(results[6].days[6]).toEqual({ day: 7, points: 100, signed: true });
    expect((await pointsSummary(suite.t.db, aId, days[6])).todayScore).toBe(100);
    // The morning of day 8 before signing: the next cycle, nothing signed, its first slot today's.
    await suite.t.db.deleteFrom('mallSignins').where('customerId', '=', aId).where('day', 'in', [days[7], days[8]]).execute();
    expect(await signinState(suite.t.db, aId, days[7])).toMatchObject({ signedToday: false, continuityDay: 0, todaySlot: 1, startTime: start });
    expect((await signinState(suite.t.db, aId, days[7])).days.some((slot) => slot.signed)).toBe(false);
    expect(await signIn(suite.t.db, aId, at(days[7]))).toMatchObject({ continuityDay: 1, points: 10, signedToday: true, startTime: start });
    // The same day again, later: refused, nothing granted.
    const logged = (await signinLog(aId)).length;
    await expect(signIn(suite.t.db, aId, new Date(at(days[7]).getTime() + 60 * 60 * 1000))).rejects.toMatchObject({
      statusCode: 409,
      message: SigninMessage.AlreadySigned,
    });
    expect(await signinLog(aId)).toHaveLength(logged);
  });

  it('restarts at day 1 after a missed day', async () => {
    const sign = async (day: string) => (await signIn(suite.t.db, aId, at(day))).continuityDay;
    expect([await sign('2020-05-01'), await sign('2020-05-02')]).toEqual([1, 2]);
    // 05-03 not signed: that day still shows 05-02's cycle, the next slot today's.
    expect(await signinState(suite.t.db, aId, '2020-05-03')).toMatchObject({
      signedToday: false,
      continuityDay: 2,
      todaySlot: 3,
      startTime: '2020-05-01',
    });
    // 05-04: the streak broke.
    expect(await signinState(suite.t.db, aId, '2020-05-04')).toMatchObject({ signedToday: false, continuityDay: 0, todaySlot: 1, startTime: null });
    expect(await signIn(suite.t.db, aId, at('2020-05-04'))).toMatchObject({ continuityDay: 1, points: 10, startTime: '2020-05-04' });
    expect(await sign('2020-05-05')).toBe(2);
  });

  it("keeps each customer's streak to them", async () => {
    // demo signed 2020-03-01..09; demo2 starts its own cycle on 2020-03-03.
    expect(await signinState(suite.t.db, bId, '2020-03-03')).toMatchObject({ continuityDay: 0, todaySlot: 1, startTime: null });
    expect(await signIn(suite.t.db, bId, at('2020-03-03'))).toMatchObject({ continuityDay: 1, startTime: '2020-03-03' });
    expect(await signinState(suite.t.db, aId, '2020-03-03')).toMatchObject({ signedToday: true, continuityDay: 3, startTime: '2020-03-01' });
    // demo: today, 2020-03-01..08 (the 9th was taken back above), 2020-05-01, 02, 04, 05; demo2: today and 2020-03-03.
    const totals = await Promise.all([signinState(suite.t.db, aId), signinState(suite.t.db, bId)]);
    expect(totals.map((state) => state.total)).toEqual([1 + 8 + 4, 1 + 1]);
  });

  it('lists the six reward tasks; the top-up is done once topped up today', async () => {
    const { a } = suite;
    const listed = (await a.get(`${BASE}/tasks`)).json() as Array<{ key: string; content: string; award: string; status: number }>;
    expect(listed.map((task) => task.key)).toEqual([...TASK_KEYS]);
    expect(listed.every((task) => task.content && task.award)).toBe(true);
    expect(listed.map((task) => task.status)).toEqual([0, 0, 0, 0, 0, 0]);
    const itemId = (await itemIdsOf(suite.t.db, aId))[0];
    await topUp(suite.t.db, new ServerEvents(), { customerId: aId, itemId, money: 10_000, type: 1, payTime: '2025-01-01' });
    const after = (await a.get(`${BASE}/tasks`)).json() as Array<{ key: string; status: number }>;
    expect(after.find((task) => task.key === 'topup')?.status).toBe(TaskStatus.Done);
    expect(after.filter((task) => task.key !== 'topup').every((task) => task.status === TaskStatus.Todo)).toBe(true);
    // Another day, another customer: to do.
    expect((await tasks(suite.t.db, aId, '2020-01-01')).find((task) => task.key === 'topup')?.status).toBe(TaskStatus.Todo);
    expect((await suite.b.get(`${BASE}/tasks`)).json().find((task: { key: string }) => task.key === 'topup').status).toBe(TaskStatus.Todo);
  });
});
