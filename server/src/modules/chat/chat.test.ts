import { randomBytes } from 'node:crypto';
import { ResType } from '@portal/contracts';
import { CHAT_LIMITS, CHAT_MESSAGE_MAX, CHAT_TOKEN_HEADER, CHAT_VISITOR_GONE_MS, ChatMessage } from '@portal/contracts/chat';
import type { LightMyRequestResponse } from 'fastify';
import type { ServerEventMap } from '../../realtime/events';
import { call, closeAll, listen, loginCookie, openSubscribed, type Probe } from '../../realtime/testing';
import { dialects, expectError, startApp, type TestApp, type TestClient, useDemoApp } from '../../test/harness';
import { customerIdOf, itemIdsOf } from '../../test/leads';

const VISITOR = '/rest/public/chat';
const CUSTOMER = '/rest/customer/chat';

interface Visitor {
  conversationId: number;
  token: string;
  visitorName: string;
}

describe.each(dialects())('the live smart chat on %s', (dialect) => {
  const suite = useDemoApp(dialect);
  let aId: number;
  let bId: number;
  let aKey: string;
  let visitorClient: TestClient;

  const db = () => suite.t.db;
  const newKey = async (client: TestClient = suite.a, itemId?: number): Promise<{ id: number; key: string }> => {
    const response = await client.post(`${CUSTOMER}/keys`, { itemId: itemId ?? (await itemIdsOf(db(), aId))[0] });
    expect(response.statusCode).toBe(201);
    return response.json();
  };
  const start = async (key: string = aKey, extra: Record<string, unknown> = {}): Promise<Visitor> => {
    const response = await visitorClient.post(`${VISITOR}/conversations`, { key, pageUrl: 'https://lp.example.cn/a.html', ...extra });
    expect(response.statusCode).toBe(201);
    return response.json();
  };
  const asVisitor = (visitor: Pick<Visitor, 'token'> | string) => ({
    headers: { [CHAT_TOKEN_HEADER]: typeof visitor === 'string' ? visitor : visitor.token },
  });
  const say = (visitor: Visitor | string, message: unknown): Promise<LightMyRequestResponse> =>
    visitorClient.post(`${VISITOR}/messages`, { message }, asVisitor(visitor));
  const pollOf = async (visitor: Visitor, after = 0) => {
    const response = await visitorClient.get(`${VISITOR}/messages`, { ...asVisitor(visitor), query: { after: String(after) } });
    expect(response.statusCode).toBe(200);
    return response.json() as { messages: Array<{ id: number; message: string; className: string; targetId: number }>; open: boolean };
  };
  const messageCount = async (conversationId: number): Promise<number> =>
    (await db().selectFrom('chatMessages').select('id').where('conversationId', '=', conversationId).execute()).length;
  const chatLeads = (customerId: number) =>
    db()
      .selectFrom('leads')
      .selectAll()
      .where('customerId', '=', customerId)
      .where('resType', '=', ResType.SmartChat)
      .where('source', '=', '在线咨询')
      .execute();

  beforeAll(async () => {
    aId = await customerIdOf(db(), 'demo');
    bId = await customerIdOf(db(), 'demo2');
    aKey = (await newKey()).key;
    visitorClient = suite.t.client();
  });

  it('refuses unknown, malformed and revoked keys in Chinese and stores nothing', async () => {
    const before = (await db().selectFrom('chatConversations').select('id').execute()).length;
    const unknown = randomBytes(24).toString('base64url');
    expectError(await visitorClient.post(`${VISITOR}/conversations`, { key: unknown }), 400, ChatMessage.KeyInvalid);
    expectError(await visitorClient.post(`${VISITOR}/conversations`, { key: 'short' }), 400, ChatMessage.KeyInvalid);
    expectError(await visitorClient.post(`${VISITOR}/conversations`, {}), 400, ChatMessage.KeyInvalid);
    const revoked = await newKey();
    await start(revoked.key);
    const revoke = await suite.a.post(`${CUSTOMER}/keys/${revoked.id}/revoke`);
    expect(revoke.json()).toMatchObject({ id: revoked.id, status: 'revoked' });
    expectError(await visitorClient.post(`${VISITOR}/conversations`, { key: revoked.key }), 400, ChatMessage.KeyInvalid);
    expect((await db().selectFrom('chatConversations').select('id').execute()).length).toBe(before + 1);
  });

  it('answers the visitor calls cross-origin without cookies: the preflight and Access-Control-Allow-Origin', async () => {
    const preflight = await suite.t.app.inject({
      method: 'OPTIONS',
      url: `${VISITOR}/messages`,
      headers: {
        origin: 'https://lp.example.cn',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-chat-token',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('x-chat-token');
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    const visitor = await start();
    const sent = await say(visitor, '你好');
    expect(sent.statusCode).toBe(201);
    expect(sent.headers['access-control-allow-origin']).toBe('*');
    expect(sent.headers['set-cookie']).toBeUndefined();
  });

  it('lets a visitor token read and write its own conversation only', async () => {
    const one = await start();
    const two = await start();
    expect(one.visitorName).toMatch(/^访客\d{4}$/);
    expect(one.token).not.toBe(two.token);
    expect((await say(one, '我是一号')).statusCode).toBe(201);
    expect((await say(two, '我是二号')).statusCode).toBe(201);
    expect((await pollOf(one)).messages.map((m) => [m.message, m.targetId])).toEqual([['我是一号', one.conversationId]]);
    expect((await pollOf(two)).messages.map((m) => [m.message, m.targetId])).toEqual([['我是二号', two.conversationId]]);
    // No token, a malformed one, an unknown one: 401, nothing read or written.
    for (const token of [undefined, 'x', randomBytes(32).toString('base64url')]) {
      const options = token === undefined ? {} : asVisitor(token);
      expectError(await visitorClient.get(`${VISITOR}/messages`, options), 401, ChatMessage.TokenInvalid);
      expectError(await visitorClient.post(`${VISITOR}/messages`, { message: '偷看' }, options), 401, ChatMessage.TokenInvalid);
      expectError(await visitorClient.post(`${VISITOR}/phone`, { phone: '13800138000' }, options), 401, ChatMessage.TokenInvalid);
    }
    // The token is stored only as its hash.
    const row = await db().selectFrom('chatConversations').selectAll().where('id', '=', one.conversationId).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(one.token);
    // A logged-in customer's session gives a visitor call nothing either.
    expectError(await suite.a.get(`${VISITOR}/messages`), 401, ChatMessage.TokenInvalid);
    expect(await messageCount(one.conversationId)).toBe(1);
  });

  it("keeps customer B out of A's conversations and keys (404) and out of B's list", async () => {
    const { a, b } = suite;
    const visitor = await start();
    await say(visitor, '找A的');
    const id = visitor.conversationId;
    expect((await a.get(`${CUSTOMER}/conversations/${id}`)).statusCode).toBe(200);
    expectError(await b.get(`${CUSTOMER}/conversations/${id}`), 404, ChatMessage.ConversationNotFound);
    expectError(await b.get(`${CUSTOMER}/conversations/${id}/messages`), 404, ChatMessage.ConversationNotFound);
    expectError(await b.post(`${CUSTOMER}/conversations/${id}/messages`, { message: 'B的回复' }), 404, ChatMessage.ConversationNotFound);
    expectError(await b.post(`${CUSTOMER}/conversations/${id}/read`), 404, ChatMessage.ConversationNotFound);
    expectError(await b.post(`${CUSTOMER}/conversations/${id}/close`), 404, ChatMessage.ConversationNotFound);
    const aKeys = (await a.get(`${CUSTOMER}/keys`)).json() as Array<{ id: number }>;
    expectError(await b.post(`${CUSTOMER}/keys/${aKeys[0]!.id}/revoke`), 404, ChatMessage.KeyNotFound);
    expect((await b.get(`${CUSTOMER}/keys`)).json()).toEqual([]);
    expectError(await b.post(`${CUSTOMER}/keys`, {}), 400, ChatMessage.ItemInvalid);
    const [aItem] = await itemIdsOf(db(), aId);
    expectError(await b.post(`${CUSTOMER}/keys`, { itemId: aItem }), 404, ChatMessage.ItemInvalid);
    expect(((await b.get(`${CUSTOMER}/conversations`)).json() as Array<{ id: number }>).map((row) => row.id)).not.toContain(id);
    expect((await b.get(`${CUSTOMER}/unread`)).json()).toEqual({ totalUnread: 0 });
    // Nothing changed: still open, unread, only the visitor's message, the key active.
    const after = (await a.get(`${CUSTOMER}/conversations/${id}`)).json();
    expect(after).toMatchObject({ status: 'open', unread: 1, lastMessage: '找A的' });
    expect(await messageCount(id)).toBe(1);
    expect(((await a.get(`${CUSTOMER}/keys`)).json() as Array<{ key: string; status: string }>).find((row) => row.key === aKey)?.status).toBe(
      'active',
    );
    expect(bId).not.toBe(aId);
  });

  it('makes one resType 2 lead of a conversation under 20 concurrent phone messages; a later number is its other contact', async () => {
    const [, secondItem] = await itemIdsOf(db(), aId);
    const key = await newKey(suite.a, secondItem);
    const visitor = await start(key.key, { referrer: 'https://www.baidu.com/s?wd=x' });
    expect((await say(visitor, '想了解加盟费用')).statusCode).toBe(201);
    const before = (await chatLeads(aId)).length;
    const arrived: Array<ServerEventMap['lead.arrived']> = [];
    const stop = suite.t.app.events.on('lead.arrived', (payload) => arrived.push(payload));
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => say(visitor, `我的电话 13800138123，第${i}条`)));
      expect(answers.map((response) => response.statusCode)).toEqual(Array(20).fill(201));
    } finally {
      stop();
    }
    const leads = await chatLeads(aId);
    expect(leads).toHaveLength(before + 1);
    const conversation = await db().selectFrom('chatConversations').selectAll().where('id', '=', visitor.conversationId).executeTakeFirstOrThrow();
    const lead = leads.find((row) => row.id === conversation.leadId)!;
    expect(lead).toMatchObject({
      resType: ResType.SmartChat,
      listKind: 'resource',
      mobile: '13800138123',
      name: visitor.visitorName,
      itemId: secondItem,
      pageUrl: 'https://lp.example.cn/a.html',
      referrerUrl: 'https://www.baidu.com/s?wd=x',
    });
    expect(lead.content).toContain('访客');
    expect(lead.content).toContain('想了解加盟费用');
    expect(lead.content).toContain('我的电话 13800138123');
    expect(arrived.filter((event) => event.id === lead.id)).toEqual([{ customerId: aId, listKind: 'resource', id: lead.id }]);
    // On the intelligent-investment list like any lead, the conversation in its content.
    const listed = await suite.a.get('/rest/customer/feedback/resource', { query: { phone: '13800138123' } });
    expect(listed.statusCode).toBe(200);
    expect(JSON.stringify(listed.json())).toContain('想了解加盟费用');
    // Counted in the report rollups like every arriving lead.
    const counted = await db().selectFrom('leadDayCounts').selectAll().where('customerId', '=', aId).where('itemId', '=', secondItem).execute();
    expect(counted.length).toBeGreaterThan(0);

    // A later different number: the same lead's other contact, no second lead; the phone form too.
    expect((await say(visitor, '或者打这个 13900139000')).statusCode).toBe(201);
    expect((await visitorClient.post(`${VISITOR}/phone`, { phone: '13800138123', name: '王先生' }, asVisitor(visitor))).json()).toEqual({
      saved: true,
    });
    const updated = await db().selectFrom('leads').selectAll().where('id', '=', lead.id).executeTakeFirstOrThrow();
    expect(updated).toMatchObject({ mobile: '13800138123', other: '13900139000', name: '王先生' });
    expect((await chatLeads(aId)).length).toBe(before + 1);
    expect((await suite.a.get(`${CUSTOMER}/conversations/${visitor.conversationId}`)).json()).toMatchObject({
      phone: '13800138123',
      leadId: lead.id,
      itemId: secondItem,
    });
  });

  it("makes a lead of the phone form alone, for the customer's first project once the key's project is gone", async () => {
    const [, secondItem] = await itemIdsOf(db(), aId);
    const key = await newKey(suite.a, secondItem);
    await db().updateTable('chatKeys').set({ itemId: null }).where('id', '=', key.id).execute();
    const visitor = await start(key.key);
    const before = (await chatLeads(aId)).length;
    expectError(await visitorClient.post(`${VISITOR}/phone`, { phone: '12345' }, asVisitor(visitor)), 400, ChatMessage.PhoneInvalid);
    expect((await chatLeads(aId)).length).toBe(before);
    const saved = await visitorClient.post(`${VISITOR}/phone`, { phone: '13700137000', name: '李女士' }, asVisitor(visitor));
    expect(saved.statusCode).toBe(200);
    const leads = await chatLeads(aId);
    expect(leads).toHaveLength(before + 1);
    const lead = leads.find((row) => row.mobile === '13700137000')!;
    expect(lead).toMatchObject({ name: '李女士', resType: ResType.SmartChat });
    const firstItem = await db()
      .selectFrom('items')
      .select('id')
      .where('customerId', '=', aId)
      .where('status', '=', 1)
      .orderBy('id')
      .executeTakeFirst();
    expect(lead.itemId).toBe(firstItem?.id ?? (await itemIdsOf(db(), aId))[0]);
  });

  it('refuses empty and too long messages in Chinese, takes HTML as text, and stores nothing refused', async () => {
    const visitor = await start();
    expectError(await say(visitor, ''), 400, ChatMessage.MessageEmpty);
    expectError(await say(visitor, '   '), 400, ChatMessage.MessageEmpty);
    expectError(await say(visitor, undefined), 400, ChatMessage.MessageEmpty);
    expectError(await say(visitor, '长'.repeat(CHAT_MESSAGE_MAX + 1)), 400, ChatMessage.MessageTooLong);
    expectError(await say(visitor, 'a\u0000b'), 400, ChatMessage.MessageInvalid);
    expect(await messageCount(visitor.conversationId)).toBe(0);
    expect((await say(visitor, '长'.repeat(CHAT_MESSAGE_MAX))).statusCode).toBe(201);
    const html = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const sent = await say(visitor, html);
    expect(sent.json()).toMatchObject({ message: html, className: 'visitor', targetGenre: 'visitor', avatar: null });
    expect((await pollOf(visitor)).messages.map((m) => m.message)).toEqual(['长'.repeat(CHAT_MESSAGE_MAX), html]);
    // The customer's reply has the same bounds.
    expectError(await suite.a.post(`${CUSTOMER}/conversations/${visitor.conversationId}/messages`, { message: ' ' }), 400, ChatMessage.MessageEmpty);
    expectError(
      await suite.a.post(`${CUSTOMER}/conversations/${visitor.conversationId}/messages`, { message: 'x'.repeat(CHAT_MESSAGE_MAX + 1) }),
      400,
      ChatMessage.MessageTooLong,
    );
    expect(await messageCount(visitor.conversationId)).toBe(2);
  });

  it('limits the messages of a visitor and the conversations of a key per minute (429 in Chinese, nothing stored)', async () => {
    const visitor = await start();
    for (let i = 0; i < CHAT_LIMITS.visitorMessagesPerMinute; i++) expect((await say(visitor, `第${i}条`)).statusCode).toBe(201);
    const refused = await say(visitor, '再来一条 13600136000');
    expectError(refused, 429, ChatMessage.TooFrequent);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expectError(await visitorClient.post(`${VISITOR}/phone`, { phone: '13600136000' }, asVisitor(visitor)), 429, ChatMessage.TooFrequent);
    expect(await messageCount(visitor.conversationId)).toBe(CHAT_LIMITS.visitorMessagesPerMinute);
    expect((await db().selectFrom('leads').select('id').where('mobile', '=', '13600136000').execute()).length).toBe(0);
    // Another visitor of the same key is not held back.
    expect((await say(await start(), '我没发过')).statusCode).toBe(201);

    const key = await newKey();
    for (let i = 0; i < CHAT_LIMITS.conversationsPerKeyPerMinute; i++) await start(key.key);
    expectError(await visitorClient.post(`${VISITOR}/conversations`, { key: key.key }), 429, ChatMessage.TooFrequent);
    expect((await db().selectFrom('chatConversations').select('id').where('keyId', '=', key.id).execute()).length).toBe(
      CHAT_LIMITS.conversationsPerKeyPerMinute,
    );
  });

  it('answers replies to the visitor, refuses them once closed or the visitor is gone', async () => {
    const { a } = suite;
    const visitor = await start();
    const id = visitor.conversationId;
    await say(visitor, '在吗');
    const reply = await a.post(`${CUSTOMER}/conversations/${id}/messages`, { message: '在的，请问有什么可以帮您？' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ className: 'customer', targetId: id, targetGenre: 'visitor', replyEnabled: true });
    expect(reply.json().publishTimeView).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const polled = await pollOf(visitor);
    expect(polled.messages.map((m) => [m.className, m.message])).toEqual([
      ['visitor', '在吗'],
      ['customer', '在的，请问有什么可以帮您？'],
    ]);
    expect((await pollOf(visitor, polled.messages[0]!.id)).messages).toHaveLength(1);

    // Gone: nothing heard from the visitor for longer than CHAT_VISITOR_GONE_MS.
    const longAgo = new Date(Date.now() - CHAT_VISITOR_GONE_MS - 60_000).toISOString();
    await db().updateTable('chatConversations').set({ visitorSeenAt: longAgo }).where('id', '=', id).execute();
    expect((await a.get(`${CUSTOMER}/conversations/${id}`)).json().replyEnabled).toBe(false);
    expect((await a.get(`${CUSTOMER}/conversations/${id}/messages`)).json().replyEnabled).toBe(false);
    expectError(await a.post(`${CUSTOMER}/conversations/${id}/messages`, { message: '还在吗' }), 409, ChatMessage.VisitorGone);
    // Back (a message): replies work again.
    await say(visitor, '我回来了');
    expect((await a.post(`${CUSTOMER}/conversations/${id}/messages`, { message: '欢迎回来' })).statusCode).toBe(201);

    const closed = await a.post(`${CUSTOMER}/conversations/${id}/close`);
    expect(closed.json()).toMatchObject({ id, status: 'closed', replyEnabled: false });
    expectError(await a.post(`${CUSTOMER}/conversations/${id}/messages`, { message: '再见' }), 409, ChatMessage.Closed);
    expectError(await say(visitor, '还有问题'), 409, ChatMessage.Closed);
    expect((await pollOf(visitor)).open).toBe(false);
    expect(await messageCount(id)).toBe(4);
  });

  it("counts the workbench's 有效对话 from conversations with a visitor message and a reply, once each, on the project's row", async () => {
    const { a, b } = suite;
    const itemId = (await itemIdsOf(db(), aId))[0];
    const stats = async (client: TestClient, item?: number) => {
      const rows = (
        await client.get('/rest/customer/workbench/stats', { query: item === undefined ? {} : { itemId: String(item) } })
      ).json() as Array<{
        date: string;
        validConversations: number;
      }>;
      return rows[rows.length - 1]!.validConversations;
    };
    const [before, beforeOfItem, beforeOfB] = [await stats(a), await stats(a, itemId), await stats(b)];

    // A visitor who only writes, and a reply to nobody's message: neither is valid.
    await say(await start(), '只是看看');
    const silent = await start();
    expect((await a.post(`${CUSTOMER}/conversations/${silent.conversationId}/messages`, { message: '您好，有什么可以帮您？' })).statusCode).toBe(201);
    expect(await stats(a)).toBe(before);

    // A message then a reply: valid; more messages and replies do not count it again.
    const talk = await start();
    await say(talk, '加盟费多少？');
    await a.post(`${CUSTOMER}/conversations/${talk.conversationId}/messages`, { message: '您好，首期加盟费3万元起' });
    await say(talk, '好的');
    await a.post(`${CUSTOMER}/conversations/${talk.conversationId}/messages`, { message: '欢迎来电咨询' });
    // The greeted visitor answers: valid too (the reply came first).
    await say(silent, '想了解一下');
    expect(await stats(a)).toBe(before + 2);
    expect(await stats(a, itemId)).toBe(beforeOfItem + 2);
    expect(await stats(b)).toBe(beforeOfB);
  });

  it('pages the history backwards and the target list by newest activity, with unread counts', async () => {
    const { a } = suite;
    const older = await start();
    const visitor = await start();
    const id = visitor.conversationId;
    for (let i = 1; i <= 25; i++) await say(visitor, `消息${i}`);
    await say(older, '后说话的排前面');
    const history = (query: Record<string, string>) => a.get(`${CUSTOMER}/conversations/${id}/messages`, { query });
    const first = (await history({ limit: '10' })).json();
    expect(first.messages.map((m: { message: string }) => m.message)).toEqual(Array.from({ length: 10 }, (_, i) => `消息${16 + i}`));
    expect(first.hasMore).toBe(true);
    const second = (await history({ limit: '10', before: String(first.messages[0].id) })).json();
    expect(second.messages.map((m: { message: string }) => m.message)).toEqual(Array.from({ length: 10 }, (_, i) => `消息${6 + i}`));
    const third = (await history({ limit: '10', before: String(second.messages[0].id) })).json();
    expect(third.messages.map((m: { message: string }) => m.message)).toEqual(['消息1', '消息2', '消息3', '消息4', '消息5']);
    expect(third.hasMore).toBe(false);
    expect((await history({})).json().messages).toHaveLength(20);
    expectError(await history({ limit: '51' }), 400);
    expectError(await history({ before: 'abc' }), 400, ChatMessage.CursorInvalid);

    const list = await a.get(`${CUSTOMER}/conversations`, { query: { pageSize: '2' } });
    expect(JSON.parse(String(list.headers['x-pagination-info']))).toMatchObject({ page: 1, pageSize: 2 });
    expect(list.json().map((row: { id: number; unread: number }) => [row.id, row.unread])).toEqual([
      [older.conversationId, 1],
      [id, 25],
    ]);
    const totalBefore = (await a.get(`${CUSTOMER}/unread`)).json().totalUnread as number;
    expect((await a.post(`${CUSTOMER}/conversations/${id}/read`)).json()).toEqual({ unread: 0, totalUnread: totalBefore - 25 });
    expect((await a.get(`${CUSTOMER}/conversations/${id}`)).json().unread).toBe(0);
  });

  it("publishes chat.message to the customer's event channel with the unread counts", async () => {
    const visitor = await start();
    const heard: Array<ServerEventMap['chat.message']> = [];
    const stop = suite.t.app.events.on('chat.message', (payload) => heard.push(payload));
    try {
      const first = (await say(visitor, '第一条')).json();
      const second = (await say(visitor, '第二条')).json();
      const total = (await suite.a.get(`${CUSTOMER}/unread`)).json().totalUnread as number;
      expect(heard).toEqual([
        {
          customerId: aId,
          conversationId: visitor.conversationId,
          messageId: first.id,
          unread: 1,
          totalUnread: total - 1,
          visitorName: visitor.visitorName,
          message: '第一条',
        },
        {
          customerId: aId,
          conversationId: visitor.conversationId,
          messageId: second.id,
          unread: 2,
          totalUnread: total,
          visitorName: visitor.visitorName,
          message: '第二条',
        },
      ]);
      // Refused messages publish nothing.
      await say(visitor, '');
      expect(heard).toHaveLength(2);
    } finally {
      stop();
    }
  });
});

