import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { LOGIN_MAX_FAILURES, loginLockedMessage, REQUESTED_WITH_VALUE, SESSION_COOKIE } from '@portal/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { loadConfig } from '../config';
import { ServerMessage } from '../http/messages';
import { createAccount } from '../modules/auth/service';
import { demoClients, dialects, expectError, startApp, type StartOptions, type TestApp, writeFakeDist } from '../test/harness';
import { customerIdOf, itemIdsOf } from '../test/leads';

/**
 * The API rate limits as people and attackers meet them, through the HTTP layer with the
 * production defaults: files and pages are never counted, a logged-in call counts on its session,
 * any other call on its address. Every suite runs with in-process counters and, when REDIS_URL
 * is set, with Redis counters too; each app counts under its own Redis prefix (the harness's
 * random rateLimitNamespace), so that runs never share counters.
 */

const LOGIN = '/rest/customer/login';
const USER_INFO = '/rest/customer/user-info';
const PASSWORD = 'Right12345';
const { rateLimitPerMinute: PER_SESSION, anonymousRateLimitPerMinute: PER_ADDRESS } = loadConfig({});

const counterStores = (): Array<[string, string | undefined]> => [
  ['memory', undefined],
  ...(process.env.REDIS_URL ? [['Redis', process.env.REDIS_URL] as [string, string]] : []),
];
const suites = dialects().flatMap((dialect) => counterStores().map(([store, redisUrl]) => [dialect, store, redisUrl] as const));

/** A session cookie header from a real login at `address`. */
async function loginFrom(t: TestApp, address: string, loginAccount: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: LOGIN,
    remoteAddress: address,
    headers: { 'x-requested-with': REQUESTED_WITH_VALUE },
    payload: { loginAccount, password: PASSWORD, type: 1 },
  });
  expect(response.json()).toMatchObject({ code: '200' });
  const token = (response.cookies as Array<{ name: string; value: string }>).find((cookie) => cookie.name === SESSION_COOKIE)?.value;
  return `${SESSION_COOKIE}=${token}`;
}

/** A GET from `address`, with the cookie header given (if any). */
const getFrom = (t: TestApp, address: string, cookie?: string, url = USER_INFO, accept?: string): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: 'GET', url, remoteAddress: address, headers: { ...(cookie ? { cookie } : {}), ...(accept ? { accept } : {}) } });

/** The calls, sent at once; their statuses, tallied. */
async function tally(calls: Array<() => Promise<LightMyRequestResponse>>): Promise<Record<number, number>> {
  const statuses: Record<number, number> = {};
  for (const response of await Promise.all(calls.map((call) => call()))) statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
  return statuses;
}

const times = <T>(count: number, make: (i: number) => T): T[] => Array.from({ length: count }, (_, i) => make(i));

/** The 429 of the API limits: Retry-After within the minute, `{code, message}` with the Chinese text. */
function expectRefused(response: LightMyRequestResponse): void {
  expectError(response, 429, ServerMessage.TooManyRequests);
  expect(response.json()).toEqual({ code: '429', message: ServerMessage.TooManyRequests });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter >= 1 && retryAfter <= 60).toBe(true);
}

const newAccount = async (t: TestApp, prefix: string): Promise<string> => {
  const loginAccount = `${prefix}${randomBytes(4).toString('hex')}`;
  await createAccount(t.db, { loginAccount, password: PASSWORD });
  return loginAccount;
};

