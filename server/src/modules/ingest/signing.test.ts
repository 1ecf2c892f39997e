import { createHmac } from 'node:crypto';
import { CommonMessage } from '@portal/contracts';
import { IngestMessage } from '@portal/contracts/ingest';
import { ingestEndpoints } from '@portal/contracts/endpoints';
import type { LightMyRequestResponse } from 'fastify';
import { ServerMessage } from '../../http/messages';
import { demoClients, dialects, expectError, startApp, type TestApp, type TestClient } from '../../test/harness';
import { customerIdOf, itemIdsOf } from '../../test/leads';

const KEY = '/rest/customer/account/ingest-key';
const OPEN = '/rest/open/leads';
const SIGNING = `/rest${ingestEndpoints.signing.path}`;
const SECRET = `/rest${ingestEndpoints.generateSigningSecret.path}`;

/** What a customer's server computes: hex HMAC-SHA256 of `timestamp.rawBody` with the signing secret. */
const sign = (secret: string, timestamp: string, body: string): string =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
const nowSeconds = (offset = 0): string => String(Math.floor(Date.now() / 1000) + offset);

describe.each(dialects())('signed lead ingestion on %s', (dialect) => {
  let t: TestApp;
  let a: TestClient;
  let b: TestClient;
  let keyA: string;
  let keyB: string;
  let itemA: number;
  let itemB: number;

  /** Sends `body` as these exact bytes (a signature covers the bytes), with the given extra headers. */
  const send = (body: string, headers: Record<string, string> = {}, key = keyA): Promise<LightMyRequestResponse> =>
    t.app.inject({ method: 'POST', url: OPEN, payload: body, headers: { 'x-ingest-key': key, 'content-type': 'application/json', ...headers } });
  const signed = (secret: string, body: string, timestamp = nowSeconds()) => ({
    'x-ingest-timestamp': timestamp,
    'x-ingest-signature': sign(secret, timestamp, body),
  });
  const leadCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('leads')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  // Spaces and key order as a sender's serializer may write them: the bytes, not a re-serialization, are signed.
  const body = (name = '签名测试', itemId = itemA) => `{ "listKind": "resource", "name": "${name}", "mobile": "13812345678", "itemId": ${itemId} }`;

  beforeAll(async () => {
    t = await startApp(dialect);
    ({ a, b } = await demoClients(t));
    keyA = (await a.get(KEY)).json().data.key;
    keyB = (await b.get(KEY)).json().data.key;
    itemA = (await itemIdsOf(t.db, await customerIdOf(t.db, 'demo')))[0];
    itemB = (await itemIdsOf(t.db, await customerIdOf(t.db, 'demo2')))[0];
  });
  afterAll(() => t.close());

  it('answers a new secret once; the settings never show it again', async () => {
    expect((await a.get(SIGNING)).json()).toEqual({ code: '200', message: ServerMessage.Succeeded, data: { hasSecret: false, required: false } });
    // Requiring signatures needs a secret first.
    expectError(await a.put(SIGNING, { required: 1 }), 409, IngestMessage.SigningSecretMissing);
    const generated = await a.post(SECRET);
    expect(generated.json()).toEqual({
      code: '200',
      message: IngestMessage.SigningSecretGenerated,
      data: { secret: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    const settings = await a.get(SIGNING);
    expect(settings.json().data).toEqual({ hasSecret: true, required: false });
    expect(settings.body).not.toContain(generated.json().data.secret);
    expect((await a.get(KEY)).body).not.toContain(generated.json().data.secret);
    // Logged in only, and the writes need X-Requested-With.
    expectError(await t.client().get(SIGNING), 401, CommonMessage.NotLoggedIn);
    expectError(await t.client().post(SECRET), 401, CommonMessage.NotLoggedIn);
    expectError(await a.post(SECRET, undefined, { withoutRequestedWith: true }), 403, CommonMessage.MissingRequestedWith);
    expectError(await a.put(SIGNING, { required: 1 }, { withoutRequestedWith: true }), 403, CommonMessage.MissingRequestedWith);
    expectError(await a.put(SIGNING, { required: true }), 400, IngestMessage.SigningRequiredInvalid);
  });

  it('takes a good signature over the raw body, and refuses a bad or stale one with 401, storing nothing', async () => {
    const secret = (await a.post(SECRET)).json().data.secret as string;
    const good = await send(body(), signed(secret, body()));
    expect(good.statusCode).toBe(201);
    const count = await leadCount();
    const refusals: Array<[Record<string, string>, string, string]> = [
      // Signed with another secret.
      [signed('0'.repeat(64), body()), body(), IngestMessage.SignatureInvalid],
      // The body changed after signing (one character).
      [signed(secret, body()), body('签名测歪'), IngestMessage.SignatureInvalid],
      // The timestamp changed after signing.
      [{ ...signed(secret, body()), 'x-ingest-timestamp': nowSeconds(1) }, body(), IngestMessage.SignatureInvalid],
      // A signature without its timestamp.
      [{ 'x-ingest-signature': sign(secret, nowSeconds(), body()) }, body(), IngestMessage.SignatureInvalid],
      // More than 5 minutes old or ahead, even when correctly signed (a minute past the bound: the
      // array is built before the sends, and a busy machine may take seconds over them).
      [signed(secret, body(), nowSeconds(-360)), body(), IngestMessage.SignatureStale],
      [signed(secret, body(), nowSeconds(360)), body(), IngestMessage.SignatureStale],
    ];
    for (const [headers, sent, message] of refusals) {
      const response = await send(sent, headers);
      expect({ headers, status: response.statusCode, body: response.json() }).toEqual({ headers, status: 401, body: { code: '401', message } });
    }
    // A signature within the window's bounds is taken.
    expect((await send(body(), signed(secret, body(), nowSeconds(-240)))).statusCode).toBe(201);
    // A customer without a secret cannot be signed for.
    const forB = body('签名测试', itemB);
    expectError(await send(forB, signed(secret, forB), keyB), 401, IngestMessage.SignatureInvalid);
    expect(await leadCount()).toBe(count + 1);
  });

  it('refuses malformed signature headers with a Chinese 400 naming them', async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ 'x-ingest-signature': 'abc' }, 'x-ingest-signature', IngestMessage.SignatureFormatInvalid],
      [{ 'x-ingest-signature': `sha1=${'a'.repeat(64)}` }, 'x-ingest-signature', IngestMessage.SignatureFormatInvalid],
      [{ 'x-ingest-signature': `sha256=${'A'.repeat(64)}` }, 'x-ingest-signature', IngestMessage.SignatureFormatInvalid],
      [{ 'x-ingest-timestamp': '17e8' }, 'x-ingest-timestamp', IngestMessage.TimestampInvalid],
      [{ 'x-ingest-timestamp': '-5' }, 'x-ingest-timestamp', IngestMessage.TimestampInvalid],
    ];
    for (const [headers, field, message] of cases) {
      const response = await send(body(), headers);
      expect({ headers, status: response.statusCode, body: response.json() }).toEqual({
        headers,
        status: 400,
        body: { code: '400', message, field },
      });
    }
  });

  it('refuses unsigned sends while signatures are required, and the old secret once regenerated', async () => {
    const secret = (await a.post(SECRET)).json().data.secret as string;
    expect((await a.put(SIGNING, { required: 1 })).json()).toEqual({
      code: '200',
      message: IngestMessage.SigningSettingSaved,
      data: { hasSecret: true, required: true },
    });
    const count = await leadCount();
    expectError(await send(body()), 401, IngestMessage.SignatureRequired);
    expectError(await send(body(), { 'idempotency-key': 'unsigned-1' }), 401, IngestMessage.SignatureRequired);
    expect(await leadCount()).toBe(count);
    expect((await send(body(), signed(secret, body()))).statusCode).toBe(201);
    // Another customer's sends are not affected.
    expect((await send(body('签名测试', itemB), {}, keyB)).statusCode).toBe(201);
    // A new secret: the old one stops verifying at once.
    const fresh = (await a.post(SECRET)).json().data.secret as string;
    expectError(await send(body(), signed(secret, body())), 401, IngestMessage.SignatureInvalid);
    expect((await send(body(), signed(fresh, body()))).statusCode).toBe(201);
    // Off again: unsigned sends are taken.
    expect((await a.put(SIGNING, { required: 0 })).json().data).toEqual({ hasSecret: true, required: false });
    expect((await send(body())).statusCode).toBe(201);
  });

  it('signs and replays together: a signed send repeated with its Idempotency-Key makes one lead', async () => {
    const secret = (await a.post(SECRET)).json().data.secret as string;
    const count = await leadCount();
    const headers = { ...signed(secret, body('签名重放')), 'idempotency-key': 'signed-replay' };
    const [first, second] = [await send(body('签名重放'), headers), await send(body('签名重放'), headers)];
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json()).toEqual(first.json());
    expect(await leadCount()).toBe(count + 1);
  });
});
