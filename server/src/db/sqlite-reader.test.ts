import { sql } from 'kysely';
import { demoClients, startApp, type TestApp, type TestClient } from '../test/harness';
import { customerIdOf } from '../test/leads';

/** A read that keeps SQLite busy for a while (about a second on these machines): counting a recursive series. */
const longRead = (upTo: number) =>
  sql<{ n: number }>`with recursive series(x) as (select 1 union all select x + 1 from series where x < ${upTo}) select count(*) as n from series`;

/**
 * The SQLite readers (db/sqlite-reader.ts): the reports' long reads run on read-only connections
 * in worker threads. On PostgreSQL `readDb` is `db` itself, so there is nothing of its own to test.
 */
describe('SQLite readers off the event loop', () => {
  let t: TestApp;
  let b: TestClient;

  beforeAll(async () => {
    t = await startApp('sqlite');
    ({ b } = await demoClients(t));
  });
  afterAll(() => t.close());

  it('answers another customer while a long read runs, and the read gives its rows', async () => {
    const order: string[] = [];
    const read = longRead(3_000_000)
      .execute(t.app.readDb)
      .then((result) => {
        order.push('read');
        return result.rows;
      });
    const info = await b.get('/rest/customer/user-info');
    order.push('user-info');
    expect(info.statusCode).toBe(200);
    expect(await read).toEqual([{ n: 3_000_000 }]);
    // On the server's own connection the read would hold the loop, and the call would come after it.
    expect(order).toEqual(['user-info', 'read']);
  });

  it('sees what the server wrote at once, and refuses to write', async () => {
    const customerId = await customerIdOf(t.db, 'demo');
    await t.db.updateTable('customers').set({ whetherVoice: 1 }).where('id', '=', customerId).execute();
    const voiceOf = async (db: typeof t.db) =>
      (await db.selectFrom('customers').select('whetherVoice').where('id', '=', customerId).executeTakeFirstOrThrow()).whetherVoice;
    expect(await voiceOf(t.app.readDb)).toBe(1);
    await t.db.updateTable('customers').set({ whetherVoice: 0 }).where('id', '=', customerId).execute();
    expect(await voiceOf(t.app.readDb)).toBe(0);
    await expect(t.app.readDb.updateTable('customers').set({ whetherVoice: 1 }).where('id', '=', customerId).execute()).rejects.toThrow(/readonly/i);
    expect(await voiceOf(t.db)).toBe(0);
  });

  it('runs a read transaction on one reader, and as many reads at once as it has readers, the rest in turn', async () => {
    const inTransaction = await t.app.readDb.transaction().execute(async (tx) => {
      const first = await tx
        .selectFrom('customers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const second = await tx
        .selectFrom('customers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return [first.n, second.n];
    });
    expect(inTransaction[0]).toBe(inTransaction[1]);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, index) => longRead(1000 + index).execute(t.app.readDb)));
    expect(answers.map((answer) => answer.rows[0].n)).toEqual([1000, 1001, 1002, 1003, 1004, 1005]);
  });
});
