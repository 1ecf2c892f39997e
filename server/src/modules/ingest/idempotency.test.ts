import { type DailyStat } from '@portal/contracts';
import { IDEMPOTENCY_KEY_HEADER, IngestMessage } from '@portal/contracts/ingest';
import { workbenchEndpoints } from '@portal/contracts/endpoints';
import type { LightMyRequestResponse } from 'fastify';
import { chinaToday } from '../../lib/time';
import { demoClients, dialects, expectError, startApp, type TestApp, type TestClient } from '../../test/harness';
import { customerIdOf, itemIdsOf } from '../../test/leads';

const KEY = '/rest/customer/account/ingest-key';
const OPEN = '/rest/open/leads';
const STATS = `/rest${workbenchEndpoints.stats.path}`;
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(dialects())('replay-safe lead ingestion (Idempotency-Key) on %s', (dialect) => {
  let t: TestApp;
  let a: TestClient;
  let keyA: string;
  let keyB: string;
  let itemA: number;
  let itemB: number;
  let customerA: number;

  /** Posts like a landing page's server, with `idempotencyKey` in Idempotency-Key unless undefined. */
  const post = (payload: object, idempotencyKey?: string, key = keyA): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method: 'POST',
      url: OPEN,
      payload,
      headers: { 'x-ingest-key': key, ...(idempotencyKey === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey }) },
    });
  const leadCount = async (customerId = customerA) =>
    Number(
      (
        await t.db
          .selectFrom('leads')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('customerId', '=', customerId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** Today's 留言数 of A's project on the workbench (the report rollups the ledger bills from). */
  const messagesToday = async (): Promise<number> => {
    const today = chinaToday();
    const response = await a.get(STATS, { query: { itemId: String(itemA), startTime: today, endTime: today } });
    expect(response.statusCode).toBe(200);
    return (response.json() as DailyStat[])[0].messages;
  };
  const lead = (name = '幂等测试') => ({ listKind: 'resource', itemId: itemA, name, mobile: '13812345678' });

  beforeAll(async () => {
    t = await startApp(dialect);
    const clients = await demoClients(t);
    a = clients.a;
    keyA = (await a.get(KEY)).json().data.key;
    keyB = (await clients.b.get(KEY)).json().data.key;
    customerA = await customerIdOf(t.db, 'demo');
    itemA = (await itemIdsOf(t.db, customerA))[0];
    itemB = (await itemIdsOf(t.db, await customerIdOf(t.db, 'demo2')))[0];
  });
  afterAll(() => t.close());

  it('makes one lead of 20 concurrent identical sends with one key, each answered as the first', async () => {
    const [count, messages] = [await leadCount(), await messagesToday()];
    const responses = await Promise.all(Array.from({ length: 20 }, () => post(lead('并发重放'), 'order-20-concurrent')));
    const first = responses[0].json();
    expect(first).toEqual({ code: '200', message: expect.any(String), data: { id: expect.any(Number) } });
    for (const response of responses) expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 201, body: first });
    expect(await leadCount()).toBe(count + 1);
    expect(await messagesToday()).toBe(messages + 1);
    // Each lead is distributed (and pushed) once.
    const distributions = await t.db.selectFrom('leadDistributions').select('leadId').where('leadId', '=', first.data.id).execute();
    expect(distributions).toHaveLength(1);
    // A later replay gets the same answer, marked as one.
    const replay = await post(lead('并发重放'), 'order-20-concurrent');
    expect({ status: replay.statusCode, body: replay.json(), replayed: replay.headers['idempotent-replayed'] }).toEqual({
      status: 201,
      body: first,
      replayed: 'true',
    });
    expect(await leadCount()).toBe(count + 1);
  });

  it('refuses the same key with another body (409), and keeps the first lead alone', async () => {
    const first = await post(lead('张先生'), 'order-409');
    expect(first.statusCode).toBe(201);
    const count = await leadCount();
    expectError(await post(lead('李先生'), 'order-409'), 409, IngestMessage.IdempotencyConflict);
    expectError(await post({ ...lead('张先生'), itemId: itemA, mobile: '13912345678' }, 'order-409'), 409, IngestMessage.IdempotencyConflict);
    expect(await leadCount()).toBe(count);
    // The same body again is still the first answer.
    expect((await post(lead('张先生'), 'order-409')).json()).toEqual(first.json());
  });

  it('scopes a key to its customer: another customer with the same key makes its own lead', async () => {
    const mine = await post(lead('甲'), 'shared-key-1');
    const theirs = await post({ ...lead('甲'), itemId: itemB }, 'shared-key-1', keyB);
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.json().data.id).not.toBe(mine.json().data.id);
  });

  it('makes a new lead for a key used more than 24 h ago, and forgets stale keys', async () => {
    const first = await post(lead('隔天'), 'order-24h');
    expect(first.statusCode).toBe(201);
    await t.db
      .updateTable('ingestIdempotencyKeys')
      .set({ createdAt: new Date(Date.now() - DAY_MS - 60_000).toISOString() })
      .where('customerId', '=', customerA)
      .where('idempotencyKey', 'in', ['order-24h', 'order-409'])
      .execute();
    const count = await leadCount();
    const again = await post(lead('隔天'), 'order-24h');
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).not.toBe(first.json().data.id);
    expect(await leadCount()).toBe(count + 1);
    // The other stale key was forgotten by that request: nothing of it is stored.
    const stored = await t.db
      .selectFrom('ingestIdempotencyKeys')
      .select('idempotencyKey')
      .where('customerId', '=', customerA)
      .where('idempotencyKey', 'in', ['order-24h', 'order-409'])
      .execute();
    expect(stored.map((row) => row.idempotencyKey)).toEqual(['order-24h']);
  });

  it('refuses a key that is empty, too long or not visible ASCII with a Chinese 400, storing nothing', async () => {
    const count = await leadCount();
    for (const bad of ['', 'x'.repeat(101), '订单-1', 'has space', 'tab\tkey']) {
      const response = await post(lead(), bad);
      expect({ bad, status: response.statusCode, body: response.json() }).toEqual({
        bad,
        status: 400,
        body: { code: '400', message: IngestMessage.IdempotencyKeyInvalid, field: 'idempotency-key' },
      });
    }
    expect(await leadCount()).toBe(count);
    // The bounds themselves are taken.
    for (const good of ['x', 'y'.repeat(100), '!~"#']) expect({ good, status: (await post(lead(), good)).statusCode }).toEqual({ good, status: 201 });
    // Without the header every send is a lead, as before.
    await post(lead());
    await post(lead());
    expect(await leadCount()).toBe(count + 5);
  });

  it('documents the header on the lead call in the OpenAPI document', async () => {
    const document = (await t.client().get('/rest/docs/json')).json();
    const parameters = document.paths['/rest/open/leads'].post.parameters as Array<{ in: string; name: string; required?: boolean }>;
    expect(parameters.find((parameter) => parameter.name === 'idempotency-key')).toMatchObject({ in: 'header', required: false });
  });
});