describe.each(suites)('API rate limits on %s, counters in %s', (dialect, _store, redisUrl) => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = writeFakeDist({
      'shell/index.html': '<!doctype html><title>shell</title>',
      'shell/js/main.0a1b2c3d.js': 'console.log("shell")',
      'shell/remotes.json': '{"reports":{"version":"0.1.0"}}',
      'remotes/reports/0.1.0/remoteEntry.js': 'var reports;',
    });
    t = await startApp(dialect, {
      seed: false,
      staticRoot: root,
      redisUrl,
      rateLimitPerMinute: PER_SESSION,
      anonymousRateLimitPerMinute: PER_ADDRESS,
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('never counts files or pages: 1,200 static requests from one address, then the page and the whole API budget', async () => {
    const address = '203.0.113.1';
    const cookie = await loginFrom(t, '203.0.113.200', await newAccount(t, 'static'));
    const html = 'text/html,application/xhtml+xml';
    // What page loads fetch: the page, a client-side route (index.html), scripts, remotes.json, a remote's entry.
    const requests: Array<[string, string | undefined]> = [
      ['/', html],
      ['/work-bench', html],
      ['/js/main.0a1b2c3d.js', undefined],
      ['/remotes.json', undefined],
      ['/remotes/reports/0.1.0/remoteEntry.js', undefined],
      ['/favicon.ico', undefined],
    ];
    // Half of them with the session cookie, as a logged-in browser sends them, half without.
    const statuses = await tally(
      times(1200, (i) => () => getFrom(t, address, i % 2 ? cookie : undefined, requests[i % requests.length][0], requests[i % requests.length][1])),
    );
    expect(statuses).toEqual({ 200: 1000, 404: 200 });

    const page = await getFrom(t, address, undefined, '/', html);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>shell</title>');
    // Nothing was counted: the session's whole budget and the address's are still there.
    expect(await tally(times(PER_SESSION, () => () => getFrom(t, address, cookie)))).toEqual({ 200: PER_SESSION });
    expect(await tally(times(PER_ADDRESS, () => () => getFrom(t, address)))).toEqual({ 401: PER_ADDRESS });
    expectRefused(await getFrom(t, address));
    // And a spent API budget never reaches the pages.
    expect((await getFrom(t, address, undefined, '/work-bench', html)).statusCode).toBe(200);
    expect((await getFrom(t, address, cookie, '/js/main.0a1b2c3d.js')).statusCode).toBe(200);
  });

  it("reads a logged-in call's session once, as requireLogin did alone, and never for files or pages", async () => {
    const address = '203.0.113.2';
    const cookie = await loginFrom(t, address, await newAccount(t, 'reads'));
    // A spy that lets every query through: it only counts those of the sessions table.
    const queries = jest.spyOn(t.db, 'selectFrom');
    const sessionReads = () => queries.mock.calls.filter(([from]) => from === 'sessions').length;
    try {
      expect((await getFrom(t, address, cookie)).statusCode).toBe(200);
      expect(sessionReads()).toBe(1);
      expect((await getFrom(t, address, cookie, '/js/main.0a1b2c3d.js')).statusCode).toBe(200);
      expect((await getFrom(t, address, cookie, '/work-bench', 'text/html')).statusCode).toBe(200);
      expect(sessionReads()).toBe(1);
    } finally {
      queries.mockRestore();
    }
  });

  it('lets an office of 50 people behind one address, each making 60 calls a minute, work without a 429', async () => {
    const office = '198.51.100.10';
    // One account shared by the whole office (a customer's staff): the stricter case, since
    // separate accounts are separate sessions all the more. Each logs in for real, one after
    // the other as people do (the password throttle counts an attempt before its check).
    const account = await newAccount(t, 'office');
    const sessions: string[] = [];
    for (let i = 0; i < 50; i++) sessions.push(await loginFrom(t, office, account));
    // The limit counts calls per minute, however they are spread within it. All 3,000 sent at
    // once is the hardest way to send them: none of the minute has passed to free any budget,
    // and every count races every other. Under one count per address (1,000 a minute, before)
    // 2,000 of them were refused.
    const statuses = await tally(sessions.flatMap((cookie) => times(60, () => () => getFrom(t, office, cookie))));
    expect(statuses).toEqual({ 200: 3000 });
  });

  it('refuses one session making 1,000 calls a minute past its limit, with Retry-After; its neighbours go on', async () => {
    const address = '198.51.100.20';
    const cookie = await loginFrom(t, address, await newAccount(t, 'greedy'));
    const neighbour = await loginFrom(t, address, await newAccount(t, 'nbr'));
    const responses = await Promise.all(times(1000, () => getFrom(t, address, cookie)));
    const refused = responses.filter((response) => response.statusCode === 429);
    expect([responses.length - refused.length, refused.length]).toEqual([PER_SESSION, 1000 - PER_SESSION]);
    expect(responses.every((response) => response.statusCode === 200 || response.statusCode === 429)).toBe(true);
    expectRefused(refused[0]);
    expectRefused(await getFrom(t, address, cookie));
    // Another session and an anonymous call from the same address are not touched.
    expect((await getFrom(t, address, neighbour)).statusCode).toBe(200);
    expect((await getFrom(t, address)).statusCode).toBe(401);
  });

  it('limits anonymous calls per address; made-up cookies buy no fresh budget, nor do other addresses of one IPv6 /64', async () => {
    const address = '198.51.100.30';
    const cookie = await loginFrom(t, '198.51.100.31', await newAccount(t, 'anon'));
    expect(await tally(times(PER_ADDRESS, () => () => getFrom(t, address)))).toEqual({ 401: PER_ADDRESS });
    expectRefused(await getFrom(t, address));
    // A random token per call: each is looked up once, found to be no session, and counted on the address.
    const forged = await Promise.all(times(20, () => getFrom(t, address, `${SESSION_COOKIE}=${randomBytes(32).toString('base64url')}`)));
    forged.forEach(expectRefused);
    // Logins are counted on the address, even with a live session's cookie (a session cannot
    // make sessions on its own budget): refused from there for the rest of the minute...
    for (const headers of [{}, { cookie }]) {
      expectRefused(
        await t.app.inject({
          method: 'POST',
          url: LOGIN,
          remoteAddress: address,
          headers: { 'x-requested-with': REQUESTED_WITH_VALUE, ...headers },
          payload: { loginAccount: 'nobody', password: PASSWORD, type: 1 },
        }),
      );
    }
    // ...but a live session from that address is counted on itself, and other addresses on theirs.
    expect((await getFrom(t, address, cookie)).statusCode).toBe(200);
    expect((await getFrom(t, '198.51.100.32')).statusCode).toBe(401);

    // Rotating addresses within one IPv6 /64 is one address.
    expect(await tally(times(PER_ADDRESS, (i) => () => getFrom(t, `2001:db8:5:6::${(i + 1).toString(16)}`)))).toEqual({ 401: PER_ADDRESS });
    expectRefused(await getFrom(t, '2001:db8:5:6:ffff:1:2:3'));
    expect((await getFrom(t, '2001:db8:5:7::1')).statusCode).toBe(401);
  });

  it('counts unknown API paths too, and leaves the password throttle its own stricter 429', async () => {
    const address = '198.51.100.40';
    expect(await tally(times(PER_ADDRESS, () => () => getFrom(t, address, undefined, '/rest/customer/nothing-here')))).toEqual({ 404: PER_ADDRESS });
    expectRefused(await getFrom(t, address, undefined, '/rest/customer/nothing-here'));

    const account = await newAccount(t, 'guessed');
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: LOGIN,
        remoteAddress: '198.51.100.41',
        headers: { 'x-requested-with': REQUESTED_WITH_VALUE },
        payload: { loginAccount: account, password: 'Wrong12345', type: 1 },
      });
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect((await attempt()).statusCode).toBe(400);
    const locked = await attempt();
    expectError(locked, 429, loginLockedMessage(60));
    expect(Number(locked.headers['retry-after'])).toBe(60);
  });
});

