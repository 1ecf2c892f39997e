import { randomBytes } from 'node:crypto';
import { AuthErrorCode, AuthMessage, LOGIN_COOKIE, SESSION_COOKIE } from '@portal/contracts';
import { dialects, expectError, startApp, type TestApp } from '../../test/harness';
import { createAccount } from './service';
import { issueSsoToken, SSO_FREE_ATTEMPTS, ssoAttemptKey, ssoTokenHash } from './sso';

const SSO_LOGIN = '/rest/customer/sso-login';
const LOGIN = '/rest/customer/login';
const USER_INFO = '/rest/customer/user-info';

/** A well-formed token no link was issued for. */
const unknownToken = (): string => randomBytes(32).toString('base64url');

describe.each(dialects())('single sign-on on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(dialect);
  });
  afterAll(() => t.close());
  // Every test sends from the same address: each starts with its refused tokens forgotten.
  beforeEach(() => t.db.deleteFrom('loginThrottle').where('key', '=', ssoAttemptKey('127.0.0.1')).execute());

  /** An operator's link for the account: its token. */
  const issue = async (loginAccount: string, minutes = 5): Promise<string> => {
    const issued = await issueSsoToken(t.db, loginAccount, minutes);
    if (issued.kind !== 'issued') throw new Error(`no link for ${loginAccount}: ${issued.kind}`);
    return issued.token;
  };

  const expectRefused = (response: Awaited<ReturnType<ReturnType<TestApp['client']>['post']>>) => {
    expectError(response, 400, AuthMessage.SsoLinkInvalid);
    expect(response.cookies).toHaveLength(0);
  };

  it('logs in with a fresh token: the answer and cookies of a password login, and user-info works with them', async () => {
    const client = t.client();
    expect((await client.get(USER_INFO)).statusCode).toBe(401);
    const response = await client.post(SSO_LOGIN, { token: await issue('demo') });
    expect(response.statusCode).toBe(200);
    const byPassword = await t.client().post(LOGIN, { loginAccount: 'demo', password: 'Demo12345', type: 1 });
    expect(response.json()).toEqual(byPassword.json());
    expect(response.json()).toMatchObject({ code: '200', message: '登录成功', data: { loginAccount: 'demo' } });
    const cookies = response.cookies as Array<Record<string, unknown>>;
    expect(cookies.find((c) => c.name === SESSION_COOKIE)).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 604800 });
    expect(cookies.find((c) => c.name === LOGIN_COOKIE)).toMatchObject({ value: '1', sameSite: 'Lax', path: '/' });

    const info = await client.get(USER_INFO);
    expect(info.statusCode).toBe(200);
    expect(info.json().data.loginAccount).toBe('demo');
  });

  it('stores only a hash of the token, marked used by its login', async () => {
    const token = await issue('demo2');
    const stored = () => t.db.selectFrom('ssoTokens').select(['tokenHash', 'usedAt']).execute();
    expect((await stored()).map((row) => row.tokenHash)).not.toContain(token);
    expect(await stored()).toContainEqual({ tokenHash: ssoTokenHash(token), usedAt: null });
    await t.client().post(SSO_LOGIN, { token });
    expect(await stored()).toContainEqual({ tokenHash: ssoTokenHash(token), usedAt: expect.any(String) });
  });

  it('refuses the same token a second time; the session of its first use goes on', async () => {
    const token = await issue('demo');
    const first = t.client();
    expect((await first.post(SSO_LOGIN, { token })).json().code).toBe('200');
    const second = await t.client().post(SSO_LOGIN, { token });
    expectRefused(second);
    expect(second.json().code).toBe(AuthErrorCode.SsoLinkInvalid);
    // Not even the browser that used it gets another session from it.
    expectRefused(await first.post(SSO_LOGIN, { token }));
    expect((await first.get(USER_INFO)).statusCode).toBe(200);
  });

  it('refuses an expired token', async () => {
    const token = await issue('demo');
    await t.db
      .updateTable('ssoTokens')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('tokenHash', '=', ssoTokenHash(token))
      .execute();
    const client = t.client();
    expectRefused(await client.post(SSO_LOGIN, { token }));
    expect((await client.get(USER_INFO)).statusCode).toBe(401);
  });

  it('refuses unknown and malformed tokens with the same message', async () => {
    const valid = await issue('demo');
    for (const body of [
      { token: unknownToken() },
      { token: valid.slice(0, -1) },
      { token: `${valid}A` },
      { token: `${valid.slice(0, -1)}+` },
      { token: `${valid.slice(0, -1)}\u0000` },
      { token: '' },
      { token: 'x'.repeat(10_000) },
      { token: 12345 },
      { token: null },
      { token: [valid] },
      {},
    ]) {
      expectRefused(await t.client().post(SSO_LOGIN, body));
    }
    // None of them touched the real token.
    expect((await t.client().post(SSO_LOGIN, { token: valid })).json().code).toBe('200');
  });

  it('gives exactly one session when one token is used twice at the same time', async () => {
    const token = await issue('demo2');
    const clients = [t.client(), t.client(), t.client()];
    const answers = await Promise.all(clients.map((client) => client.post(SSO_LOGIN, { token })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400]);
    const infos = await Promise.all(clients.map((client) => client.get(USER_INFO)));
    expect(infos.map((info) => info.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it('refuses a link of an account that must change its password first, as a password login opens no session for it', async () => {
    await createAccount(t.db, { loginAccount: 'ssoflag', password: 'Init12345' });
    const token = await issue('ssoflag');
    // Flagged after the link was issued.
    await t.db.updateTable('customers').set({ forcePasswordChange: 1 }).where('loginAccount', '=', 'ssoflag').execute();
    const client = t.client();
    expectRefused(await client.post(SSO_LOGIN, { token }));
    expect((await client.get(USER_INFO)).statusCode).toBe(401);
    expect(await issueSsoToken(t.db, 'ssoflag', 5)).toEqual({ kind: 'must-change-password' });
  });

  it(`makes an address wait after ${SSO_FREE_ATTEMPTS} refused tokens (429, Retry-After), without using up a right one`, async () => {
    const token = await issue('demo');
    for (let i = 0; i < SSO_FREE_ATTEMPTS; i++) expectRefused(await t.client().post(SSO_LOGIN, { token: unknownToken() }));
    const waiting = await t.client().post(SSO_LOGIN, { token });
    expectError(waiting, 429);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
    expect(waiting.cookies).toHaveLength(0);
    // As if the wait had passed: the right token still logs in.
    await t.db.updateTable('loginThrottle').set({ lockedUntil: '2000-01-01T00:00:00.000Z' }).where('key', '=', ssoAttemptKey('127.0.0.1')).execute();
    expect((await t.client().post(SSO_LOGIN, { token })).json().code).toBe('200');
  });

  it('does not count right tokens toward the wait', async () => {
    for (let i = 0; i < SSO_FREE_ATTEMPTS + 2; i++) {
      expect((await t.client().post(SSO_LOGIN, { token: await issue('demo') })).json().code).toBe('200');
    }
  });

  it('requires X-Requested-With', async () => {
    const response = await t.client().post(SSO_LOGIN, { token: await issue('demo') }, { withoutRequestedWith: true });
    expect(response.statusCode).toBe(403);
  });
});
