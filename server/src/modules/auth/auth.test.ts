import {
  AuthErrorCode,
  AuthMessage,
  CommonMessage,
  LOGIN_COOKIE,
  LOGIN_MAX_FAILURES,
  loginLockedMessage,
  SESSION_COOKIE,
  SESSION_EXPIRED_COOKIE,
} from '@portal/contracts';
import { createHash } from 'node:crypto';
import { dialects, expectError, startApp, type TestApp, type TestClient } from '../../test/harness';
import { pairKey } from './guard';
import { createAccount, LOGIN_FAILED_CODE } from './service';

const LOGIN = '/rest/customer/login';
const USER_INFO = '/rest/customer/user-info';
const LOGOUT = '/rest/customer/logout';
const PASSWORD = '/rest/customer/password';
const FORCED = '/rest/customer/password/forced';

/** The sessions-table key of a client's session cookie. */
const sessionKeyOf = (client: TestClient): string => createHash('sha256').update(client.cookies.get(SESSION_COOKIE)!).digest('hex');

describe.each(dialects())('auth on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(dialect);
  });
  afterAll(() => t.close());

  describe('login', () => {
    it('answers the user and sets the httpOnly session cookie and the readable login cookie', async () => {
      const client = t.client();
      const response = await client.post(LOGIN, { loginAccount: 'demo', password: 'Demo12345', type: 1 });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        code: '200',
        message: '登录成功',
        data: {
          id: expect.any(Number),
          type: 1,
          whetherVoice: 0,
          thumbnail: null,
          headPic: null,
          loginAccount: 'demo',
          registerTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
          firstLoginStutes: 1,
        },
      });
      const cookies = response.cookies as Array<Record<string, unknown>>;
      expect(cookies.find((c) => c.name === SESSION_COOKIE)).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 604800 });
      const login = cookies.find((c) => c.name === LOGIN_COOKIE);
      expect(login).toMatchObject({ value: '1', sameSite: 'Lax', path: '/' });
      expect(login?.httpOnly).toBeFalsy();
    });

    it('stores only a hash of the session token', async () => {
      const client = t.client();
      await client.login('demo');
      const ids = (await t.db.selectFrom('sessions').select('id').execute()).map((row) => row.id);
      expect(ids).not.toContain(client.cookies.get(SESSION_COOKIE));
      expect(ids).toContain(sessionKeyOf(client));
    });

    it('refuses a wrong password and an unknown account alike with 40001', async () => {
      for (const body of [
        { loginAccount: 'demo2', password: 'Wrong12345', type: 1 },
        { loginAccount: 'nobody', password: 'Demo12345', type: 1 },
      ]) {
        const response = await t.client().post(LOGIN, body);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ code: LOGIN_FAILED_CODE, message: AuthMessage.LoginFailed });
        expect(response.cookies).toHaveLength(0);
      }
    });

    it('validates with the login schema and its Chinese messages', async () => {
      const cases: Array<[unknown, string]> = [
        [{ password: 'Demo12345' }, AuthMessage.AccountRequired],
        [{ loginAccount: '', password: 'Demo12345' }, AuthMessage.AccountRequired],
        [{ loginAccount: 'ab', password: 'Demo12345' }, AuthMessage.AccountLength],
        [{ loginAccount: 'x'.repeat(10_000), password: 'Demo12345' }, AuthMessage.AccountLength],
        [{ loginAccount: 'demo' }, AuthMessage.PasswordRequired],
        [{ loginAccount: 'demo', password: 'p'.repeat(10_000) }, AuthMessage.PasswordRequired],
        [{ loginAccount: 12345, password: 'Demo12345' }, AuthMessage.AccountRequired],
        // U+0000 would reach the account and throttle queries (PostgreSQL text cannot hold it).
        [{ loginAccount: 'a\u0000b', password: 'Demo12345' }, AuthMessage.AccountInvalid],
        [{ loginAccount: ['demo'], password: 'Demo12345' }, AuthMessage.AccountRequired],
        [{ loginAccount: 'demo', password: 'Demo12345', type: 7 }, '登录类型不正确'],
      ];
      for (const [body, message] of cases) expectError(await t.client().post(LOGIN, body), 400, message);
    });

    it('ignores unknown fields', async () => {
      const response = await t.client().post(LOGIN, { loginAccount: 'demo', password: 'Demo12345', type: 1, admin: true, id: 99 });
      expect(response.json().code).toBe('200');
    });

    it('refuses a body that is not a JSON object with 400, never 500', async () => {
      const client = t.client();
      const bodies: Array<[string, string]> = [
        ['{"loginAccount": "demo",', 'application/json'],
        ['null', 'application/json'],
        ['[1,2,3]', 'application/json'],
        ['"demo"', 'application/json'],
        ['loginAccount=demo&password=Demo12345', 'text/plain'],
      ];
      for (const [payload, contentType] of bodies) {
        expectError(await client.post(LOGIN, payload, { headers: { 'content-type': contentType } }), 400);
      }
      expectError(await client.post(LOGIN, '<xml/>', { headers: { 'content-type': 'application/xml' } }), 415);
    });

    it('treats SQL in the account as text: no login, no error', async () => {
      const response = await t.client().post(LOGIN, { loginAccount: "' OR 1=1 --", password: "' OR '1'='1" });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe(LOGIN_FAILED_CODE);
    });

    it('requires X-Requested-With', async () => {
      const response = await t.client().post(LOGIN, { loginAccount: 'demo', password: 'Demo12345' }, { withoutRequestedWith: true });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: '403', message: CommonMessage.MissingRequestedWith });
    });
  });

  describe('lockout', () => {
    /** The test client's address waits no more: as if its wait had passed. */
    const endWait = (loginAccount: string) =>
      t.db
        .updateTable('loginThrottle')
        .set({ lockedUntil: '2000-01-01T00:00:00.000Z' })
        .where('key', '=', pairKey(loginAccount, '127.0.0.1'))
        .execute();

    it(`refuses the attempt after ${LOGIN_MAX_FAILURES} failures with 429 and Retry-After, even with the right password`, async () => {
      await createAccount(t.db, { loginAccount: 'lockme', password: 'Right12345' });
      const client = t.client();
      for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
        expect((await client.post(LOGIN, { loginAccount: 'lockme', password: 'Wrong12345' })).json().code).toBe(LOGIN_FAILED_CODE);
      }
      const locked = await client.post(LOGIN, { loginAccount: 'lockme', password: 'Right12345' });
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({ code: '429', message: loginLockedMessage(60) });
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(50);
      expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(locked.cookies).toHaveLength(0);
      // Other accounts are not affected.
      await t.client().login('demo');
    });

    it('lets the address try again once its wait has passed, doubling the next wait', async () => {
      await createAccount(t.db, { loginAccount: 'lockold', password: 'Right12345' });
      const wrong = () => t.client().post(LOGIN, { loginAccount: 'lockold', password: 'Wrong12345' });
      for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await wrong();
      expect((await t.client().post(LOGIN, { loginAccount: 'lockold', password: 'Right12345' })).statusCode).toBe(429);
      const waits: number[] = [];
      for (let i = 0; i < 5; i++) {
        await endWait('lockold');
        expect((await wrong()).json().code).toBe(LOGIN_FAILED_CODE);
        const refused = await wrong();
        expect(refused.statusCode).toBe(429);
        waits.push(Math.round(Number(refused.headers['retry-after']) / 60));
      }
      // 2, 4, 8, then the 15-minute cap.
      expect(waits).toEqual([2, 4, 8, 15, 15]);
      await endWait('lockold');
      await t.client().login('lockold', 'Right12345');
    });

    it('forgets failures after a successful login', async () => {
      await createAccount(t.db, { loginAccount: 'resetme', password: 'Right12345' });
      for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) await t.client().post(LOGIN, { loginAccount: 'resetme', password: 'Wrong12345' });
      await t.client().login('resetme', 'Right12345');
      for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) await t.client().post(LOGIN, { loginAccount: 'resetme', password: 'Wrong12345' });
      await t.client().login('resetme', 'Right12345');
    });
  });

  describe('user-info and logout', () => {
    it('answers 401 without a session, or with an unknown one', async () => {
      const client = t.client();
      expect((await client.get(USER_INFO)).json()).toEqual({ code: '401', message: CommonMessage.NotLoggedIn });
      client.cookies.set(SESSION_COOKIE, 'forged-token');
      client.cookies.set(LOGIN_COOKIE, '1');
      const response = await client.get(USER_INFO);
      expect(response.statusCode).toBe(401);
      // The stale readable cookie is cleared, so the shell stops believing it is logged in.
      expect(client.cookies.has(LOGIN_COOKIE)).toBe(false);
    });

    it('marks a stale login as expired in the same answer (SESSION_EXPIRED_COOKIE), never a visitor who was not logged in; login clears the mark', async () => {
      const visitor = t.client();
      expect((await visitor.get(USER_INFO)).statusCode).toBe(401);
      expect(visitor.cookies.has(SESSION_EXPIRED_COOKIE)).toBe(false);

      const client = t.client();
      await client.login('demo2');
      await client.post(LOGOUT);
      // Another tab still holds the old cookies (the logout happened elsewhere).
      const tab = t.client();
      tab.cookies.set(SESSION_COOKIE, 'ended-token');
      tab.cookies.set(LOGIN_COOKIE, '1');
      const answer = await tab.get(USER_INFO);
      expect(answer.statusCode).toBe(401);
      const mark = (answer.cookies as Array<{ name: string; value: string; maxAge?: number; httpOnly?: boolean; path?: string }>).find(
        (cookie) => cookie.name === SESSION_EXPIRED_COOKIE,
      );
      expect(mark).toMatchObject({ value: '1', maxAge: 600, path: '/' });
      expect(mark?.httpOnly).toBeFalsy();
      expect(tab.cookies.has(LOGIN_COOKIE)).toBe(false);

      await tab.login('demo2');
      expect(tab.cookies.has(SESSION_EXPIRED_COOKIE)).toBe(false);
    });

    it('answers the session user', async () => {
      const client = t.client();
      await client.login('demo2');
      const response = await client.get(USER_INFO);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ code: '200', message: '成功', data: { loginAccount: 'demo2', firstLoginStutes: 0, whetherVoice: 1 } });
    });

    it('ends the session: both cookies cleared and the old cookie refused', async () => {
      const client = t.client();
      await client.login('demo');
      const oldToken = client.cookies.get(SESSION_COOKIE)!;
      const response = await client.post(LOGOUT);
      expect(response.json()).toEqual({ code: '200', message: '退出成功', data: null });
      expect(client.cookies.size).toBe(0);
      const replay = t.client();
      replay.cookies.set(SESSION_COOKIE, oldToken);
      expectError(await replay.get(USER_INFO), 401, CommonMessage.NotLoggedIn);
    });

    it('refuses an expired session', async () => {
      const client = t.client();
      await client.login('demo');
      await t.db.updateTable('sessions').set({ expiresAt: '2000-01-01T00:00:00.000Z' }).where('id', '=', sessionKeyOf(client)).execute();
      expect((await client.get(USER_INFO)).statusCode).toBe(401);
    });

    it('extends a session in use (sliding expiry) and sends the cookie again', async () => {
      const client = t.client();
      await client.login('demo2');
      const soon = new Date(Date.now() + 60 * 60 * 1000).toISOString();
      await t.db.updateTable('sessions').set({ expiresAt: soon }).where('id', '=', sessionKeyOf(client)).execute();
      const response = await client.get(USER_INFO);
      expect(response.statusCode).toBe(200);
      expect((response.cookies as Array<{ name: string }>).map((c) => c.name).sort()).toEqual([LOGIN_COOKIE, SESSION_COOKIE].sort());
      const row = await t.db.selectFrom('sessions').select('expiresAt').where('id', '=', sessionKeyOf(client)).executeTakeFirstOrThrow();
      expect(Date.parse(row.expiresAt)).toBeGreaterThan(Date.now() + 6 * 24 * 60 * 60 * 1000);
    });

    it('replaces a session the browser brings to a new login', async () => {
      const client = t.client();
      await client.login('demo');
      const first = client.cookies.get(SESSION_COOKIE)!;
      await client.login('demo');
      const stale = t.client();
      stale.cookies.set(SESSION_COOKIE, first);
      expect((await stale.get(USER_INFO)).statusCode).toBe(401);
    });
  });

  describe('password change', () => {
    it('refuses a wrong old password with the spec message and its own code', async () => {
      const client = t.client();
      await createAccount(t.db, { loginAccount: 'changer1', password: 'Old12345a' });
      await client.login('changer1', 'Old12345a');
      const refused = await client.put(PASSWORD, { oldPassword: 'Nope12345', password: 'New12345a', confirm: 'New12345a' });
      expectError(refused, 400, AuthMessage.OldPasswordWrong);
      // Clients place the refusal on the old-password field by this code.
      expect(refused.json().code).toBe(AuthErrorCode.OldPasswordWrong);
    });

    it('validates with the change-password schema', async () => {
      const client = t.client();
      await client.login('demo2');
      const cases: Array<[unknown, string]> = [
        [{ password: 'New12345a', confirm: 'New12345a' }, AuthMessage.OldPasswordRequired],
        [{ oldPassword: 'Demo12345', password: 'short1', confirm: 'short1' }, AuthMessage.PasswordRule],
        [{ oldPassword: 'Demo12345', password: 'onlyletters', confirm: 'onlyletters' }, AuthMessage.PasswordRule],
        [{ oldPassword: 'Demo12345', password: 'New12345a', confirm: 'New12345b' }, AuthMessage.PasswordMismatch],
        [{ oldPassword: 'Demo12345', password: 'Demo12345', confirm: 'Demo12345' }, AuthMessage.PasswordSameAsOld],
        [{ oldPassword: 'Demo12345', password: 'x'.repeat(10_000), confirm: 'x' }, AuthMessage.PasswordRule],
      ];
      for (const [body, message] of cases) expectError(await client.put(PASSWORD, body), 400, message);
    });

    it('needs a session', async () => {
      expectError(await t.client().put(PASSWORD, { oldPassword: 'Demo12345', password: 'New12345a', confirm: 'New12345a' }), 401);
    });

    it('changes the password, keeps this session and ends the others', async () => {
      await createAccount(t.db, { loginAccount: 'changer2', password: 'Old12345a' });
      const here = t.client();
      const elsewhere = t.client();
      await here.login('changer2', 'Old12345a');
      await elsewhere.login('changer2', 'Old12345a');
      const response = await here.put(PASSWORD, { oldPassword: 'Old12345a', password: 'New12345a', confirm: 'New12345a' });
      expect(response.json()).toEqual({ code: '200', message: AuthMessage.PasswordChanged, data: null });
      expect((await here.get(USER_INFO)).statusCode).toBe(200);
      expect((await elsewhere.get(USER_INFO)).statusCode).toBe(401);
      expect((await t.client().post(LOGIN, { loginAccount: 'changer2', password: 'Old12345a' })).statusCode).toBe(400);
      await t.client().login('changer2', 'New12345a');
    });
  });

  describe('forced password change (10002)', () => {
    /** Logs in a flagged account: the 10002 answer and its token. */
    const forcedLogin = async (loginAccount: string, password = 'Init12345') => {
      const response = await t.client().post(LOGIN, { loginAccount, password, type: 1 });
      expect(response.json()).toEqual({ code: '10002', message: AuthMessage.ForcePasswordChange, data: { changeToken: expect.any(String) } });
      return response.json().data.changeToken as string;
    };
    const forcedBody = (loginAccount: string, changeToken?: string) => ({
      loginAccount,
      oldPassword: 'Init12345',
      newPassword: 'Mine12345',
      confirmPassword: 'Mine12345',
      ...(changeToken === undefined ? {} : { changeToken }),
    });

    it('answers 10002 and a token without a session, then the forced change with it lets the login through', async () => {
      await createAccount(t.db, { loginAccount: 'flagged1', password: 'Init12345', forcePasswordChange: true });
      const client = t.client();
      const first = await client.post(LOGIN, { loginAccount: 'flagged1', password: 'Init12345', type: 1 });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({
        code: '10002',
        message: AuthMessage.ForcePasswordChange,
        data: { changeToken: expect.stringMatching(/^[\w-]{43}$/) },
      });
      expect(first.cookies).toHaveLength(0);
      expect((await client.get(USER_INFO)).statusCode).toBe(401);

      const changed = await client.put(FORCED, forcedBody('flagged1', first.json().data.changeToken));
      expect(changed.json()).toEqual({ code: '200', message: AuthMessage.PasswordChanged, data: null });

      const again = await client.login('flagged1', 'Mine12345');
      expect(again.json().data.loginAccount).toBe('flagged1');
      expect((await client.get(USER_INFO)).statusCode).toBe(200);
    });

    it("refuses the change without a token, with a wrong, expired, reused or other account's token", async () => {
      await createAccount(t.db, { loginAccount: 'flagged4', password: 'Init12345', forcePasswordChange: true });
      await createAccount(t.db, { loginAccount: 'flagged5', password: 'Init12345', forcePasswordChange: true });
      expectError(await t.client().put(FORCED, forcedBody('flagged4')), 400, AuthMessage.ChangeTokenInvalid);
      const madeUp = await t.client().put(FORCED, forcedBody('flagged4', 'made-up-token'));
      expectError(madeUp, 400, AuthMessage.ChangeTokenInvalid);
      expect(madeUp.json().code).toBe(AuthErrorCode.ChangeTokenInvalid);
      // Any account, flagged or not, without its own 10002 login.
      expectError(
        await t.client().put(FORCED, { ...forcedBody('demo', 'made-up-token'), oldPassword: 'Demo12345' }),
        400,
        AuthMessage.ChangeTokenInvalid,
      );
      const otherToken = await forcedLogin('flagged5');
      expectError(await t.client().put(FORCED, forcedBody('flagged4', otherToken)), 400, AuthMessage.ChangeTokenInvalid);

      const expired = await forcedLogin('flagged4');
      await t.db
        .updateTable('passwordChangeTokens')
        .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
        .execute();
      expectError(await t.client().put(FORCED, forcedBody('flagged4', expired)), 400, AuthMessage.ChangeTokenInvalid);

      // A new 10002 login replaces the account's token; the change uses it up.
      const replaced = await forcedLogin('flagged4');
      const token = await forcedLogin('flagged4');
      expectError(await t.client().put(FORCED, forcedBody('flagged4', replaced)), 400, AuthMessage.ChangeTokenInvalid);
      expect((await t.client().put(FORCED, forcedBody('flagged4', token))).json().code).toBe('200');
      expectError(
        await t
          .client()
          .put(FORCED, { ...forcedBody('flagged4', token), oldPassword: 'Mine12345', newPassword: 'Next12345', confirmPassword: 'Next12345' }),
        400,
        AuthMessage.ChangeTokenInvalid,
      );
      await t.client().login('flagged4', 'Mine12345');
      // The account that was never flagged, and the one whose token was refused, keep their passwords.
      await t.client().login('demo');
      expect((await t.client().post(LOGIN, { loginAccount: 'flagged5', password: 'Init12345' })).json().code).toBe('10002');
    });

    it('changes the password once when one token is sent twice at the same time', async () => {
      await createAccount(t.db, { loginAccount: 'flagged6', password: 'Init12345', forcePasswordChange: true });
      const token = await forcedLogin('flagged6');
      const answers = await Promise.all([
        t.client().put(FORCED, forcedBody('flagged6', token)),
        t.client().put(FORCED, forcedBody('flagged6', token)),
      ]);
      expect(answers.map((r) => r.json().code).sort()).toEqual(['200', AuthErrorCode.ChangeTokenInvalid]);
    });

    it('a wrong password of a flagged account is an ordinary failure, without a token', async () => {
      await createAccount(t.db, { loginAccount: 'flagged2', password: 'Init12345', forcePasswordChange: true });
      expect((await t.client().post(LOGIN, { loginAccount: 'flagged2', password: 'Wrong1234' })).json()).toEqual({
        code: LOGIN_FAILED_CODE,
        message: AuthMessage.LoginFailed,
      });
    });

    it('refuses a wrong old password, counting it toward the throttle', async () => {
      await createAccount(t.db, { loginAccount: 'flagged3', password: 'Init12345', forcePasswordChange: true });
      const token = await forcedLogin('flagged3');
      const body = { ...forcedBody('flagged3', token), oldPassword: 'Wrong1234' };
      for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expectError(await t.client().put(FORCED, body), 400, AuthMessage.OldPasswordWrong);
      const refused = await t.client().put(FORCED, { ...body, oldPassword: 'Init12345' });
      expectError(refused, 429, loginLockedMessage(60));
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expectError(await t.client().post(LOGIN, { loginAccount: 'flagged3', password: 'Init12345' }), 429, loginLockedMessage(60));
    });

    it('validates with the forced-change schema', async () => {
      const cases: Array<[unknown, string]> = [
        [{ oldPassword: 'Init12345', newPassword: 'Mine12345', confirmPassword: 'Mine12345', changeToken: 'x' }, AuthMessage.AccountRequired],
        [
          { loginAccount: 'flagged1', oldPassword: 'Init12345', newPassword: 'Mine12345', confirmPassword: 'Other1234', changeToken: 'x' },
          AuthMessage.PasswordMismatch,
        ],
        [
          { loginAccount: 'flagged1', oldPassword: 'Init12345', newPassword: 'Init12345', confirmPassword: 'Init12345', changeToken: 'x' },
          AuthMessage.PasswordSameAsOld,
        ],
        [
          { loginAccount: 'flagged1', oldPassword: 42, newPassword: 'Mine12345', confirmPassword: 'Mine12345', changeToken: 'x' },
          AuthMessage.OldPasswordRequired,
        ],
        [
          {
            loginAccount: 'flagged1',
            oldPassword: 'Init12345',
            newPassword: 'Mine12345',
            confirmPassword: 'Mine12345',
            changeToken: 'x'.repeat(10_000),
          },
          AuthMessage.ChangeTokenInvalid,
        ],
      ];
      for (const [body, message] of cases) expectError(await t.client().put(FORCED, body), 400, message);
    });
  });

  describe('createAccount', () => {
    it('refuses a duplicate account and a weak password with Chinese messages', async () => {
      await expect(createAccount(t.db, { loginAccount: 'demo', password: 'Demo12345' })).rejects.toMatchObject({
        statusCode: 409,
        message: '账号已存在',
      });
      await expect(createAccount(t.db, { loginAccount: 'weakling', password: '12345678' })).rejects.toMatchObject({
        statusCode: 400,
        message: AuthMessage.PasswordRule,
      });
      await expect(createAccount(t.db, { loginAccount: 'ab', password: 'Demo12345' })).rejects.toMatchObject({
        statusCode: 400,
        message: AuthMessage.AccountLength,
      });
    });
  });
});