describe.each(dialects())('lead ingestion and the address limit on %s', (dialect) => {
  it('counts a known key on its own budget from any address, an unknown key on its address', async () => {
    const t = await startApp(dialect, { ingestRateLimitPerMinute: 3, anonymousRateLimitPerMinute: 2 });
    try {
      const { a, b } = await demoClients(t);
      const keyA = (await a.get('/rest/customer/account/ingest-key')).json().data.key as string;
      const keyB = (await b.get('/rest/customer/account/ingest-key')).json().data.key as string;
      const [itemA] = await itemIdsOf(t.db, await customerIdOf(t.db, 'demo'));
      const [itemB] = await itemIdsOf(t.db, await customerIdOf(t.db, 'demo2'));
      // One sender (say, the ad platform's servers) posting for several customers from one address.
      const post = (key: string, itemId: number) =>
        t.app.inject({
          method: 'POST',
          url: '/rest/open/leads',
          remoteAddress: '203.0.113.50',
          headers: { 'x-ingest-key': key },
          payload: { listKind: 'resource', itemId, name: '测试', mobile: '13812345678' },
        });
      const made = '0'.repeat(64);
      for (let i = 0; i < 2; i++) expect((await post(made, itemA)).statusCode).toBe(401);
      expectRefused(await post(made, itemA));
      // The address's budget is spent, yet the known keys go in, each up to its own limit.
      for (let i = 0; i < 3; i++) expect((await post(keyA, itemA)).statusCode).toBe(201);
      expectRefused(await post(keyA, itemA));
      expect((await post(keyB, itemB)).statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });
});

describe.each(dialects())('rate limit counters across instances on %s', (dialect) => {
  const start = (options: StartOptions) => startApp(dialect, { seed: false, rateLimitPerMinute: 5, anonymousRateLimitPerMinute: 3, ...options });

  (process.env.REDIS_URL ? it : it.skip)('share one count in Redis', async () => {
    const namespace = `portal-test-rate-limit-${randomBytes(6).toString('hex')}-`;
    const a = await start({ redisUrl: process.env.REDIS_URL, rateLimitNamespace: namespace });
    const b = await start({ redisUrl: process.env.REDIS_URL, rateLimitNamespace: namespace, database: a.database });
    try {
      const cookie = await loginFrom(a, '10.8.0.2', await newAccount(a, 'shared'));
      const instances = [a, b];
      expect(await tally(times(5, (i) => () => getFrom(instances[i % 2], '10.8.0.1', cookie)))).toEqual({ 200: 5 });
      expectRefused(await getFrom(b, '10.8.0.1', cookie));
      expectRefused(await getFrom(a, '10.8.0.1', cookie));
      // The login was the address's first anonymous call.
      expect(await tally(times(2, (i) => () => getFrom(instances[i % 2], '10.8.0.2')))).toEqual({ 401: 2 });
      expectRefused(await getFrom(b, '10.8.0.2'));
    } finally {
      await b.close();
      await a.close();
    }
  });

  it('let calls pass uncounted while Redis is unreachable', async () => {
    // Nothing listens on port 1: every Redis call fails at once.
    const t = await start({ redisUrl: 'redis://127.0.0.1:1' });
    try {
      const cookie = await loginFrom(t, '10.8.0.3', await newAccount(t, 'noredis'));
      expect(await tally(times(20, () => () => getFrom(t, '10.8.0.3', cookie)))).toEqual({ 200: 20 });
      expect(await tally(times(20, () => () => getFrom(t, '10.8.0.3')))).toEqual({ 401: 20 });
    } finally {
      await t.close();
    }
  });
});
