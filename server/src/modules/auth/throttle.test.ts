import { randomBytes } from 'node:crypto';
import { AuthMessage, LOGIN_ACCOUNT_MAX_FAILURES, LOGIN_MAX_FAILURES, LoginAlertNotice, REQUESTED_WITH_VALUE } from '@portal/contracts';
import { type Message } from '@portal/contracts/messages';
import type { LightMyRequestResponse } from 'fastify';
import type { ServerEventMap } from '../../realtime/events';
import { dialects, expectError, startApp, type TestApp } from '../../test/harness';
import { accountKey } from './guard';
import { createAccount, LOGIN_FAILED_CODE } from './service';

/**
 * The password throttle as an attacker and the owner meet it: parallel guesses, guesses from
 * one address and from many, the owner's notice, both password changes, and several instances.
 */

const LOGIN = '/rest/customer/login';
const PASSWORD = '/rest/customer/password';
const MESSAGES = '/rest/customer/message/messages';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const PASSWORD_OK = 'Right12345';
const PASSWORD_BAD = 'Wrong12345';

/** A fresh account name (Redis counters outlive the test apps). */
const uniqueAccount = (prefix: string): string => `${prefix}${randomBytes(4).toString('hex')}`;

/** A login as a browser at `address` would send it. */
const loginFrom = (t: TestApp, address: string, loginAccount: string, password: string): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method: 'POST',
    url: LOGIN,
    remoteAddress: address,
    headers: { 'x-requested-with': REQUESTED_WITH_VALUE },
    payload: { loginAccount, password, type: 1 },
  });

/** Every 429 tells when to come back. */
function expectWait(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(429);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

/** 20 wrong passwords at once (spread over `apps` in turn): only LOGIN_MAX_FAILURES are checked, the others wait. */
async function expectParallelBurstLimited(apps: TestApp[], address: string, loginAccount: string): Promise<void> {
  const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => loginFrom(apps[i % apps.length], address, loginAccount, PASSWORD_BAD)));
  const checked = responses.filter((r) => r.statusCode === 400);
  for (const response of checked) expect(response.json().code).toBe(LOGIN_FAILED_CODE);
  expect(checked).toHaveLength(LOGIN_MAX_FAILURES);
  const waiting = responses.filter((r) => r.statusCode !== 400);
  expect(waiting).toHaveLength(20 - LOGIN_MAX_FAILURES);
  waiting.forEach(expectWait);
}

