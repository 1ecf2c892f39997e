import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { type Message, REALTIME_MAX_SOCKETS_PER_USER, RealtimeCloseCode } from '@portal/contracts/messages';
import { Redis } from 'ioredis';
import { runCli } from '../cli';
import { REPO_ROOT } from '../config';
import { createNotice } from '../modules/messages/service';
import { cliEnv } from '../test/cli';
import { dialects, startApp, type TestApp } from '../test/harness';
import { customerIdOf, itemIdsOf } from '../test/leads';
import { decodeMessage, encodeEvent, encodeEviction } from './bridge';
import { registryKeys } from './registry';
import { call, closeAll, ingest, ingestKeyOf, listen, loginCookie, marker, openSubscribed, type Probe } from './testing';

/** Redis runs on every machine the tests run on (and on CI). */
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** The CLI as an operator runs it, in its own process, on `t`'s database. */
function runCliProcess(t: TestApp, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'server/src/cli.ts'), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'silent', ...cliEnv(t), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('realtime channel messages', () => {
  it('round-trips events and evictions and ignores anything else on the channel', () => {
    const event = { name: 'lead.arrived', payload: { customerId: 1, listKind: 'resource', id: 2 } } as const;
    expect(decodeMessage(encodeEvent(event))).toEqual({ event });
    const eviction = { customerId: 3, member: 'a1b2/7' };
    expect(decodeMessage(encodeEviction(eviction))).toEqual({ eviction });
    for (const text of [
      '',
      'null',
      '{"name":"lead.arrived"}',
      '{"name":"flush.all","payload":{}}',
      '[1]',
      '{"evict":{"customerId":"3","member":"x/1"}}',
      '{"evict":{"customerId":3}}',
    ]) {
      expect(decodeMessage(text)).toBeNull();
    }
  });
});

describe('realtime with Redis unreachable', () => {
  it('starts anyway and delivers to its own sockets until Redis is back', async () => {
    // Nothing listens on port 1: every connection attempt is refused.
    const t = await startApp('sqlite', { redisUrl: 'redis://127.0.0.1:1' });
    const probes: Probe[] = [];
    try {
      const url = await listen(t);
      const probe = await openSubscribed(url, await loginCookie(url, 'demo'));
      probes.push(probe);
      const sent = await createNotice(t.db, t.app.events, { customerId: await customerIdOf(t.db, 'demo'), title: marker('local'), contents: '内容' });
      expect(await probe.next('message')).toEqual({ kind: 'message', topic: 'user', message: sent });
    } finally {
      await closeAll(probes);
      await t.close();
    }
  });
});