describe.each(dialects())('the live smart chat across two instances with Redis on %s', (dialect) => {
  const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const channel = `portal-test-chat:${randomBytes(6).toString('hex')}`;
  let a: TestApp;
  let b: TestApp;
  let urlA: string;
  let urlB: string;
  const probes: Probe[] = [];

  beforeAll(async () => {
    a = await startApp(dialect, { redisUrl: REDIS_URL, realtimeChannel: channel });
    b = await startApp(dialect, { redisUrl: REDIS_URL, realtimeChannel: channel, database: a.database });
    urlA = await listen(a);
    urlB = await listen(b);
  });
  afterEach(() => closeAll(probes));
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("delivers a visitor's message on instance A to the customer's socket on instance B, not to another customer's", async () => {
    const cookieDemo = await loginCookie(urlB, 'demo');
    const cookieOther = await loginCookie(urlB, 'demo2');
    const itemOf = async (account: string) => (await itemIdsOf(a.db, await customerIdOf(a.db, account)))[0];
    const key = (await call(urlB, cookieDemo, 'POST', `${CUSTOMER}/keys`, { itemId: await itemOf('demo') })).json.key as string;
    const onB = await openSubscribed(urlB, cookieDemo);
    const otherOnB = await openSubscribed(urlB, cookieOther);
    probes.push(onB, otherOnB);
    // The widget: cross-origin, no cookie, its token header.
    const headers = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', origin: 'https://lp.example.cn' };
    const started = await fetch(`${urlA}${VISITOR}/conversations`, { method: 'POST', headers, body: JSON.stringify({ key }) });
    expect(started.status).toBe(201);
    const { conversationId, token, visitorName } = (await started.json()) as Visitor;
    const sent = await fetch(`${urlA}${VISITOR}/messages`, {
      method: 'POST',
      headers: { ...headers, [CHAT_TOKEN_HEADER]: token },
      body: JSON.stringify({ message: '跨实例的消息' }),
    });
    expect(sent.status).toBe(201);
    const { id: messageId } = (await sent.json()) as { id: number };
    expect(await onB.next('chat', (frame) => frame.conversationId === conversationId)).toEqual({
      kind: 'chat',
      topic: 'user',
      conversationId,
      messageId,
      unread: 1,
      totalUnread: 1,
      // The notice's visitor and text travel with the frame.
      visitorName,
      message: '跨实例的消息',
    });
    // Ordered on one channel: a later event for demo2 arriving first would show a leak.
    const otherKey = (await call(urlB, cookieOther, 'POST', `${CUSTOMER}/keys`, { itemId: await itemOf('demo2') })).json.key as string;
    const otherStart = await fetch(`${urlA}${VISITOR}/conversations`, { method: 'POST', headers, body: JSON.stringify({ key: otherKey }) });
    const other = (await otherStart.json()) as Visitor;
    await fetch(`${urlA}${VISITOR}/messages`, {
      method: 'POST',
      headers: { ...headers, [CHAT_TOKEN_HEADER]: other.token },
      body: JSON.stringify({ message: '给demo2' }),
    });
    await otherOnB.next('chat', (frame) => frame.conversationId === other.conversationId);
    expect(otherOnB.all('chat').map((frame) => frame.conversationId)).toEqual([other.conversationId]);
    expect(onB.all('chat').map((frame) => frame.conversationId)).toEqual([conversationId]);
  });
});
