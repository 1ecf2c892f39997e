import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AuthMessage, MessageFormType, MessagePlatform, PlatformMessage } from '@portal/contracts';
import { runCli } from './cli';
import { openDatabase } from './db/database';
import { ServerMessage } from './http/messages';
import { createAccount, login } from './modules/auth/service';
import { ssoTokenHash } from './modules/auth/sso';
import { databaseThrottle } from './modules/auth/throttle';
import { sendSuggestion } from './modules/messages/service';
import { ServerEvents } from './realtime/events';
import { dialects, startApp, type TestApp } from './test/harness';

describe('cli', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let errors: jest.SpyInstance;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cli-'));
    env = { SQLITE_PATH: path.join(dir, 'cli.sqlite') };
    errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'log').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.restoreAllMocks();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const signIn = async (loginAccount: string, password: string) => {
    const db = openDatabase({ dialect: 'sqlite', path: env.SQLITE_PATH! });
    try {
      const ctx = { db, events: new ServerEvents(), throttle: databaseThrottle(db), address: '127.0.0.1', log: console };
      return await login(ctx, { loginAccount, password });
    } finally {
      await db.destroy();
    }
  };

  it('creates an account that can log in', async () => {
    expect(await runCli(['create-account', 'newbie', 'Start12345'], env)).toBe(0);
    expect(await signIn('newbie', 'Start12345')).toEqual({ kind: 'signed-in', customerId: expect.any(Number) });
  });

  it('creates an account that must change its password with --force-change', async () => {
    expect(await runCli(['create-account', 'flagged', 'Start12345', '--force-change'], env)).toBe(0);
    expect(await signIn('flagged', 'Start12345')).toEqual({ kind: 'must-change-password', changeToken: expect.any(String) });
  });

  it('refuses a duplicate, a weak password and a bad account with the portal message', async () => {
    expect(await runCli(['create-account', 'twice', 'Start12345'], env)).toBe(0);
    expect(await runCli(['create-account', 'twice', 'Start12345'], env)).toBe(1);
    expect(errors).toHaveBeenLastCalledWith(ServerMessage.AccountExists);
    expect(await runCli(['create-account', 'weak', '12345678'], env)).toBe(1);
    expect(errors).toHaveBeenLastCalledWith(AuthMessage.PasswordRule);
    expect(await runCli(['create-account', 'ab', 'Start12345'], env)).toBe(1);
    expect(errors).toHaveBeenLastCalledWith(AuthMessage.AccountLength);
  });

  it('prints the usage for unknown commands and missing arguments', async () => {
    expect(await runCli([], env)).toBe(2);
    expect(await runCli(['drop-everything'], env)).toBe(2);
    expect(await runCli(['create-account', 'only-account'], env)).toBe(2);
    expect(await runCli(['create-account', 'a', 'b', '--unknown'], env)).toBe(2);
    expect(fs.existsSync(env.SQLITE_PATH!)).toBe(false);
  });

  it("sets an account's manual-assignment mode, and refuses an unknown account or mode", async () => {
    expect(await runCli(['create-account', 'pusher', 'Start12345'], env)).toBe(0);
    expect(await runCli(['assign-mode', '--account', 'pusher', '--mode', '3'], env)).toBe(0);
    expect(await runCli(['assign-mode', '--account', 'pusher', '--mode', '2'], env)).toBe(0);
    const db = openDatabase({ dialect: 'sqlite', path: env.SQLITE_PATH! });
    try {
      const row = await db
        .selectFrom('customerSettings')
        .innerJoin('customers', 'customers.id', 'customerSettings.customerId')
        .select('assignResourceType')
        .where('loginAccount', '=', 'pusher')
        .executeTakeFirstOrThrow();
      expect(row.assignResourceType).toBe(2);
    } finally {
      await db.destroy();
    }
    expect(await runCli(['assign-mode', '--account', 'nobody', '--mode', '3'], env)).toBe(1);
    expect(await runCli(['assign-mode', '--account', 'pusher', '--mode', '4'], env)).toBe(2);
  });

  it('prints the suggestions customers sent, newest first, for the operator', async () => {
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    expect(await runCli(['create-account', 'adviser', 'Start12345'], env)).toBe(0);
    expect(await runCli(['suggestions'], env)).toBe(0);
    expect(log).toHaveBeenLastCalledWith('No suggestions yet.');

    const db = openDatabase({ dialect: 'sqlite', path: env.SQLITE_PATH! });
    try {
      const { id } = await db.selectFrom('customers').select('id').where('loginAccount', '=', 'adviser').executeTakeFirstOrThrow();
      await sendSuggestion(db, id, { type: MessageFormType.Suggestion, platform: MessagePlatform.LoggedIn, content: '希望增加\n线索导出字段' });
      await sendSuggestion(db, id, { type: MessageFormType.Suggestion, platform: MessagePlatform.LoggedIn, content: '报表页面加载有点慢' });
    } finally {
      await db.destroy();
    }
    log.mockClear();
    expect(await runCli(['suggestions', '--limit', '5'], env)).toBe(0);
    const lines = log.mock.calls.map(([line]) => String(line));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^#\d+ \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} adviser type 9: 报表页面加载有点慢$/);
    expect(lines[1]).toContain('adviser type 9: 希望增加 线索导出字段');
    expect(await runCli(['suggestions', '--limit', '0'], env)).toBe(2);
  });

  describe('ledger', () => {
    const withDb = async <T>(work: (db: ReturnType<typeof openDatabase>) => Promise<T>): Promise<T> => {
      const db = openDatabase({ dialect: 'sqlite', path: env.SQLITE_PATH! });
      try {
        return await work(db);
      } finally {
        await db.destroy();
      }
    };
    /** Two accounts with one project each (price 100 yuan a lead); returns the project ids. */
    const setUp = async (): Promise<{ mine: number; theirs: number }> => {
      expect(await runCli(['create-account', 'ledgerA', 'Start12345'], env)).toBe(0);
      expect(await runCli(['create-account', 'ledgerB', 'Start12345'], env)).toBe(0);
      return withDb(async (db) => {
        const ids: number[] = [];
        for (const account of ['ledgerA', 'ledgerB']) {
          const { id: customerId } = await db.selectFrom('customers').select('id').where('loginAccount', '=', account).executeTakeFirstOrThrow();
          const { id } = await db
            .insertInto('items')
            .values({ customerId, title: `${account}项目`, status: 1, modeType: null, unitPrice: 100_00 })
            .returning('id')
            .executeTakeFirstOrThrow();
          ids.push(id);
        }
        return { mine: ids[0]!, theirs: ids[1]! };
      });
    };

    it('tops up a project of the account and refuses a project of another account', async () => {
      const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
      const { mine, theirs } = await setUp();
      expect(
        await runCli(
          [
            'ledger',
            'topup',
            '--account',
            'ledgerA',
            '--item',
            String(mine),
            '--money',
            '5000.5',
            '--type',
            '2',
            '--remark',
            '首充',
            '--date',
            '2025-03-01',
          ],
          env,
        ),
      ).toBe(0);
      expect(log).toHaveBeenLastCalledWith(expect.stringContaining('5000.50 yuan'));
      expect(await runCli(['ledger', 'topup', '--account', 'ledgerA', '--item', String(theirs), '--money', '10'], env)).toBe(1);
      expect(errors).toHaveBeenLastCalledWith(PlatformMessage.ItemNotFound);
      expect(await runCli(['ledger', 'topup', '--account', 'nobody', '--item', String(mine), '--money', '10'], env)).toBe(1);
      for (const bad of [
        ['--money', '1.005'],
        ['--money', '-3'],
        ['--money', '10', '--type', '3'],
        ['--money', '10', '--date', '2025-02-30'],
        ['--money', '10', '--item', '01'],
      ]) {
        expect(await runCli(['ledger', 'topup', '--account', 'ledgerA', '--item', String(mine), ...bad], env)).toBe(2);
      }
      await withDb(async (db) => {
        const topups = await db.selectFrom('ledgerTopups').select(['itemId', 'money', 'type', 'payTime', 'remark']).execute();
        expect(topups).toEqual([{ itemId: mine, money: 500_050, type: 2, payTime: '2025-03-01', remark: '首充' }]);
        const account = await db.selectFrom('ledgerAccounts').select(['toppedUp', 'consumed']).where('itemId', '=', mine).executeTakeFirstOrThrow();
        expect({ toppedUp: Number(account.toppedUp), consumed: Number(account.consumed) }).toEqual({ toppedUp: 500_050, consumed: 0 });
      });
    });

    it('books a day from the lead rollups once, however often it runs', async () => {
      const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
      const { mine, theirs } = await setUp();
      expect(await runCli(['ledger', 'topup', '--account', 'ledgerA', '--item', String(mine), '--money', '5000'], env)).toBe(0);
      expect(await runCli(['ledger', 'topup', '--account', 'ledgerB', '--item', String(theirs), '--money', '5000'], env)).toBe(0);
      await withDb(async (db) => {
        const rows = await db.selectFrom('items').select(['id', 'customerId']).execute();
        for (const item of rows) {
          await db
            .insertInto('leadDayCounts')
            .values([
              { customerId: item.customerId, leadGroup: 'smart', day: '2025-03-01', itemId: item.id, receiver: '', count: 3 },
              { customerId: item.customerId, leadGroup: 'cpc', day: '2025-03-01', itemId: item.id, receiver: '张丽', count: 2 },
            ])
            .execute();
        }
      });
      log.mockClear();
      expect(await runCli(['ledger', 'consume', '--date', '2025-03-01', '--account', 'ledgerA'], env)).toBe(0);
      expect(log.mock.calls.map(([line]) => String(line))).toEqual([
        expect.stringMatching(new RegExp(`^Booked 2025-03-01 project ${mine}: 500\\.00 yuan; balance 4500\\.00 yuan`)),
        'Booked 1 project(s) for 2025-03-01; 0 already booked.',
      ]);
      log.mockClear();
      expect(await runCli(['ledger', 'consume', '--date', '2025-03-01'], env)).toBe(0);
      expect(log).toHaveBeenLastCalledWith('Booked 1 project(s) for 2025-03-01; 1 already booked.');
      expect(await runCli(['ledger', 'consume', '--date', '2025-03-01'], env)).toBe(0);
      expect(log).toHaveBeenLastCalledWith('Booked 0 project(s) for 2025-03-01; 2 already booked.');
      expect(await runCli(['ledger', 'consume'], env)).toBe(2);
      expect(await runCli(['ledger', 'consume', '--date', '2025-13-01'], env)).toBe(2);
      expect(await runCli(['ledger', 'refund'], env)).toBe(2);
      await withDb(async (db) => {
        const booked = await db
          .selectFrom('ledgerConsumptions')
          .select(['itemId', 'costMoney', 'cpCostMoney', 'jpCostMoney', 'costCoin'])
          .orderBy('itemId')
          .execute();
        expect(
          booked.map((row) => ({
            ...row,
            costMoney: Number(row.costMoney),
            cpCostMoney: Number(row.cpCostMoney),
            jpCostMoney: Number(row.jpCostMoney),
            costCoin: Number(row.costCoin),
          })),
        ).toEqual([
          { itemId: mine, costMoney: 500_00, cpCostMoney: 200_00, jpCostMoney: 300_00, costCoin: 1000 },
          { itemId: theirs, costMoney: 500_00, cpCostMoney: 200_00, jpCostMoney: 300_00, costCoin: 1000 },
        ]);
        const account = await db.selectFrom('ledgerAccounts').select('consumed').where('itemId', '=', mine).executeTakeFirstOrThrow();
        expect(Number(account.consumed)).toBe(500_00);
      });
    });
  });
});