describe.each(dialects())('password throttle on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(dialect);
  });
  afterAll(() => t.close());

  const newAccount = async (prefix: string): Promise<string> => {
    const loginAccount = uniqueAccount(prefix);
    await createAccount(t.db, { loginAccount, password: PASSWORD_OK });
    return loginAccount;
  };

  it('checks at most the limit of 20 parallel wrong logins; the rest wait with Retry-After', async () => {
    const account = await newAccount('burst');
    await expectParallelBurstLimited([t], '10.0.0.1', account);
    expectWait(await loginFrom(t, '10.0.0.1', account, PASSWORD_OK));
  });

  it("lets the owner log in from another address while an attacker's address waits", async () => {
    const account = await newAccount('owner');
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect((await loginFrom(t, '10.0.0.2', account, PASSWORD_BAD)).statusCode).toBe(400);
    expectWait(await loginFrom(t, '10.0.0.2', account, PASSWORD_OK));
    const owner = await loginFrom(t, '192.0.2.10', account, PASSWORD_OK);
    expect(owner.json()).toMatchObject({ code: '200', data: { loginAccount: account } });
    // The owner's login does not free the attacker's address.
    expectWait(await loginFrom(t, '10.0.0.2', account, PASSWORD_OK));
  });

  it('counts an IPv6 /64 as one address: rotating within it buys no attempts', async () => {
    const account = await newAccount('six');
    for (let i = 1; i <= LOGIN_MAX_FAILURES; i++) expect((await loginFrom(t, `2001:db8:1:2::${i}`, account, PASSWORD_BAD)).statusCode).toBe(400);
    expectWait(await loginFrom(t, '2001:db8:1:2:ffff::9', account, PASSWORD_OK));
    expect((await loginFrom(t, '2001:db8:1:3::1', account, PASSWORD_OK)).json().code).toBe('200');
  });

  it("slows guessing spread over many addresses, but not at the owner's usual address", async () => {
    const account = await newAccount('spread');
    expect((await loginFrom(t, '192.0.2.20', account, PASSWORD_OK)).json().code).toBe('200');
    for (let guessed = 0, a = 0; guessed < LOGIN_ACCOUNT_MAX_FAILURES; a++) {
      const count = Math.min(LOGIN_MAX_FAILURES, LOGIN_ACCOUNT_MAX_FAILURES - guessed);
      const answers = await Promise.all(Array.from({ length: count }, () => loginFrom(t, `10.1.0.${a}`, account, PASSWORD_BAD)));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(count).fill(400));
      guessed += count;
    }
    // A new address waits, even with the right password...
    expectWait(await loginFrom(t, '10.1.1.1', account, PASSWORD_BAD));
    expectWait(await loginFrom(t, '198.51.100.7', account, PASSWORD_OK));
    // ...but the address the owner logged in from before does not.
    expect((await loginFrom(t, '192.0.2.20', account, PASSWORD_OK)).json().code).toBe('200');
    // Refusals for the account's wait check no password, so they do not count against the new
    // address: once the wait is over, the owner gets in from there at once.
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expectWait(await loginFrom(t, '198.51.100.7', account, PASSWORD_OK));
    await t.db.updateTable('loginThrottle').set({ lockedUntil: null }).where('key', '=', accountKey(account)).execute();
    expect((await loginFrom(t, '198.51.100.7', account, PASSWORD_OK)).json().code).toBe('200');
  });

  it('tells the owner of a burst of failures with one notice, sent as a message', async () => {
    const account = await newAccount('alert');
    const arrived: Array<ServerEventMap['message.arrived']> = [];
    const off = t.app.events.on('message.arrived', (payload) => {
      arrived.push(payload);
    });
    try {
      for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await loginFrom(t, '10.2.0.1', account, PASSWORD_BAD);
      expect(arrived).toHaveLength(1);
      expect(arrived[0].message).toMatchObject({ title: LoginAlertNotice.Title, contents: LoginAlertNotice.contents('10.2.0.1') });
      // A second burst within the hour, from elsewhere, sends no second notice.
      for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await loginFrom(t, '10.2.0.2', account, PASSWORD_BAD);
      expect(arrived).toHaveLength(1);
    } finally {
      off();
    }
    const owner = t.client();
    await owner.login(account, PASSWORD_OK);
    const messages = (await owner.get(MESSAGES, { query: { pageSize: '100' } })).json() as Message[];
    expect(messages.filter((m) => m.title === LoginAlertNotice.Title)).toEqual([
      expect.objectContaining({ contents: LoginAlertNotice.contents('10.2.0.1'), status: 0 }),
    ]);
  });

  it('counts wrong old passwords of the logged-in change on the session, so a stolen session cannot guess freely', async () => {
    const account = await newAccount('session');
    const thief = t.client();
    await thief.login(account, PASSWORD_OK);
    const change = (oldPassword: string) => thief.put(PASSWORD, { oldPassword, password: 'Taken12345', confirm: 'Taken12345' });
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expectError(await change(PASSWORD_BAD), 400, AuthMessage.OldPasswordWrong);
    // The session's sixth attempt waits, even with the right old password; the password is unchanged.
    const refused = await change(PASSWORD_OK);
    expectWait(refused);
    expectError(refused, 429);
    // The count is the session's, not the account's login: another client at the same address,
    // and the account's other sessions, are not held back.
    const owner = t.client();
    expect((await owner.post(LOGIN, { loginAccount: account, password: PASSWORD_OK })).json().code).toBe('200');
    expect((await loginFrom(t, '192.0.2.30', account, PASSWORD_OK)).json().code).toBe('200');
    expectError(
      await owner.put(PASSWORD, { oldPassword: PASSWORD_BAD, password: 'Owner12345', confirm: 'Owner12345' }),
      400,
      AuthMessage.OldPasswordWrong,
    );
    expectWait(await change(PASSWORD_OK));
    // The owner's own session changes the password (its one wrong try aside).
    expect((await owner.put(PASSWORD, { oldPassword: PASSWORD_OK, password: 'Owner12345', confirm: 'Owner12345' })).json().code).toBe('200');
  });
});

describe.each(dialects())('password throttle across instances on %s', (dialect) => {
  it('two instances count together in Redis, and the owner still gets in from another address', async () => {
    // Separate databases: only Redis can carry the count from one instance to the other.
    const a = await startApp(dialect, { seed: false, redisUrl: REDIS_URL });
    const b = await startApp(dialect, { seed: false, redisUrl: REDIS_URL });
    try {
      const account = uniqueAccount('shared');
      for (const t of [a, b]) await createAccount(t.db, { loginAccount: account, password: PASSWORD_OK });
      await expectParallelBurstLimited([a, b], '10.4.0.1', account);
      expectWait(await loginFrom(b, '10.4.0.1', account, PASSWORD_OK));
      expect((await loginFrom(b, '192.0.2.40', account, PASSWORD_OK)).json().code).toBe('200');
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('counts in the database while Redis is unreachable', async () => {
    // Nothing listens on port 1: every Redis call fails at once.
    const t = await startApp(dialect, { seed: false, redisUrl: 'redis://127.0.0.1:1' });
    try {
      const account = uniqueAccount('noredis');
      await createAccount(t.db, { loginAccount: account, password: PASSWORD_OK });
      await expectParallelBurstLimited([t], '10.4.0.2', account);
    } finally {
      await t.close();
    }
  });
});
