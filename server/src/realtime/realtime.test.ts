import { SESSION_COOKIE } from '@portal/contracts';
import { type Message, REALTIME_PATH, RealtimeCloseCode } from '@portal/contracts/messages';
import { insertLead } from '../modules/leads/repo';
import { createNotice } from '../modules/messages/service';
import { dialects, startApp, type TestApp } from '../test/harness';
import { customerIdOf, itemIdsOf, leadRow } from '../test/leads';
import { call, closeAll, ingest, ingestKeyOf, listen, loginCookie, marker, openSocket, openSubscribed, type Probe, RefusedUpgrade } from './testing';
import { withEvents } from './with-events';

/** The four lists' counters out of every kind's: each list counts the stores it shows too (CPC on 竞价资源, ...). */
const pickLists = (c: Record<string, number>) => ({
  feedback: c.feedback! + c.cpc!,
  infoList: c.infoList! + c.todayHeader!,
  resource: c.resource! + c.distribution!,
  baiList: c.baiList,
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(dialects())('realtime socket on %s', (dialect) => {
  let t: TestApp;
  let url: string;
  let cookieA: string;
  let cookieB: string;
  let keyA: string;
  let keyB: string;
  let demo: number;
  let demo2: number;
  let itemA: number;
  let itemB: number;
  const probes: Probe[] = [];

  /** A socket subscribed to `topics` (every topic by default), closed after the test. */
  const open = async (cookie: string, topics?: Parameters<typeof openSubscribed>[2]) => {
    const probe = await openSubscribed(url, cookie, topics);
    probes.push(probe);
    return probe;
  };
  const lead = (item: number, name = '赵先生') => ({ listKind: 'resource', itemId: item, name, mobile: '13812345678' });
  const notice = (customerId: number | null, label = 'notice'): Promise<Message> =>
    createNotice(t.db, t.app.events, { customerId, title: marker(label), contents: '测试通知' });

  beforeAll(async () => {
    t = await startApp(dialect);
    url = await listen(t);
    cookieA = await loginCookie(url, 'demo');
    cookieB = await loginCookie(url, 'demo2');
    keyA = await ingestKeyOf(url, cookieA);
    keyB = await ingestKeyOf(url, cookieB);
    demo = await customerIdOf(t.db, 'demo');
    demo2 = await customerIdOf(t.db, 'demo2');
    [itemA] = await itemIdsOf(t.db, demo);
    [itemB] = await itemIdsOf(t.db, demo2);
  });
  afterEach(() => closeAll(probes));
  afterAll(() => t.close());

  it(`refuses ${REALTIME_PATH} without a live session (401) and from another site's page (403)`, async () => {
    await expect(openSocket(url, null)).rejects.toEqual(new RefusedUpgrade(401));
    await expect(openSocket(url, `${SESSION_COOKIE}=not-a-session`)).rejects.toEqual(new RefusedUpgrade(401));
    await expect(openSocket(url, cookieA, { origin: 'http://evil.example' })).rejects.toEqual(new RefusedUpgrade(403));
    // The whole origin counts: the same host under another scheme or port is another site.
    await expect(openSocket(url, cookieA, { origin: url.replace(/^http:/, 'https:') })).rejects.toEqual(new RefusedUpgrade(403));
    await expect(openSocket(url, cookieA, { origin: 'http://127.0.0.1:1' })).rejects.toEqual(new RefusedUpgrade(403));
    await expect(openSocket(url, cookieA, { origin: 'null' })).rejects.toEqual(new RefusedUpgrade(403));
    // The portal's own page (same origin) is welcome.
    const own = await openSocket(url, cookieA, { origin: url });
    probes.push(own);
    await own.subscribe(['user']);
  });

  it('takes the scheme of the origin from X-Forwarded-Proto only behind a trusted proxy', async () => {
    const proxied = await startApp(dialect, { database: t.database, trustProxy: true });
    try {
      const proxiedUrl = await listen(proxied);
      const https = { origin: proxiedUrl.replace(/^http:/, 'https:'), headers: { 'x-forwarded-proto': 'https' } };
      await expect(openSocket(proxiedUrl, cookieA, { ...https, origin: proxiedUrl })).rejects.toEqual(new RefusedUpgrade(403));
      // The untrusted app does not believe the header.
      await expect(openSocket(url, cookieA, { ...https, origin: url.replace(/^http:/, 'https:') })).rejects.toEqual(new RefusedUpgrade(403));
      const own = await openSocket(proxiedUrl, cookieA, https);
      probes.push(own);
      await own.subscribe(['user']);
    } finally {
      await closeAll(probes);
      await proxied.close();
    }
  });

  it('answers bad frames with an error and keeps the socket open; an oversized frame closes it', async () => {
    const probe = await open(cookieA);
    const errorsAfter = async (send: () => void) => {
      const before = probe.frames.length;
      send();
      return probe.next('error', (frame) => probe.frames.indexOf(frame) >= before);
    };
    expect(await errorsAfter(() => probe.send('not json'))).toEqual({ kind: 'error', message: expect.any(String) });
    await errorsAfter(() => probe.send({ op: 'unknown' }));
    await errorsAfter(() => probe.send({ op: 'subscribe', topics: ['everything'] }));
    await errorsAfter(() => probe.socket.send(Buffer.from([1, 2, 3]), { binary: true }));
    // Still open and answering.
    expect((await probe.request()).kind).toBe('snapshot');
    probe.send(JSON.stringify({ op: 'request', padding: 'x'.repeat(5000) }));
    expect(await probe.closed).toBe(1009);
  });

  it("never sends a customer another customer's events", async () => {
    const a = await open(cookieA);
    const b = await open(cookieB);

    const ingested = await ingest(url, keyB, lead(itemB));
    expect(ingested.status).toBe(201);
    const forB = await notice(demo2, 'for-demo2');
    expect(await b.next('lead', (frame) => frame.id === ingested.json.data.id)).toEqual({
      kind: 'lead',
      topic: 'user',
      listKind: 'resource',
      id: ingested.json.data.id,
    });
    expect(await b.next('message', (frame) => frame.message.id === forB.id)).toEqual({ kind: 'message', topic: 'user', message: forB });

    // Events are delivered in order: once demo has its own marker, anything of demo2's would be there already.
    const forA = await notice(demo, 'for-demo');
    await a.next('message', (frame) => frame.message.id === forA.id);
    expect(a.frames).toEqual([
      { kind: 'subscribed', topics: ['system', 'user', 'unread'] },
      { kind: 'message', topic: 'user', message: forA },
    ]);
    expect(b.all('message').map((frame) => frame.message.id)).toEqual([forB.id]);
  });

  it('publishes after the commit only, and nothing for a rolled-back transaction', async () => {
    const a = await open(cookieA);
    const heard: number[] = [];
    const stop = t.app.events.on('lead.arrived', ({ id }) => heard.push(id));
    try {
      // An ingestion that fails inside its transaction (another customer's project): no event.
      expect((await ingest(url, keyA, lead(itemB))).status).toBe(404);

      // A transaction that publishes and then throws: rolled back, the event discarded.
      let rolledBack = 0;
      await expect(
        withEvents(t.db, t.app.events, async (tx, publish) => {
          rolledBack = await insertLead(tx, leadRow(demo, 'resource'));
          publish('lead.arrived', { customerId: demo, listKind: 'resource', id: rolledBack });
          throw new Error('rollback');
        }),
      ).rejects.toThrow('rollback');
      expect(await t.db.selectFrom('leads').select('id').where('id', '=', rolledBack).executeTakeFirst()).toBeUndefined();

      // Committed: heard only once the transaction is over, by then the row is there.
      const committed = await withEvents(t.db, t.app.events, async (tx, publish) => {
        const id = await insertLead(tx, leadRow(demo, 'resource'));
        publish('lead.arrived', { customerId: demo, listKind: 'resource', id });
        await sleep(200);
        expect(heard).toEqual([]);
        expect(a.all('lead')).toEqual([]);
        return id;
      });
      expect(heard).toEqual([committed]);
      await a.next('lead', (frame) => frame.id === committed);

      // And through the ingestion call.
      const ingested = await ingest(url, keyA, lead(itemA));
      expect(ingested.status).toBe(201);
      await a.next('lead', (frame) => frame.id === ingested.json.data.id);
      expect(a.all('lead').map((frame) => frame.id)).toEqual([committed, ingested.json.data.id]);
      expect(heard).toEqual([committed, ingested.json.data.id]);
    } finally {
      stop();
    }
  });

  it('answers request with the counters and the newest unread notices', async () => {
    const a = await open(cookieA, ['user']);
    const first = await a.request();
    const leadCounts = (await call(url, cookieA, 'GET', '/rest/customer/feedback/unread-counts')).json.data;
    const messageCounts = (await call(url, cookieA, 'GET', '/rest/customer/message/unread-counts')).json.data;
    const unreadList = (await call(url, cookieA, 'GET', '/rest/customer/message/messages?onlyUnread=1&page=1&pageSize=10')).json;
    expect(first).toEqual({ kind: 'snapshot', messages: messageCounts, leads: pickLists(leadCounts), unread: unreadList });

    const fresh = await notice(demo, 'snapshot');
    expect((await ingest(url, keyA, lead(itemA))).status).toBe(201);
    const second = await a.request();
    expect(second.messages).toEqual({ ...first.messages, user: first.messages.user + 1, customer: first.messages.customer + 1 });
    expect(second.leads).toEqual({ ...first.leads, resource: first.leads.resource + 1 });
    expect(second.unread[0]).toEqual(fresh);
    expect(second.unread.length).toBeLessThanOrEqual(10);
  });

  it("sends a lead action's new counters to the customer's other tabs", async () => {
    const tab = await open(cookieA, ['unread']);
    const userOnly = await open(cookieA, ['user']);
    const other = await open(cookieB);
    const ingested = await ingest(url, keyA, lead(itemA));
    const read = await call(url, cookieA, 'PUT', `/rest/customer/feedback/resource/${ingested.json.data.id}/read`);
    expect(read.status).toBe(200);
    const counters = await tab.next('counters');
    expect(counters).toEqual({ kind: 'counters', topic: 'unread', leads: pickLists(read.json.data.unread) });

    // A failed action (another customer's lead) changes nothing and publishes nothing.
    expect((await call(url, cookieB, 'PUT', `/rest/customer/feedback/resource/${ingested.json.data.id}/unread`)).status).toBe(404);
    const unread = await call(url, cookieA, 'PUT', `/rest/customer/feedback/resource/${ingested.json.data.id}/unread`);
    await tab.next('counters', (frame) => frame.leads?.resource === pickLists(unread.json.data.unread).resource);
    expect(tab.all('counters')).toHaveLength(2);
    expect(userOnly.all('counters')).toEqual([]);
    expect(other.all('counters')).toEqual([]);
  });

  it('sends a system notice to every customer subscribed to system, and to no one else', async () => {
    const a = await open(cookieA, ['system']);
    const b = await open(cookieB);
    const userOnly = await open(cookieA, ['user', 'unread']);
    const system = await notice(null, 'system');
    expect(system.type).toBe(0);
    expect(await a.next('message')).toEqual({ kind: 'message', topic: 'system', message: system });
    expect(await b.next('message')).toEqual({ kind: 'message', topic: 'system', message: system });
    const own = await notice(demo, 'user');
    await userOnly.next('message', (frame) => frame.message.id === own.id);
    expect(userOnly.all('message')).toEqual([{ kind: 'message', topic: 'user', message: own }]);
    // The user notice went to the user topic only.
    expect(a.all('message')).toHaveLength(1);
  });

  it(`closes the oldest socket with ${RealtimeCloseCode.TooManySockets} when a customer opens an 11th`, async () => {
    const other = await open(cookieB);
    const sockets: Probe[] = [];
    for (let i = 0; i < 10; i += 1) sockets.push(await open(cookieA, ['user']));
    const eleventh = await open(cookieA, ['user']);
    expect(await sockets[0].closed).toBe(RealtimeCloseCode.TooManySockets);
    // The others, and the other customer's, stay open and keep receiving.
    const own = await notice(demo, 'still-open');
    for (const probe of [...sockets.slice(1), eleventh]) await probe.next('message', (frame) => frame.message.id === own.id);
    expect(other.closeCode).toBeNull();
    expect((await other.request()).kind).toBe('snapshot');
  });

  it(`closes a socket that does not read its frames with ${RealtimeCloseCode.TooSlow} instead of buffering without bound`, async () => {
    const slow = await open(cookieA, ['user']);
    const fast = await open(cookieA, ['user']);
    slow.socket.pause();
    const big: Message = { id: 0, title: 'big', contents: 'x'.repeat(64 * 1024), createTime: '2024-01-01 00:00:00', type: 1, status: 0 };
    // 25 MB for a socket that reads nothing: far past the kernel's buffers and the 1 MB bound. In
    // batches of 640 KB that the reading socket takes in before the next (it stays under the bound).
    for (let batch = 0; batch < 40; batch += 1) {
      for (let i = 1; i <= 10; i += 1) t.app.events.emit('message.arrived', { customerId: demo, message: { ...big, id: batch * 10 + i } });
      await fast.next('message', (frame) => frame.message.id === batch * 10 + 10);
    }
    slow.socket.resume();
    expect(await slow.closed).toBe(RealtimeCloseCode.TooSlow);
    expect(slow.all('message').length).toBeLessThan(400);
    expect(fast.closeCode).toBeNull();
  });
});

describe.each(dialects())('realtime heartbeat and session end on %s', (dialect) => {
  let t: TestApp;
  let url: string;
  const probes: Probe[] = [];

  beforeAll(async () => {
    t = await startApp(dialect, { realtimeHeartbeatMs: 1000 });
    url = await listen(t);
  });
  afterEach(() => closeAll(probes));
  afterAll(() => t.close());

  it('terminates a socket that stops answering pings, and keeps one that answers', async () => {
    const cookie = await loginCookie(url, 'demo');
    const dead = await openSocket(url, cookie, { autoPong: false });
    const live = await openSocket(url, cookie);
    probes.push(dead, live);
    // Terminated, not closed: no close frame (1006 on the client's side).
    expect(await dead.closed).toBe(1006);
    expect(live.closeCode).toBeNull();
    await live.subscribe(['user']);
    expect((await live.request()).kind).toBe('snapshot');
  });

  it(`closes the sockets of a session that logged out with ${RealtimeCloseCode.Unauthorized}, not the others`, async () => {
    const leaving = await loginCookie(url, 'demo');
    const staying = await loginCookie(url, 'demo');
    const gone = await openSubscribed(url, leaving);
    const kept = await openSubscribed(url, staying);
    probes.push(gone, kept);
    expect((await call(url, leaving, 'POST', '/rest/customer/logout')).status).toBe(200);
    expect(await gone.closed).toBe(RealtimeCloseCode.Unauthorized);
    // Let a few more heartbeats pass: the live session's socket stays.
    await sleep(2500);
    expect(kept.closeCode).toBeNull();
    expect((await kept.request()).kind).toBe('snapshot');
    await expect(openSocket(url, leaving)).rejects.toEqual(new RefusedUpgrade(401));
  });
});
