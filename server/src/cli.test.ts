import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AuthMessage, MessageFormType, MessagePlatform } from '@portal/contracts';
import { runCli } from './cli';
import { openDatabase } from './db/database';
import { ServerMessage } from './http/messages';
import { login } from './modules/auth/service';
import { databaseThrottle } from './modules/auth/throttle';
import { sendSuggestion } from './modules/messages/service';
import { ServerEvents } from './realtime/events';

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
});