describe.each(dialects())('the first account of a production database on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // What `npm run serve` leaves: a migrated database without any account.
    t = await startApp(dialect, { seed: false });
  });
  afterAll(() => t.close());

  it('comes from create-account, and logs in to the portal', async () => {
    jest.spyOn(console, 'log').mockImplementation(() => undefined);
    const env: NodeJS.ProcessEnv =
      t.database.dialect === 'sqlite' ? { SQLITE_PATH: t.database.path } : { DATABASE_URL: t.database.url, DATABASE_SCHEMA: t.database.schema };
    expect(await t.db.selectFrom('customers').select('id').execute()).toEqual([]);
    const login = () => t.client().post('/rest/customer/login', { loginAccount: 'owner', password: 'Start12345', type: 1 });
    expect((await login()).statusCode).toBe(400);

    expect(await runCli(['create-account', 'owner', 'Start12345'], env)).toBe(0);
    const answer = await login();
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({ loginAccount: 'owner' });
    jest.restoreAllMocks();
  });
});

describe.each(dialects())('sso-link on %s', (dialect) => {
  let t: TestApp;
  let env: NodeJS.ProcessEnv;
  let logs: jest.SpyInstance;
  let errors: jest.SpyInstance;
  beforeAll(async () => {
    t = await startApp(dialect);
    env = t.database.dialect === 'sqlite' ? { SQLITE_PATH: t.database.path } : { DATABASE_URL: t.database.url, DATABASE_SCHEMA: t.database.schema };
  });
  afterAll(() => t.close());
  beforeEach(() => {
    logs = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  /** The one line the command printed on stdout. */
  const printedLink = (): URL => {
    expect(logs).toHaveBeenCalledTimes(1);
    return new URL(String(logs.mock.calls[0][0]));
  };

  it('prints a link to /login whose token logs the account in once', async () => {
    expect(await runCli(['sso-link', '--account', 'demo2', '--origin', 'https://vip.qudao.com'], env)).toBe(0);
    const link = printedLink();
    expect(`${link.origin}${link.pathname}`).toBe('https://vip.qudao.com/login');
    expect([...link.searchParams.keys()]).toEqual(['sso']);
    const token = link.searchParams.get('sso')!;
    expect(token).toMatch(/^[\w-]{43}$/);

    const client = t.client();
    const login = await client.post('/rest/customer/sso-login', { token });
    expect(login.json()).toMatchObject({ code: '200', data: { loginAccount: 'demo2' } });
    expect((await client.get('/rest/customer/user-info')).json().data.loginAccount).toBe('demo2');
    expect((await t.client().post('/rest/customer/sso-login', { token })).statusCode).toBe(400);
  });

  it('makes a link that lives 5 minutes by default, and as many as asked up to 15', async () => {
    const lifetimes: number[] = [];
    for (const args of [[], ['--minutes', '15'], ['--minutes', '1']]) {
      logs.mockClear();
      expect(await runCli(['sso-link', '--account', 'demo', ...args], env)).toBe(0);
      const link = printedLink();
      expect(link.origin).toBe('http://localhost:8080');
      const row = await t.db
        .selectFrom('ssoTokens')
        .select(['expiresAt', 'createdAt'])
        .where('tokenHash', '=', ssoTokenHash(link.searchParams.get('sso')!))
        .executeTakeFirstOrThrow();
      lifetimes.push((Date.parse(row.expiresAt) - Date.parse(row.createdAt)) / 60_000);
    }
    expect(lifetimes).toEqual([5, 15, 1]);
  });

  it('refuses an unknown account and an account that must change its password', async () => {
    expect(await runCli(['sso-link', '--account', 'nobody'], env)).toBe(1);
    expect(errors).toHaveBeenLastCalledWith('No account nobody.');
    await createAccount(t.db, { loginAccount: 'ssoforced', password: 'Start12345', forcePasswordChange: true });
    expect(await runCli(['sso-link', '--account', 'ssoforced'], env)).toBe(1);
    expect(logs).not.toHaveBeenCalled();
  });

  it('prints the usage for a missing account, a lifetime outside 1 to 15 minutes or an origin with a path', async () => {
    for (const args of [
      [],
      ['--account'],
      ['--account', 'demo', '--minutes', '0'],
      ['--account', 'demo', '--minutes', '16'],
      ['--account', 'demo', '--minutes', '5.5'],
      ['--account', 'demo', '--minutes', 'abc'],
      ['--account', 'demo', '--origin', 'ftp://vip.qudao.com'],
      ['--account', 'demo', '--origin', 'https://vip.qudao.com/evil?x=1'],
      ['--account', 'demo', '--origin', 'https://user@vip.qudao.com'],
      ['--account', 'demo', 'extra'],
    ]) {
      expect([args, await runCli(['sso-link', ...args], env)]).toEqual([args, 2]);
    }
    expect(logs).not.toHaveBeenCalled();
  });
});
