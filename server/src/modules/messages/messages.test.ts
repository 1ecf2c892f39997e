import { CommonMessage, LINK_HEADER, PAGINATION_INFO_HEADER, SUGGESTION_MAX } from '@portal/contracts';
import { type Message, MessageText, type MessageUnreadCounts } from '@portal/contracts/messages';
import { type LowBalanceItem, lowBalanceNotice, ReportMessage } from '@portal/contracts/reports';
import { seedDemoMessagesIfMissing } from '../../db/seed';
import type { ServerEventMap, ServerEventName } from '../../realtime/events';
import { dialects, expectError, type TestClient, useDemoApp } from '../../test/harness';
import { customerIdOf } from '../../test/leads';
import { createNotice, latestUnread } from './service';

const M = '/rest/customer/message';
const LIST = `${M}/messages`;
const COUNTS = `${M}/unread-counts`;
const read = (id: number) => `${LIST}/${id}/read`;
const READ_ALL = `${LIST}/read-all`;
const DELETE = `${LIST}/deleteList`;
const SUGGEST = `${M}/suggestions`;

describe.each(dialects())('messages on %s', (dialect) => {
  const s = useDemoApp(dialect);
  let customerA: number;
  let customerB: number;

  beforeAll(async () => {
    customerA = await customerIdOf(s.t.db, 'demo');
    customerB = await customerIdOf(s.t.db, 'demo2');
  });

  /** The customer's notices (one big page), optionally filtered. */
  async function list(client: TestClient, query: Record<string, string> = {}): Promise<Message[]> {
    const response = await client.get(LIST, { query: { pageSize: '100', ...query } });
    expect(response.statusCode).toBe(200);
    return response.json() as Message[];
  }
  async function counts(client: TestClient): Promise<MessageUnreadCounts> {
    const response = await client.get(COUNTS);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.code).toBe('200');
    return body.data;
  }
  const notice = (customerId: number | null, title: string, contents: string) =>
    createNotice(s.t.db, s.t.app.events, { customerId, title, contents });
  const find = async (client: TestClient, id: number) => (await list(client)).find((message) => message.id === id);

  /** Collects one event's payloads until `off()`. */
  function record<K extends ServerEventName>(name: K): { events: Array<ServerEventMap[K]>; off: () => void } {
    const events: Array<ServerEventMap[K]> = [];
    const off = s.t.app.events.on(name, (payload) => {
      events.push(payload);
    });
    return { events, off };
  }

  it('seeds system and user notices, some read, with demo2 apart', async () => {
    const mine = await list(s.a);
    expect(mine.filter((message) => message.type === 0)).toHaveLength(5);
    expect(mine.filter((message) => message.type === 1)).toHaveLength(5);
    expect(await counts(s.a)).toEqual({ system: 2, user: 2, customer: 4 });

    const theirs = await list(s.b);
    expect(theirs.filter((message) => message.type === 1).map((message) => message.title)).toEqual([
      '项目“焙香坊烘焙加盟”投放提醒',
      '欢迎使用客户中心',
    ]);
    expect(await counts(s.b)).toEqual({ system: 4, user: 1, customer: 5 });
    // The same system notices, read separately; no user notice is shared.
    expect(theirs.filter((message) => message.type === 0).map((message) => message.id)).toEqual(
      mine.filter((message) => message.type === 0).map((message) => message.id),
    );
    const userIdsA = new Set(mine.filter((message) => message.type === 1).map((message) => message.id));
    expect(theirs.some((message) => userIdsA.has(message.id))).toBe(false);
  });

  it('lists newest first, with the pagination headers', async () => {
    const all = await list(s.a);
    const times = all.map((message) => message.createTime);
    expect(times).toEqual([...times].sort().reverse());
    // The demo's newest notice is the ledger's low-balance message of its low project, in the
    // words of the contracts' lowBalanceNotice, with the balance and days the balance centre shows.
    const [low] = (await s.a.get('/rest/customer/report/balance/low')).json() as LowBalanceItem[];
    expect(low).toBeDefined();
    expect(all[0]).toEqual({
      id: expect.any(Number),
      title: ReportMessage.LowBalanceTitle,
      contents: lowBalanceNotice(low!).text,
      createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      type: 1,
      status: 0,
    });

    const first = await s.a.get(LIST, { query: { page: '1', pageSize: '3' } });
    expect(first.statusCode).toBe(200);
    expect(JSON.parse(first.headers[PAGINATION_INFO_HEADER] as string)).toEqual({
      rows: 3,
      count: all.length,
      page: 1,
      pageSize: 3,
      totalRow: all.length,
      totalPage: Math.ceil(all.length / 3),
    });
    expect(first.headers[LINK_HEADER]).toContain(`<${LIST}?page=2&pageSize=3>; rel="next"`);
    expect((first.json() as Message[]).map((message) => message.id)).toEqual(all.slice(0, 3).map((message) => message.id));
    const second = await s.a.get(LIST, { query: { page: '2', pageSize: '3' } });
    expect((second.json() as Message[]).map((message) => message.id)).toEqual(all.slice(3, 6).map((message) => message.id));
    // Ten by default.
    expect(JSON.parse((await s.a.get(LIST)).headers[PAGINATION_INFO_HEADER] as string).pageSize).toBe(10);
  });

  it('keeps only the unread with onlyUnread=1, and one type with type', async () => {
    const unread = await counts(s.a);
    const onlyUnread = await list(s.a, { onlyUnread: '1' });
    expect(onlyUnread).toHaveLength(unread.customer);
    expect(onlyUnread.every((message) => message.status === 0)).toBe(true);
    expect(await list(s.a, { onlyUnread: '0' })).toHaveLength((await list(s.a)).length);

    const system = await list(s.a, { type: '0' });
    expect(system).toHaveLength(5);
    expect(system.every((message) => message.type === 0)).toBe(true);
    expect(await list(s.a, { type: '0', onlyUnread: '1' })).toHaveLength(unread.system);
    const user = await list(s.a, { type: '1' });
    expect(user.every((message) => message.type === 1)).toBe(true);
    expect(user).toHaveLength(5);
    // A blank filter is no filter; anything but 0 or 1 is refused.
    expect(await list(s.a, { type: '', onlyUnread: '' })).toHaveLength((await list(s.a)).length);
    expectError(await s.a.get(LIST, { query: { type: '2' } }), 400, MessageText.TypeInvalid);
    expectError(await s.a.get(LIST, { query: { onlyUnread: 'yes' } }), 400, MessageText.TypeInvalid);
  });

  it('searches title and contents, case-insensitive, with LIKE wildcards matching themselves', async () => {
    const sale = await notice(customerA, '返利活动', 'Spring SALE：充值满一万返利 100% 积分');
    const underscore = await notice(customerA, '字段说明', '推送字段 crm_follower 已更新');
    const backslash = await notice(null, '路径说明', '导出文件保存在 D:\\报表 目录');
    const plain = await notice(customerA, '折扣提醒', '本月享九五折');
    const ids = (messages: Message[]) => messages.map((message) => message.id);

    expect(ids(await list(s.a, { contents: 'sale' }))).toEqual([sale.id]);
    expect(ids(await list(s.a, { contents: '%' }))).toEqual([sale.id]);
    expect(ids(await list(s.a, { contents: '_' }))).toEqual([underscore.id]);
    expect(ids(await list(s.a, { contents: '\\' }))).toEqual([backslash.id]);
    expect(ids(await list(s.a, { contents: '折扣' }))).toEqual([plain.id]);
    expect(ids(await list(s.a, { contents: '九五折' }))).toEqual([plain.id]);
    expect(ids(await list(s.a, { contents: '%积分' }))).toEqual([]);
    expect(ids(await list(s.a, { contents: '路径', type: '0' }))).toEqual([backslash.id]);
    expect(ids(await list(s.a, { contents: '路径', type: '1' }))).toEqual([]);
    // Another customer's user notices are never found; system notices are.
    expect(ids(await list(s.b, { contents: 'sale' }))).toEqual([]);
    expect(ids(await list(s.b, { contents: '\\' }))).toEqual([backslash.id]);
    const found = await s.a.get(LIST, { query: { contents: 'SALE', pageSize: '5' } });
    expect(JSON.parse(found.headers[PAGINATION_INFO_HEADER] as string).totalRow).toBe(1);
    expect(found.headers[LINK_HEADER]).toContain('contents=SALE');
    expectError(await s.a.get(LIST, { query: { contents: '字'.repeat(51) } }), 400, MessageText.SearchTooLong);
    // PostgreSQL text cannot hold U+0000: refused before the query (it was a 500 there).
    expectError(await s.a.get(LIST, { query: { contents: 'a\u0000b' } }), 400, MessageText.SearchInvalid);
  });

  it('reads a system notice for one customer only, and publishes both events', async () => {
    const arrived = record('message.arrived');
    const changed = record('counters.changed');
    try {
      const system = await notice(null, '服务协议更新通知', '平台服务协议已更新，请知悉。');
      expect(arrived.events).toEqual([{ customerId: null, message: system }]);
      expect(system).toMatchObject({ type: 0, status: 0, title: '服务协议更新通知' });
      expect((await find(s.a, system.id))?.status).toBe(0);
      expect((await find(s.b, system.id))?.status).toBe(0);
      const beforeA = await counts(s.a);
      const beforeB = await counts(s.b);

      const response = await s.a.put(read(system.id));
      expect(response.statusCode).toBe(200);
      const body = response.json();
      const afterA = { system: beforeA.system - 1, user: beforeA.user, customer: beforeA.customer - 1 };
      expect(body).toEqual({ code: '200', message: MessageText.ReadSucceeded, data: { count: 1, unread: afterA } });
      expect(await counts(s.a)).toEqual(afterA);
      expect(changed.events).toEqual([{ customerId: customerA, messages: afterA }]);
      expect((await find(s.a, system.id))?.status).toBe(1);

      expect((await find(s.b, system.id))?.status).toBe(0);
      expect(await counts(s.b)).toEqual(beforeB);

      // Reading it again changes nothing and publishes nothing.
      const again = await s.a.put(read(system.id));
      expect(again.json().data).toEqual({ count: 0, unread: afterA });
      expect(changed.events).toHaveLength(1);
    } finally {
      arrived.off();
      changed.off();
    }
  });

  it('reads a user notice: status 1, counters drop', async () => {
    const own = await notice(customerA, '发票已寄出', '您申请的发票已通过顺丰寄出。');
    const before = await counts(s.a);
    expect(before.user).toBeGreaterThan(0);
    const response = await s.a.put(read(own.id));
    expect(response.json().data).toEqual({ count: 1, unread: { system: before.system, user: before.user - 1, customer: before.customer - 1 } });
    expect((await find(s.a, own.id))?.status).toBe(1);
    expect((await list(s.a, { onlyUnread: '1' })).some((message) => message.id === own.id)).toBe(false);
  });

  it('creates user notices for one customer and publishes message.arrived once', async () => {
    const arrived = record('message.arrived');
    try {
      const own = await notice(customerB, '  项目即将到期 ', '项目“老北京炸酱面馆”将于7天后到期。');
      expect(own).toEqual({
        id: expect.any(Number),
        title: '项目即将到期',
        contents: '项目“老北京炸酱面馆”将于7天后到期。',
        createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        type: 1,
        status: 0,
      });
      expect(arrived.events).toEqual([{ customerId: customerB, message: own }]);
      expect((await list(s.b))[0]).toEqual(own);
      expect(await find(s.a, own.id)).toBeUndefined();
      expect(await latestUnread(s.t.db, customerB, 1)).toEqual([own]);

      await expect(notice(customerB, ' ', '内容')).rejects.toMatchObject({ statusCode: 400, message: '标题不能为空' });
      await expect(notice(2_000_000, '标题', '内容')).rejects.toMatchObject({ statusCode: 404 });
      expect(arrived.events).toHaveLength(1);
    } finally {
      arrived.off();
    }
  });

  it('answers the newest unread notices for the popover', async () => {
    const unread = await list(s.a, { onlyUnread: '1' });
    expect(await latestUnread(s.t.db, customerA, 3)).toEqual(unread.slice(0, 3));
    expect(await latestUnread(s.t.db, customerA, 0)).toEqual([]);
  });

  it("refuses another customer's notice with 404 and changes nothing", async () => {
    const foreign = await notice(customerB, '仅限demo2', '另一位客户的通知');
    const own = await notice(customerA, '仅限demo', '自己的通知');
    const beforeA = await counts(s.a);
    const beforeB = await counts(s.b);
    const changed = record('counters.changed');
    try {
      expectError(await s.a.put(read(foreign.id)), 404, MessageText.MessageNotFound);
      expectError(await s.a.put(DELETE, { ids: [own.id, foreign.id] }), 404, MessageText.MessageNotFound);
      expectError(await s.a.put(DELETE, { ids: [own.id, 2_000_000_000] }), 404, MessageText.MessageNotFound);
      expectError(await s.a.put(read(2_000_000_000)), 404, MessageText.MessageNotFound);
      expectError(await s.a.put(read(0)), 400, MessageText.MessageNotFound);
      expect(changed.events).toEqual([]);
    } finally {
      changed.off();
    }
    expect((await find(s.a, own.id))?.status).toBe(0);
    expect((await find(s.b, foreign.id))?.status).toBe(0);
    expect(await counts(s.a)).toEqual(beforeA);
    expect(await counts(s.b)).toEqual(beforeB);
  });

  it('deletes a system notice for this customer only', async () => {
    const system = await notice(null, '节假日客服安排', '国庆期间客服热线9:00-18:00值班。');
    const own = await notice(customerA, '待删除', '一条将被删除的通知');
    const beforeA = await counts(s.a);
    const beforeB = await counts(s.b);
    const changed = record('counters.changed');
    try {
      const response = await s.a.put(DELETE, { ids: [system.id, own.id, system.id] });
      expect(response.statusCode).toBe(200);
      const afterA = { system: beforeA.system - 1, user: beforeA.user - 1, customer: beforeA.customer - 2 };
      expect(response.json()).toEqual({ code: '200', message: MessageText.DeleteSucceeded, data: { count: 2, unread: afterA } });
      expect(changed.events).toEqual([{ customerId: customerA, messages: afterA }]);
    } finally {
      changed.off();
    }
    expect(await find(s.a, system.id)).toBeUndefined();
    expect(await find(s.a, own.id)).toBeUndefined();
    expect((await list(s.a, { contents: '客服热线' })).length).toBe(0);
    expect((await find(s.b, system.id))?.status).toBe(0);
    expect(await counts(s.b)).toEqual(beforeB);
    // Gone is gone: reading or deleting it again is 404.
    expectError(await s.a.put(read(system.id)), 404, MessageText.MessageNotFound);
    expectError(await s.a.put(DELETE, { ids: [own.id] }), 404, MessageText.MessageNotFound);
  });

  it('validates the ids of a delete', async () => {
    expectError(await s.a.put(DELETE, { ids: [] }), 400, MessageText.IdsRequired);
    expectError(await s.a.put(DELETE, { ids: Array.from({ length: 501 }, (_, i) => i + 1) }), 400, MessageText.IdsRequired);
    expectError(await s.a.put(DELETE, { ids: ['x'] }), 400, MessageText.MessageNotFound);
  });

  it('reads all of one type, then all, and counts nothing when nothing is left', async () => {
    const beforeB = await counts(s.b);
    const before = await counts(s.a);
    expect(before.user).toBeGreaterThan(0);
    expect(before.system).toBeGreaterThan(0);
    const changed = record('counters.changed');
    try {
      const users = await s.a.put(READ_ALL, { type: 1 });
      expect(users.json()).toEqual({
        code: '200',
        message: MessageText.ReadSucceeded,
        data: { count: before.user, unread: { system: before.system, user: 0, customer: before.system } },
      });
      expect((await list(s.a, { type: '1' })).every((message) => message.status === 1)).toBe(true);
      expect((await list(s.a, { type: '0', onlyUnread: '1' })).length).toBe(before.system);

      const rest = await s.a.put(READ_ALL, {});
      expect(rest.json().data).toEqual({ count: before.system, unread: { system: 0, user: 0, customer: 0 } });
      expect(await list(s.a, { onlyUnread: '1' })).toEqual([]);

      const nothing = await s.a.put(READ_ALL, { type: 0 });
      expect(nothing.json().data).toEqual({ count: 0, unread: { system: 0, user: 0, customer: 0 } });
      expect(changed.events).toEqual([
        { customerId: customerA, messages: { system: before.system, user: 0, customer: before.system } },
        { customerId: customerA, messages: { system: 0, user: 0, customer: 0 } },
      ]);
    } finally {
      changed.off();
    }
    expect(await counts(s.b)).toEqual(beforeB);
    expectError(await s.a.put(READ_ALL, { type: 3 }), 400, MessageText.TypeInvalid);
  });

  it('needs a session', async () => {
    const anonymous = s.t.client();
    expectError(await anonymous.get(LIST), 401);
    expectError(await anonymous.get(COUNTS), 401);
    expectError(await anonymous.put(read(1)), 401);
    expectError(await anonymous.put(READ_ALL, {}), 401);
    expectError(await anonymous.put(DELETE, { ids: [1] }), 401);
    expectError(await anonymous.post(SUGGEST, { type: 9, platform: 2, content: '建议' }), 401);
  });

  it('refuses state changes without X-Requested-With', async () => {
    const own = await notice(customerA, '请求头测试', '没有请求头不能已读');
    const bare = { withoutRequestedWith: true };
    expectError(await s.a.put(read(own.id), undefined, bare), 403, CommonMessage.MissingRequestedWith);
    expectError(await s.a.put(DELETE, { ids: [own.id] }, bare), 403, CommonMessage.MissingRequestedWith);
    expectError(await s.a.put(READ_ALL, {}, bare), 403, CommonMessage.MissingRequestedWith);
    expectError(await s.a.post(SUGGEST, { type: 9, platform: 2, content: '建议' }, bare), 403, CommonMessage.MissingRequestedWith);
    expect((await find(s.a, own.id))?.status).toBe(0);
  });

  it('stores suggestions of 1 to 200 characters for the operator', async () => {
    const stored = () => s.t.db.selectFrom('customerMessages').selectAll().orderBy('id').execute();
    expectError(await s.a.post(SUGGEST, { type: 9, platform: 2, content: '   ' }), 400, MessageText.ContentRequired);
    expectError(await s.a.post(SUGGEST, { type: 9, platform: 2, content: '' }), 400, MessageText.ContentRequired);
    expectError(await s.a.post(SUGGEST, { type: 9, platform: 2 }), 400, MessageText.ContentRequired);
    expectError(await s.a.post(SUGGEST, { type: 9, platform: 2, content: '议'.repeat(SUGGESTION_MAX + 1) }), 400, MessageText.SuggestionTooLong);
    // Stored on SQLite and a 500 on PostgreSQL before it was refused.
    expectError(await s.a.post(SUGGEST, { type: 9, platform: 2, content: '建议\u0000' }), 400, MessageText.ContentInvalid);
    expect(await stored()).toEqual([]);

    const content = '议'.repeat(SUGGESTION_MAX);
    const response = await s.a.post(SUGGEST, { type: 9, platform: 2, content: ` ${content} ` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: '200', message: MessageText.SuggestionSent, data: null });
    await s.b.post(SUGGEST, { content: '希望增加导出格式' });
    expect(await stored()).toEqual([
      { id: expect.any(Number), customerId: customerA, type: 9, platform: 2, content, createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) },
      { id: expect.any(Number), customerId: customerB, type: 9, platform: 2, content: '希望增加导出格式', createdAt: expect.any(String) },
    ]);
    // Only the suggestion type and the logged-in platform.
    expectError(await s.a.post(SUGGEST, { type: 4, platform: 2, content: '建议' }), 400);
    expectError(await s.a.post(SUGGEST, { type: 9, platform: 1, content: '建议' }), 400);
    expect(await stored()).toHaveLength(2);
  });

  it('tops up a database seeded before the message centre, once', async () => {
    expect(await seedDemoMessagesIfMissing(s.t.db)).toBe(false);
    const beforeA = await list(s.a);
    await s.t.db.deleteFrom('noticeStates').where('customerId', '=', customerB).execute();
    await s.t.db.deleteFrom('notices').where('customerId', '=', customerB).execute();
    expect(await list(s.b, { type: '1' })).toEqual([]);

    expect(await seedDemoMessagesIfMissing(s.t.db)).toBe(true);
    expect((await list(s.b, { type: '1' })).map((message) => [message.title, message.status])).toEqual([
      ['项目“焙香坊烘焙加盟”投放提醒', 0],
      ['欢迎使用客户中心', 1],
    ]);
    // The oldest system notice read again; the ones created by the tests stay unread.
    const system = await list(s.b, { type: '0' });
    expect(system.filter((message) => message.status === 1).map((message) => message.title)).toEqual(['关于规范加盟广告用语的提醒']);
    expect(await list(s.a)).toEqual(beforeA);
    expect(await seedDemoMessagesIfMissing(s.t.db)).toBe(false);
  });
});