describe.each(dialects())('realtime across two instances over Redis on %s', (dialect) => {
  const channel = `portal-test:${randomBytes(6).toString('hex')}`;
  let a: TestApp;
  let b: TestApp;
  let urlA: string;
  let urlB: string;
  let cookieA: string;
  let cookieB: string;
  let keyA: string;
  let itemA: number;
  let demo: number;
  const probes: Probe[] = [];
  const open = async (url: string, cookie: string) => {
    const probe = await openSubscribed(url, cookie);
    probes.push(probe);
    return probe;
  };
  /** A user notice stored and published on `t`. */
  const notice = (t: TestApp, customerId: number | null, label: string): Promise<Message> =>
    createNotice(t.db, t.app.events, { customerId, title: marker(label), contents: '测试通知' });

  beforeAll(async () => {
    // A heartbeat a second: the socket registry's lease is renewed that often.
    a = await startApp(dialect, { redisUrl: REDIS_URL, realtimeChannel: channel, realtimeHeartbeatMs: 1000 });
    // B on A's database (the same SQLite file or PostgreSQL schema), as two instances behind a load balancer.
    b = await startApp(dialect, { redisUrl: REDIS_URL, realtimeChannel: channel, realtimeHeartbeatMs: 1000, database: a.database });
    urlA = await listen(a);
    urlB = await listen(b);
    // Sessions live in the shared database: a login on A is good on B.
    cookieA = await loginCookie(urlA, 'demo');
    cookieB = await loginCookie(urlB, 'demo2');
    keyA = await ingestKeyOf(urlA, cookieA);
    demo = await customerIdOf(a.db, 'demo');
    [itemA] = await itemIdsOf(a.db, demo);
  });
  afterEach(() => closeAll(probes));
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('tells a socket on instance B of a lead ingested on instance A, exactly once per socket', async () => {
    const onB = await open(urlB, cookieA);
    const onA = await open(urlA, cookieA);
    const otherOnB = await open(urlB, cookieB);
    const ingested = await ingest(urlA, keyA, { listKind: 'infoList', itemId: itemA, name: '钱女士', mobile: '13912345678' });
    expect(ingested.status).toBe(201);
    const id = ingested.json.data.id as number;
    const frame = { kind: 'lead', topic: 'user', listKind: 'infoList', id };
    expect(await onB.next('lead', (f) => f.id === id)).toEqual(frame);
    expect(await onA.next('lead', (f) => f.id === id)).toEqual(frame);

    // One publisher, one channel: events keep their order, so after a later marker a duplicate would show.
    const later = await notice(a, demo, 'marker');
    await onA.next('message', (f) => f.message.id === later.id);
    await onB.next('message', (f) => f.message.id === later.id);
    expect(onA.all('lead')).toEqual([frame]);
    expect(onB.all('lead')).toEqual([frame]);
    expect(onA.all('message')).toHaveLength(1);
    expect(otherOnB.all('lead')).toEqual([]);
    expect(otherOnB.all('message')).toEqual([]);
  });

  it('carries system notices and counters from either instance to the sockets of both', async () => {
    const demoOnA = await open(urlA, cookieA);
    const demo2OnB = await open(urlB, cookieB);
    const demo2OnA = await open(urlA, cookieB);
    const system = await notice(b, null, 'system');
    for (const probe of [demoOnA, demo2OnB, demo2OnA]) {
      expect(await probe.next('message', (f) => f.message.id === system.id)).toEqual({ kind: 'message', topic: 'system', message: system });
    }

    // Read-all of demo2's notices on A: the counters reach demo2's socket on B.
    const readAll = await call(urlA, cookieB, 'PUT', '/rest/customer/message/messages/read-all', {});
    expect(readAll.status).toBe(200);
    expect(await demo2OnB.next('counters')).toEqual({ kind: 'counters', topic: 'unread', messages: readAll.json.data.unread });
    await demo2OnA.next('counters');
    expect(demoOnA.all('counters')).toEqual([]);
  });

  it('sends a notice from the CLI (its own process) to the connected customers at once', async () => {
    const demoOnA = await open(urlA, cookieA);
    const demo2OnB = await open(urlB, cookieB);
    const title = marker('cli-system');
    const sent = await runCliProcess(a, ['notice', '--title', title, '--contents', '系统维护通知'], { REDIS_URL, REALTIME_CHANNEL: channel });
    expect(sent).toEqual({ code: 0, stdout: expect.stringContaining(`Published on ${channel}`), stderr: '' });
    for (const probe of [demoOnA, demo2OnB]) {
      const frame = await probe.next('message', (f) => f.message.title === title);
      expect(frame).toEqual({
        kind: 'message',
        topic: 'system',
        message: expect.objectContaining({ title, contents: '系统维护通知', type: 0, status: 0 }),
      });
    }

    // To one account: only its sockets.
    const userTitle = marker('cli-user');
    const toOne = await runCliProcess(a, ['notice', '--title', userTitle, '--contents', '您的账户已开通', '--account', 'demo2'], {
      REDIS_URL,
      REALTIME_CHANNEL: channel,
    });
    expect(toOne.code).toBe(0);
    expect(await demo2OnB.next('message', (f) => f.message.title === userTitle)).toEqual({
      kind: 'message',
      topic: 'user',
      message: expect.objectContaining({ title: userTitle, type: 1 }),
    });
    const later = await notice(a, demo, 'marker');
    await demoOnA.next('message', (f) => f.message.id === later.id);
    expect(demoOnA.all('message').map((f) => f.message.title)).toEqual([title, later.title]);
  });

  describe(`the ${REALTIME_MAX_SOCKETS_PER_USER}-socket bound across instances`, () => {
    let redis: Redis;
    const keys = registryKeys(channel);
    /** The customer's registered sockets, once they number `count` (registration follows the open). */
    const registered = async (customerId: number, count: number): Promise<string[]> => {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const members = await redis.zrange(keys.sockets(customerId), 0, -1);
        if (members.length === count || Date.now() > deadline) return members;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    beforeAll(async () => {
      redis = new Redis(REDIS_URL);
    });
    afterAll(async () => {
      await redis.quit();
    });

    it(`closes the customer's oldest socket on A (${RealtimeCloseCode.TooManySockets}) when an 11th opens on B`, async () => {
      const onA: Probe[] = [];
      for (let i = 0; i < REALTIME_MAX_SOCKETS_PER_USER; i += 1) onA.push(await open(urlA, cookieA));
      expect(await registered(demo, REALTIME_MAX_SOCKETS_PER_USER)).toHaveLength(REALTIME_MAX_SOCKETS_PER_USER);
      const otherOnA = await open(urlA, cookieB);

      const onB = await open(urlB, cookieA);
      expect(await onA[0].closed).toBe(RealtimeCloseCode.TooManySockets);
      expect(await registered(demo, REALTIME_MAX_SOCKETS_PER_USER)).toHaveLength(REALTIME_MAX_SOCKETS_PER_USER);
      // The other nine, the new one and the other customer's socket stay open and keep receiving.
      const own = await notice(b, demo, 'still-open');
      for (const probe of [...onA.slice(1), onB]) await probe.next('message', (f) => f.message.id === own.id);
      expect(otherOnA.closeCode).toBeNull();

      // One more on A: the next oldest goes.
      await open(urlA, cookieA);
      expect(await onA[1].closed).toBe(RealtimeCloseCode.TooManySockets);
      expect(onB.closeCode).toBeNull();
    });

    it('does not count the sockets of an instance whose lease lapsed (a crashed one)', async () => {
      // Ten sockets of an instance that never renewed its lease: as a crashed instance leaves them.
      const crashed = Array.from({ length: REALTIME_MAX_SOCKETS_PER_USER }, (_, i) => `deadbeef0000/${i + 1}`);
      await redis.zadd(keys.sockets(demo), ...crashed.flatMap((member, i) => [-100 + i, member]));

      const probe = await open(urlB, cookieA);
      const members = await registered(demo, 1);
      expect(members).toHaveLength(1);
      expect(members[0]).not.toMatch(/^deadbeef0000\//);
      expect((await probe.request()).kind).toBe('snapshot');
      expect(probe.closeCode).toBeNull();
    });

    it('registers its sockets again when its lease had lapsed (another instance may have dropped them)', async () => {
      const demo2 = await customerIdOf(a.db, 'demo2');
      await open(urlA, cookieB);
      const [member] = await registered(demo2, 1);
      // As after a long pause of instance A: its lease gone and its socket dropped by another instance.
      await redis.hdel(keys.instances, member.slice(0, member.lastIndexOf('/')));
      await redis.zrem(keys.sockets(demo2), member);
      // A's next heartbeat (a second) finds the lease lapsed and registers the socket again.
      expect(await registered(demo2, 1)).toEqual([member]);
    });

    it('forgets a socket when it closes', async () => {
      const probe = await open(urlA, cookieB);
      const demo2 = await customerIdOf(a.db, 'demo2');
      expect(await registered(demo2, 1)).toHaveLength(1);
      await probe.close();
      expect(await registered(demo2, 0)).toEqual([]);
    });
  });

  it('stores a CLI notice without Redis and says when customers will see it', async () => {
    const logs: string[] = [];
    const log = jest.spyOn(console, 'log').mockImplementation((line: string) => void logs.push(line));
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const env = cliEnv(a);
      const title = marker('no-redis');
      expect(await runCli(['notice', '--title', title, '--contents', '内容', '--account', 'demo'], env)).toBe(0);
      expect(logs.join('\n')).toContain('next poll');
      const stored = await call(urlA, cookieA, 'GET', `/rest/customer/message/messages?contents=${encodeURIComponent(title)}`);
      expect(stored.json).toEqual([expect.objectContaining({ title, type: 1, status: 0 })]);

      expect(await runCli(['notice', '--title', title, '--contents', '内容', '--account', 'nobody'], env)).toBe(1);
      expect(await runCli(['notice', '--title', title], env)).toBe(2);
      expect(await runCli(['notice', '--title', ' ', '--contents', '内容'], env)).toBe(1);
      expect(error).toHaveBeenLastCalledWith('标题不能为空');
    } finally {
      log.mockRestore();
      error.mockRestore();
    }
  });
});
