import {
  CommonMessage,
  DateMessage,
  CRM_DUPLICATE_REMARK,
  LeadMessage,
  LINK_HEADER,
  PAGINATION_INFO_HEADER,
  PlatformMessage,
  WorkbenchMessage,
} from '@portal/contracts';
import { NO_RECEIVER, LEAD_BATCH_MAX, LEAD_KINDS, LEAD_TABLE_NAMES, LeadApiMessage, type Lead, type LeadKind } from '@portal/contracts/leads';
import { fillPath, leadListEndpoints, leadEndpoints, listEndpoints } from '@portal/contracts/endpoints';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { chinaToday } from '../../lib/time';
import { dialects, expectError, type TestClient, useDemoApp } from '../../test/harness';
import { customerIdOf, insertFixtures, itemIdsOf, leadRow, storedLead } from '../../test/leads';
import { seedDemoLeadsIfMissing } from '../../db/seed';
import { leadRange } from './service';
import { DEMO_EC_STAFF } from '../schedule/seed';

const F = '/rest/customer/feedback';
const DAY = { startTime: '2021-03-02', endTime: '2021-03-02' };
const list = (kind: LeadKind) => `/rest${leadListEndpoints[kind].path}`;
const info = (response: LightMyRequestResponse) => JSON.parse(response.headers[PAGINATION_INFO_HEADER] as string);
const names = (response: LightMyRequestResponse) => (response.json() as Lead[]).map((lead) => lead.name);

describe('leadRange', () => {
  it('defaults both days to today and completes a lone side', () => {
    expect(leadRange({}, '2025-03-31')).toEqual({ start: '2025-03-31', end: '2025-03-31' });
    expect(leadRange({ startTime: '2025-03-01' }, '2025-03-31')).toEqual({ start: '2025-03-01', end: '2025-03-31' });
    expect(leadRange({ endTime: '2025-01-10' }, '2025-03-31')).toEqual({ start: '2025-01-10', end: '2025-01-10' });
    expect(leadRange({ startTime: '2025-04-02' }, '2025-03-31')).toEqual({ start: '2025-04-02', end: '2025-04-02' });
  });
  it('refuses reversed and over-long ranges', () => {
    expect(() => leadRange({ startTime: '2025-03-02', endTime: '2025-03-01' })).toThrow(DateMessage.Order);
    expect(() => leadRange({ startTime: '2020-01-01' }, '2025-03-31')).toThrow(WorkbenchMessage.RangeTooLong);
  });
});

describe.each(dialects())('leads on %s', (dialect) => {
  const s = useDemoApp(dialect);
  let customerA: number;
  let customerB: number;
  let itemsA: number[];
  let itemsB: number[];

  /** Unread live leads per kind straight from the table. */
  async function unreadInDb(customerId: number): Promise<Record<LeadKind, number>> {
    const rows = await s.t.db
      .selectFrom('leads')
      .select((eb) => ['listKind', eb.fn.countAll<number>().as('n')])
      .where('customerId', '=', customerId)
      .where('readStatus', '=', 0)
      .where('status', '=', 0)
      .groupBy('listKind')
      .execute();
    const counts = Object.fromEntries(LEAD_KINDS.map((kind) => [kind, 0])) as Record<LeadKind, number>;
    for (const row of rows) counts[row.listKind as LeadKind] = Number(row.n);
    return counts;
  }

  beforeAll(async () => {
    customerA = await customerIdOf(s.t.db, 'demo');
    customerB = await customerIdOf(s.t.db, 'demo2');
    itemsA = await itemIdsOf(s.t.db, customerA);
    itemsB = await itemIdsOf(s.t.db, customerB);
  });

  describe('seeded demo data', () => {
    it('gives demo thousands of leads over 90 days, some of them today, in every list', async () => {
      const byKind = await s.t.db
        .selectFrom('leads')
        .select((eb) => ['listKind', eb.fn.countAll<number>().as('n')])
        .where('customerId', '=', customerA)
        .groupBy('listKind')
        .execute();
      const total = byKind.reduce((sum, row) => sum + Number(row.n), 0);
      expect(total).toBeGreaterThanOrEqual(5000);
      expect(new Set(byKind.map((row) => row.listKind))).toEqual(new Set(LEAD_KINDS));
      const today = await s.a.get(list('resource'));
      expect(info(today).totalRow).toBeGreaterThanOrEqual(10);
      for (const kind of ['feedback', 'infoList', 'baiList'] as const) expect(info(await s.a.get(list(kind))).totalRow).toBeGreaterThan(0);
      const todayAll = await s.t.db
        .selectFrom('leads')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('customerId', '=', customerA)
        .where('createTime', '>=', new Date(Date.parse(`${chinaToday()}T00:00:00+08:00`)).toISOString())
        .executeTakeFirstOrThrow();
      expect(Number(todayAll.n)).toBeGreaterThanOrEqual(20);

      const shares = await s.t.db
        .selectFrom('leads')
        .select((eb) => [
          eb.fn.countAll<number>().as('n'),
          eb.fn.sum<number>('readStatus').as('read'),
          eb.fn.sum<number>('crmPushed').as('pushed'),
          eb.fn.count<number>('crmFollower').as('assigned'),
          eb.fn.count<number>('questionnaire').as('questionnaires'),
          eb.fn.count<number>('callData').as('calls'),
          eb.fn.count<number>('descrip').as('portraits'),
        ])
        .where('customerId', '=', customerA)
        .executeTakeFirstOrThrow();
      const share = (value: number) => Number(value) / Number(shares.n);
      expect(share(shares.read)).toBeGreaterThan(0.2);
      expect(share(shares.read)).toBeLessThan(0.45);
      for (const part of [shares.assigned, shares.questionnaires, shares.calls, shares.portraits]) expect(share(part)).toBeGreaterThan(0.02);
      // No seeded lead is marked pushed: a pushed lead comes with its push job and follower, which only a real push writes.
      expect(Number(shares.pushed)).toBe(0);
      const duplicates = await s.t.db
        .selectFrom('leads')
        .select('id')
        .where('customerId', '=', customerA)
        .where('remark', '=', CRM_DUPLICATE_REMARK)
        .execute();
      expect(duplicates.length).toBeGreaterThan(10);
    });

    it('gives demo2 about 200 leads, staff and channel sources of its own', async () => {
      const count = await s.t.db
        .selectFrom('leads')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('customerId', '=', customerB)
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBeGreaterThanOrEqual(200);
      expect(Number(count.n)).toBeLessThan(300);
      const staff = await s.t.db.selectFrom('crmUsers').select('customerId').execute();
      // demo also has its ec staff (synced from the CRM sandbox for its schedule).
      expect(staff.filter((row) => row.customerId === customerA)).toHaveLength(10 + DEMO_EC_STAFF.length);
      expect(staff.filter((row) => row.customerId === customerB)).toHaveLength(10);
      const foreignFollowers = await s.t.db
        .selectFrom('leads')
        .innerJoin('crmUsers', 'crmUsers.id', 'leads.crmFollowerId')
        .select('leads.id')
        .whereRef('crmUsers.customerId', '<>', 'leads.customerId')
        .execute();
      expect(foreignFollowers).toEqual([]);
    });

    it('tops up a demo account seeded before leads existed, once', async () => {
      const count = async () =>
        Number(
          (
            await s.t.db
              .selectFrom('leads')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('customerId', '=', customerB)
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      expect(await seedDemoLeadsIfMissing(s.t.db)).toBe(false);
      for (const table of ['leads', 'crmUsers', 'channelSources', 'customerSettings'] as const) {
        await s.t.db.deleteFrom(table).where('customerId', '=', customerB).execute();
      }
      expect(await seedDemoLeadsIfMissing(s.t.db)).toBe(true);
      expect(await count()).toBe(before);
      expect((await s.b.get(`/rest/es/crmuser/like`)).json().data).toHaveLength(10);
      expect(await seedDemoLeadsIfMissing(s.t.db)).toBe(false);
      expect(await count()).toBe(before);
    });
  });

  describe('lists', () => {
    let r: Record<string, number>;
    beforeAll(async () => {
      const rich = {
        content: JSON.stringify({ wechart: 'wx_1', feedback: '加盟费多少', visitTime: '3分钟', sex: '女', budget: '10-20万', extra: 'x' }),
        callData: JSON.stringify([{ id: 1, callTime: '2021-03-02 10:00:00', message: '未接通' }]),
        questionnaire: JSON.stringify([{ question: '预算？', answer: '20万' }]),
        genreId: 3,
        templateStyle: 2,
        searchDomain: 'm.baidu.com',
        pageUrl: 'https://lp.example.cn/a.html',
        channelTitle: '百度竞价',
      };
      const ids = await insertFixtures(s.t.db, [
        leadRow(customerA, 'resource', { name: '早一', mobile: '13900000001', createTime: '2021-03-01T15:59:59.999Z', readStatus: 1 }),
        leadRow(customerA, 'resource', {
          name: '午夜',
          mobile: '13900000002',
          createTime: '2021-03-01T16:00:00.000Z',
          crmFollower: '张丽',
          itemId: itemsA[0],
          ...rich,
        }),
        leadRow(customerA, 'resource', {
          name: '晚上',
          mobile: '13911112222',
          createTime: '2021-03-02T15:59:59.000Z',
          remark: `备注 ${CRM_DUPLICATE_REMARK}`,
          itemId: itemsA[1],
          content: '想加盟',
          pageUrl: 'javascript:alert(1)',
        }),
        leadRow(customerA, 'resource', {
          name: '推送',
          mobile: '15000000000',
          createTime: '2021-03-02T08:00:00.000Z',
          crmPushed: 1,
          readStatus: 1,
          itemId: itemsA[0],
        }),
        leadRow(customerA, 'resource', { name: '已删', mobile: '13900000009', createTime: '2021-03-02T09:00:00.000Z', status: -1 }),
        leadRow(customerA, 'resource', { name: '次日', mobile: '13900000003', createTime: '2021-03-02T16:00:00.000Z' }),
        leadRow(customerA, 'feedback', { name: '竞价', createTime: '2021-03-02T05:00:00.000Z' }),
        leadRow(customerA, 'infoList', { name: '表单', createTime: '2021-03-02T05:00:00.000Z' }),
        leadRow(customerA, 'infoList', { name: '官网表单', createTime: '2021-03-02T04:00:00.000Z', platform: 1 }),
        leadRow(customerA, 'infoList', { name: '登录表单', createTime: '2021-03-02T03:00:00.000Z', platform: 2 }),
        leadRow(customerA, 'baiList', { name: '留言', createTime: '2021-03-02T05:00:00.000Z' }),
        leadRow(customerA, 'todayHeader', { name: '头条', createTime: '2021-03-05T05:00:00.000Z' }),
        leadRow(customerA, 'distribution', { name: '分发', createTime: '2021-03-05T05:00:00.000Z' }),
        leadRow(customerA, 'cpc', { name: '常规', createTime: '2021-03-05T05:00:00.000Z' }),
        leadRow(customerB, 'resource', { name: '乙方', mobile: '13900000002', createTime: '2021-03-02T05:00:00.000Z' }),
      ]);
      r = Object.fromEntries(['early', 'midnight', 'late', 'pushed', 'deleted', 'next', 'bidding'].map((key, i) => [key, ids[i]]));
      r.ofB = ids.at(-1) as number;
    });

    it('answers whole China days, newest first, without deleted leads', async () => {
      const response = await s.a.get(list('resource'), { query: DAY });
      expect(response.statusCode).toBe(200);
      expect(names(response)).toEqual(['晚上', '推送', '午夜']);
      expect(info(response)).toEqual({ rows: 3, count: 3, page: 1, pageSize: 10, totalRow: 3, totalPage: 1 });
      expect(names(await s.a.get(list('resource'), { query: { startTime: '2021-03-01', endTime: '2021-03-03' } }))).toEqual([
        '次日',
        '晚上',
        '推送',
        '午夜',
        '早一',
      ]);
      expect(names(await s.a.get(list('resource'), { query: { startTime: '2021-03-01', endTime: '2021-03-01' } }))).toEqual(['早一']);
    });

    it('answers every field in the spec names, with labels, China times and parsed JSON', async () => {
      const [late, , midnight] = (await s.a.get(list('resource'), { query: DAY })).json() as Lead[];
      expect(midnight).toMatchObject({
        id: r.midnight,
        tableName: 'resource',
        listKind: 'resource',
        itemId: itemsA[0],
        name: '午夜',
        mobile: '13900000002',
        mobileStatus: 1,
        createTime: '2021-03-02 00:00:00',
        crmFollower: '张丽',
        crmPushed: false,
        readStatus: 0,
        status: 0,
        genreId: 3,
        genreTitle: '手机官网',
        templateStyle: 2,
        templateStyleTitle: 'PC底部悬浮',
        searchDomain: 'm.baidu.com',
        searchTitle: '百度',
        pageUrl: 'https://lp.example.cn/a.html',
        showPageUrl: true,
        channelTitle: '百度竞价',
        showChannelTitle: true,
        content: { wechart: 'wx_1', feedback: '加盟费多少', visitTime: '3分钟', sex: '女', budget: '10-20万' },
        callData: [{ id: 1, callTime: '2021-03-02 10:00:00', message: '未接通' }],
        datas: [{ question: '预算？', answer: '20万' }],
        remark: '',
        other: '',
      });
      expect(late).toMatchObject({
        createTime: '2021-03-02 23:59:59',
        content: '想加盟',
        showPageUrl: false,
        datas: null,
        callData: [],
        crmFollower: null,
        genreTitle: '',
      });
    });

    it("shows each lead's CRM push state: its jobs' most pressing status, never another customer's jobs", async () => {
      const job = (customerId: number, leadId: number, crmCode: string, status: string) => ({
        customerId,
        crmCode,
        leadId,
        status,
        origin: 'auto',
        nextAttemptAt: 0,
        createdAt: 0,
        createTime: '2021-03-02 10:00:00',
      });
      await s.t.db
        .insertInto('crmPushJobs')
        .values([
          job(customerA, r.midnight, 'ec', 'delivered'),
          // Several CRMs: a push under way outranks a delivered one, a failed one a refused one.
          job(customerA, r.pushed, 'ec', 'delivered'),
          job(customerA, r.pushed, 'xbb', 'pending'),
          job(customerA, r.early, 'lixiao', 'refused'),
          job(customerA, r.early, 'huoban', 'failed'),
          job(customerA, r.early, 'ec', 'delivered'),
          job(customerA, r.bidding, 'ec', 'refused'),
          // A job row naming A's lead under customer B (never written by the pipeline) does not show.
          job(customerB, r.late, 'ec', 'delivered'),
          job(customerB, r.ofB, 'ec', 'pending'),
        ])
        .execute();
      try {
        const stateOf = (rows: Lead[]) => Object.fromEntries(rows.map((lead) => [lead.name, lead.crmPushState]));
        const ofA = (await s.a.get(list('resource'), { query: { startTime: '2021-03-01', endTime: '2021-03-03' } })).json() as Lead[];
        expect(stateOf(ofA)).toEqual({ 次日: null, 晚上: null, 推送: 'pending', 午夜: 'delivered', 早一: 'failed' });
        // Paged, each row keeps its own state.
        const page2 = await s.a.get(list('resource'), { query: { startTime: '2021-03-01', endTime: '2021-03-03', page: '2', pageSize: '2' } });
        expect(stateOf(page2.json())).toEqual({ 推送: 'pending', 午夜: 'delivered' });
        expect((await s.a.get(list('feedback'), { query: DAY })).json()).toEqual([
          expect.objectContaining({ name: '竞价', crmPushState: 'refused' }),
        ]);
        expect((await s.a.get(`${F}/feedbacks/${r.bidding}`)).json()).toMatchObject({ id: r.bidding, crmPushState: 'refused' });
        expect(stateOf((await s.b.get(list('resource'), { query: DAY })).json())).toEqual({ 乙方: 'pending' });
      } finally {
        await s.t.db.deleteFrom('crmPushJobs').execute();
      }
    });

    it('filters by item, read status, assignment and phone', async () => {
      const query = (extra: Record<string, string>) => s.a.get(list('resource'), { query: { ...DAY, ...extra } });
      expect(names(await query({ itemId: String(itemsA[0]) }))).toEqual(['推送', '午夜']);
      expect(names(await query({ readStatus: '1' }))).toEqual(['推送']);
      expect(names(await query({ readStatus: '0' }))).toEqual(['晚上', '午夜']);
      // Assigned: a receiver, or the CRM duplicate remark; a push alone is not a receiver.
      expect(names(await query({ crmFollowerState: '1' }))).toEqual(['晚上', '午夜']);
      expect(names(await query({ crmFollowerState: '0' }))).toEqual(['推送']);
      expect(names(await query({ phone: '139' }))).toEqual(['晚上', '午夜']);
      expect(names(await query({ phone: '13911112222' }))).toEqual(['晚上']);
      expect(names(await query({ phone: '1391111222' }))).toEqual(['晚上']);
      expect(names(await query({ phone: '1391111222', readStatus: '1' }))).toEqual([]);
      expect(names(await query({ itemId: '', readStatus: '', crmFollowerState: '', phone: '' }))).toHaveLength(3);
    });

    it("filters by the receiver's name, or by no receiver (a receive report's 接收人 row)", async () => {
      const query = (extra: Record<string, string>) => s.a.get(list('resource'), { query: { ...DAY, ...extra } });
      expect(names(await query({ crmFollower: '张丽' }))).toEqual(['午夜']);
      expect(names(await query({ crmFollower: ' 张丽 ' }))).toEqual(['午夜']);
      expect(names(await query({ crmFollower: '张' }))).toEqual([]);
      // No receiver: the CRM duplicate (assigned in the CRM, 接待人 CRM中已存在) is one of them.
      expect(names(await query({ crmFollower: NO_RECEIVER }))).toEqual(['晚上', '推送']);
      expect(names(await query({ crmFollower: NO_RECEIVER, crmFollowerState: '0' }))).toEqual(['推送']);
      // Another customer's receiver of the same name sees only their own leads.
      expect(names(await s.b.get(list('resource'), { query: { ...DAY, crmFollower: '张丽' } }))).toEqual([]);
    });

    it('filters the form list by the platform its form was sent from (the form-list page sends 1)', async () => {
      const forms = (extra: Record<string, string>) => s.a.get(list('infoList'), { query: { ...DAY, ...extra } });
      expect(names(await forms({}))).toEqual(['表单', '官网表单', '登录表单']);
      expect(names(await forms({ platformId: '1' }))).toEqual(['官网表单']);
      expect(names(await forms({ platformId: '2' }))).toEqual(['登录表单']);
      expect(info(await forms({ platformId: '1' })).totalRow).toBe(1);
      expect(names(await forms({ platformId: '' }))).toHaveLength(3);
    });

    it('pages with x-pagination-info and link headers that keep the filters', async () => {
      const response = await s.a.get(list('resource'), { query: { startTime: '2021-03-01', endTime: '2021-03-03', page: '2', pageSize: '2' } });
      expect(names(response)).toEqual(['推送', '午夜']);
      expect(info(response)).toEqual({ rows: 2, count: 5, page: 2, pageSize: 2, totalRow: 5, totalPage: 3 });
      const links = String(response.headers[LINK_HEADER]);
      expect(links).toContain('</rest/customer/feedback/resource?startTime=2021-03-01&endTime=2021-03-03&page=3&pageSize=2>; rel="next"');
      expect(links).toContain('</rest/customer/feedback/resource?startTime=2021-03-01&endTime=2021-03-03&page=1&pageSize=2>; rel="previous"');
      expect(links).not.toContain('rel="prev"');
      expect((await s.a.get(list('resource'), { query: { ...DAY, page: '50' } })).json()).toEqual([]);
    });

    it('keeps each list to its own kinds: a list page also shows the stores it takes in (LIST_SHOWN_KINDS), each row naming its kind', async () => {
      const own: Record<LeadKind, string> = {
        feedback: '竞价',
        infoList: '表单',
        baiList: '留言',
        todayHeader: '头条',
        distribution: '分发',
        cpc: '常规',
        resource: '晚上',
      };
      const shownToo: Partial<Record<LeadKind, [LeadKind, string]>> = {
        feedback: ['cpc', '常规'],
        infoList: ['todayHeader', '头条'],
        resource: ['distribution', '分发'],
      };
      const BOTH_DAYS = { startTime: '2021-03-02', endTime: '2021-03-05' };
      for (const kind of LEAD_KINDS) {
        // On the fixture's main day each list has only its own kind.
        const rows = (await s.a.get(list(kind), { query: DAY })).json() as Lead[];
        if (rows.length) {
          expect(rows[0]?.name).toBe(own[kind]);
          expect(rows.every((row) => row.listKind === kind)).toBe(true);
        }
        const all = (await s.a.get(list(kind), { query: BOTH_DAYS })).json() as Lead[];
        const kinds = new Set(all.map((row) => row.listKind));
        const extra = shownToo[kind];
        expect(kinds).toEqual(new Set(extra ? [kind, extra[0]] : [kind]));
        expect(all.map((row) => row.name)).toContain(own[kind]);
        if (extra) expect(all.find((row) => row.listKind === extra[0])).toMatchObject({ name: extra[1], tableName: LEAD_TABLE_NAMES[extra[0]] });
      }
    });

    it("never shows one customer's leads to another", async () => {
      expect(names(await s.b.get(list('resource'), { query: DAY }))).toEqual(['乙方']);
      expect(names(await s.b.get(list('resource'), { query: { ...DAY, phone: '13900000002' } }))).toEqual(['乙方']);
      expectError(await s.b.get(list('resource'), { query: { ...DAY, itemId: String(itemsA[0]) } }), 404, PlatformMessage.ItemNotFound);
      expectError(await s.a.get(list('resource'), { query: { ...DAY, itemId: String(itemsB[0]) } }), 404, PlatformMessage.ItemNotFound);
    });

    it('refuses malformed and hostile queries with Chinese messages', async () => {
      const cases: Array<[Record<string, string>, string]> = [
        [{ page: '1e12' }, '页码必须是整数'],
        [{ page: '9999999999999' }, '页码过大'],
        [{ page: '0' }, '页码不能小于1'],
        [{ pageSize: '-1' }, '每页条数不能小于1'],
        [{ pageSize: '1000' }, '每页条数不能超过100'],
        [{ phone: "1' OR '1'='1" }, LeadApiMessage.PhoneQueryInvalid],
        [{ phone: '138%' }, LeadApiMessage.PhoneQueryInvalid],
        [{ phone: '1'.repeat(2_000) }, LeadApiMessage.PhoneQueryInvalid],
        [{ itemId: '1 OR 1=1' }, PlatformMessage.ItemInvalid],
        [{ itemId: '-3' }, PlatformMessage.ItemInvalid],
        [{ itemId: '99999999999' }, PlatformMessage.ItemInvalid],
        [{ platformId: '3' }, LeadApiMessage.PlatformInvalid],
        [{ platformId: '1 OR 1=1' }, LeadApiMessage.PlatformInvalid],
        [{ readStatus: '2' }, LeadApiMessage.ReadStatusInvalid],
        [{ readStatus: 'true' }, LeadApiMessage.ReadStatusInvalid],
        [{ crmFollowerState: '-1' }, LeadApiMessage.FollowerStateInvalid],
        [{ crmFollower: '   ' }, LeadApiMessage.ReceiverInvalid],
        [{ crmFollower: '名'.repeat(51) }, LeadApiMessage.ReceiverInvalid],
        [{ crmFollower: 'a\u0000b' }, LeadApiMessage.ReceiverInvalid],
        [{ startTime: '2021/03/02' }, DateMessage.Invalid],
        [{ startTime: '2021-02-30' }, DateMessage.Invalid],
        [{ startTime: '2021-03-03', endTime: '2021-03-02' }, DateMessage.Order],
        [{ startTime: '2019-01-01', endTime: '2021-03-02' }, WorkbenchMessage.RangeTooLong],
        [{ startTime: '2000-01-01' }, WorkbenchMessage.RangeTooLong],
      ];
      for (const [query, message] of cases) expectError(await s.a.get(list('resource'), { query }), 400, message);
      const repeated = await s.t.app.inject({
        method: 'GET',
        url: `${list('resource')}?phone=1&phone=2`,
        headers: { cookie: [...s.a.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      expectError(repeated, 400, LeadApiMessage.PhoneQueryInvalid);
    });

    it('sums up the smart-investment list: its own leads and the distributed resources it shows', async () => {
      const summary = (await s.a.get(`${F}/resource/summary`)).json();
      const live = await s.t.db
        .selectFrom('leads')
        .select(['readStatus', 'createTime', 'crmFollower', 'remark'])
        .where('customerId', '=', customerA)
        .where('listKind', 'in', ['resource', 'distribution'])
        .where('status', '=', 0)
        .execute();
      const todayFrom = new Date(Date.parse(`${chinaToday()}T00:00:00+08:00`)).toISOString();
      const assigned = live.filter((lead) => lead.crmFollower || lead.remark?.includes(CRM_DUPLICATE_REMARK)).length;
      expect(summary).toEqual({
        total: live.length,
        unread: live.filter((lead) => lead.readStatus === 0).length,
        todayTotal: live.filter((lead) => lead.createTime >= todayFrom).length,
        todayUnread: live.filter((lead) => lead.createTime >= todayFrom && lead.readStatus === 0).length,
        assigned,
        unassigned: live.length - assigned,
      });
      expect(summary.todayTotal).toBe(info(await s.a.get(list('resource'))).totalRow);
      expect((await s.b.get(`${F}/resource/summary`)).json().total).toBeLessThan(summary.total);
    });
  });

  describe('actions', () => {
    type Effect = 'read' | 'unread' | 'delete' | 'remark';
    interface Route {
      method: 'PUT' | 'DELETE' | 'POST';
      /** For the test titles. */
      path: string;
      url: (id: number) => string;
      /** The body for these ids (one id for single routes). */
      body?: (ids: number[]) => unknown;
      batch: boolean;
      kinds: LeadKind[];
      effect: Effect;
      message: string;
    }
    const ids = (list: number[]) => ({ ids: list });
    const bare = (list: number[]) => list;
    const remarkBody = () => ({ remark: '已回访' });
    const single = (method: Route['method'], path: string, kinds: LeadKind[], effect: Effect, body?: Route['body']): Route => ({
      method,
      path,
      url: (id) => `${F}/${path.replace('{id}', String(id))}`,
      body,
      batch: false,
      kinds,
      effect,
      message: effect === 'delete' ? LeadMessage.DeleteSucceeded : effect === 'remark' ? LeadMessage.RemarkSucceeded : LeadMessage.ReadSucceeded,
    });
    const batch = (method: Route['method'], path: string, kinds: LeadKind[], effect: Effect, body: Route['body'] = ids): Route => ({
      ...single(method, path, kinds, effect, body),
      batch: true,
    });
    const FEEDBACKS: LeadKind[] = ['feedback', 'infoList'];
    const ROUTES: Route[] = [
      single('PUT', 'feedbacks/{id}', FEEDBACKS, 'remark', remarkBody),
      single('PUT', 'feedbacks/{id}/read', FEEDBACKS, 'read'),
      single('PUT', 'feedbacks/{id}/unread', FEEDBACKS, 'unread'),
      single('DELETE', 'feedbacks/{id}', FEEDBACKS, 'delete'),
      batch('PUT', 'feedbacks/read', FEEDBACKS, 'read'),
      batch('PUT', 'feedbacks/unread', FEEDBACKS, 'unread'),
      batch('PUT', 'feedbacks/deleteList', FEEDBACKS, 'delete'),
      single('PUT', 'resource/{id}', ['resource'], 'remark', remarkBody),
      batch('PUT', 'resource/ids/read/many', ['resource'], 'read', bare),
      batch('PUT', 'resource/ids/unread/many', ['resource'], 'unread', bare),
      batch('PUT', 'resource/deleteList', ['resource'], 'delete', bare),
      single('PUT', 'resource/{id}/delete', ['resource'], 'delete'),
      single('PUT', 'resource/{id}/read', ['resource'], 'read'),
      single('PUT', 'resource/{id}/unread', ['resource'], 'unread'),
      batch('PUT', 'resource-distribution/ids/del-status', ['distribution'], 'delete', bare),
      batch('PUT', 'resource-distribution/ids/read', ['distribution'], 'read', bare),
      batch('PUT', 'resource-distribution/ids/unread', ['distribution'], 'unread'),
      batch('PUT', 'baidu-flow/deleteList', ['baiList'], 'delete', bare),
      batch('PUT', 'baidu-flow/ids/read/many', ['baiList'], 'read', bare),
      batch('PUT', 'baidu-flow/ids/unread/many', ['baiList'], 'unread'),
      single('DELETE', 'baidu-flow/{id}/delete', ['baiList'], 'delete'),
      single('PUT', 'baidu-flow/{id}', ['baiList'], 'remark', remarkBody),
      single('PUT', 'baidu-flow/{id}/read', ['baiList'], 'read'),
      single('PUT', 'baidu-flow/{id}/unread', ['baiList'], 'unread'),
      batch('PUT', 'today-header-flow/deleteList', ['todayHeader'], 'delete', bare),
      batch('PUT', 'today-header-flow/ids/read/many', ['todayHeader'], 'read'),
      batch('PUT', 'today-header-flow/ids/unread/many', ['todayHeader'], 'unread', bare),
      single('DELETE', 'today-header-flow/{id}/delete', ['todayHeader'], 'delete'),
      single('PUT', 'today-header-flow/{id}/delete', ['todayHeader'], 'delete'),
      single('PUT', 'today-header-flow/{id}', ['todayHeader'], 'remark', () => ({ remark: '已回访', tableName: 'today_header_flow' })),
      single('PUT', 'today-header-flow/{id}/read', ['todayHeader'], 'read'),
      single('PUT', 'today-header-flow/{id}/unread', ['todayHeader'], 'unread'),
      single('POST', 'resourceCpchandler/delete', ['cpc'], 'delete', ([id]) => ({ id })),
      batch('POST', 'resourceCpchandler/deleteBatch', ['cpc'], 'delete'),
      single('POST', 'resourceCpchandler/updateReadStatus', ['cpc'], 'read', ([id]) => ({ id, readStatus: 1 })),
      batch('POST', 'resourceCpchandler/updateReadStatusBatch', ['cpc'], 'unread', (list) => ({ ids: list, readStatus: 0 })),
    ];
    const label = (route: Route) => `${route.method} ${route.path}`;

    /** What the effect leaves in the row. */
    const applied = (effect: Effect, row: { readStatus: number; status: number; remark: string | null }): boolean =>
      effect === 'read'
        ? row.readStatus === 1
        : effect === 'unread'
          ? row.readStatus === 0
          : effect === 'delete'
            ? row.status === -1
            : row.remark === '已回访';
    /** Fixtures start the other way round: read for unread routes, unread otherwise. */
    const startRead = (effect: Effect) => (effect === 'unread' ? 1 : 0);
    const call = (client: TestClient, route: Route, list: number[]) =>
      client.call(route.method, route.url(list[0]), { payload: route.body?.(route.batch ? list : [list[0]]) as never });

    it.each(ROUTES)('$method $path: acts on own leads of its list and answers the new unread counts', async (route) => {
      const own = await insertFixtures(
        s.t.db,
        route.kinds.map((kind) => leadRow(customerA, kind, { readStatus: startRead(route.effect), createTime: '2021-04-01T04:00:00.000Z' })),
      );
      const targets = route.batch ? own : own.slice(0, 1);
      const response = await call(s.a, route, targets);
      expect({ route: label(route), status: response.statusCode }).toEqual({ route: label(route), status: 200 });
      expect(response.json()).toEqual({ code: '200', message: route.message, data: { count: targets.length, unread: await unreadInDb(customerA) } });
      for (const id of targets) expect(applied(route.effect, await storedLead(s.t.db, id))).toBe(true);
      if (route.effect === 'delete') {
        const listed = (await s.a.get(list(route.kinds[0]), { query: { startTime: '2021-04-01', endTime: '2021-04-01' } })).json() as Lead[];
        expect(listed.map((lead) => lead.id)).not.toContain(targets[0]);
      }
    });

    it.each(ROUTES)("$method $path: answers 404 and changes nothing for another customer's, another list's or a deleted lead", async (route) => {
      const otherKind: LeadKind = route.kinds.includes('resource') ? 'cpc' : 'resource';
      const [own, foreign, wrongKind, deleted] = await insertFixtures(s.t.db, [
        leadRow(customerA, route.kinds[0], { readStatus: startRead(route.effect) }),
        leadRow(customerB, route.kinds[0], { readStatus: startRead(route.effect) }),
        leadRow(customerA, otherKind, { readStatus: startRead(route.effect) }),
        leadRow(customerA, route.kinds[0], { readStatus: startRead(route.effect), status: -1 }),
      ]);
      const cases = [[foreign], [wrongKind], [deleted], [999_999_999]];
      // A batch is all or nothing: one bad id and the good one is left alone too.
      if (route.batch) cases.push([own, foreign], [own, wrongKind]);
      for (const ids of cases) {
        const response = await call(s.a, route, ids);
        expectError(response, 404, LeadApiMessage.NotFound);
      }
      for (const id of [own, foreign, wrongKind]) expect(applied(route.effect, await storedLead(s.t.db, id))).toBe(false);
      expect((await storedLead(s.t.db, deleted)).status).toBe(-1);
      // B cannot reach A's lead either.
      expectError(await call(s.b, route, [own]), 404, LeadApiMessage.NotFound);
      expect(applied(route.effect, await storedLead(s.t.db, own))).toBe(false);
    });

    it('accepts both batch body shapes on every batch route and ignores repeated ids', async () => {
      for (const route of ROUTES.filter((candidate) => candidate.batch && !candidate.url(0).includes('Cpchandler/updateReadStatusBatch'))) {
        for (const shape of [ids, bare]) {
          const own = await insertFixtures(s.t.db, [leadRow(customerA, route.kinds[0], { readStatus: startRead(route.effect) })]);
          const response = await s.a.call(route.method, route.url(0), { payload: shape([own[0], own[0]]) as never });
          expect({ route: label(route), status: response.statusCode, count: response.json().data?.count }).toEqual({
            route: label(route),
            status: 200,
            count: 1,
          });
        }
      }
    });

    it('refuses empty, oversized and malformed batches with nothing changed', async () => {
      const [own] = await insertFixtures(s.t.db, [leadRow(customerA, 'resource')]);
      const url = `${F}/resource/ids/read/many`;
      const cases: Array<[unknown, string]> = [
        [[], LeadMessage.NothingSelectedList],
        [{ ids: [] }, LeadMessage.NothingSelectedList],
        [{}, LeadMessage.NothingSelectedList],
        [{ ids: 'x' }, LeadMessage.NothingSelectedList],
        [Array.from({ length: LEAD_BATCH_MAX + 1 }, (_, i) => own + i), LeadApiMessage.TooMany],
        [[own, '1; DROP TABLE leads'], LeadApiMessage.IdInvalid],
        [[own, -1], LeadApiMessage.IdInvalid],
        [[own, 1.5], LeadApiMessage.IdInvalid],
        [[own, 99_999_999_999], LeadApiMessage.IdInvalid],
        [[own, null], LeadApiMessage.IdInvalid],
        [[own, { $ne: 0 }], LeadApiMessage.IdInvalid],
      ];
      for (const [payload, message] of cases) expectError(await s.a.put(url, payload), 400, message);
      expectError(await s.a.put(`${F}/resource/deleteList`, []), 400, LeadMessage.NothingSelectedDelete);
      expectError(await s.a.put(url, 'not json', { headers: { 'content-type': 'application/json' } }), 400);
      expect((await storedLead(s.t.db, own)).readStatus).toBe(0);
      // At the limit it passes (ids beyond the customer's leads make it a 404, but not a 400).
      expectError(
        await s.a.put(
          url,
          Array.from({ length: LEAD_BATCH_MAX }, (_, i) => own + i),
        ),
        404,
        LeadApiMessage.NotFound,
      );
    });

    it('refuses bad ids in the path and bad remarks with nothing changed', async () => {
      const [own, header] = await insertFixtures(s.t.db, [
        leadRow(customerA, 'resource', { remark: '原备注' }),
        leadRow(customerA, 'todayHeader', { remark: '原备注' }),
      ]);
      for (const id of ['abc', '0', '-1', '1.5', '99999999999', "1'--"]) {
        expectError(await s.a.put(`${F}/resource/${encodeURIComponent(id)}/read`), 400, LeadApiMessage.IdInvalid);
      }
      const remarks: Array<[unknown, string]> = [
        [{ remark: 'x'.repeat(10_000) }, LeadApiMessage.RemarkTooLong],
        [{ remark: '长'.repeat(501) }, LeadApiMessage.RemarkTooLong],
        [{ remark: 5 }, LeadApiMessage.RemarkInvalid],
        [{ remark: 'a\u0000b' }, LeadApiMessage.RemarkInvalid],
        [{ remark: null }, LeadApiMessage.RemarkInvalid],
        [{}, LeadApiMessage.RemarkInvalid],
        [undefined, LeadApiMessage.RemarkInvalid],
      ];
      for (const [payload, message] of remarks) expectError(await s.a.put(`${F}/resource/${own}`, payload), 400, message);
      expectError(await s.a.put(`${F}/today-header-flow/${header}`, { remark: '新', tableName: 'resource' }), 400, LeadApiMessage.TableNameInvalid);
      expect((await storedLead(s.t.db, own)).remark).toBe('原备注');
      expect((await storedLead(s.t.db, header)).remark).toBe('原备注');

      expect((await s.a.put(`${F}/resource/${own}`, { remark: '长'.repeat(500) })).statusCode).toBe(200);
      expect((await storedLead(s.t.db, own)).remark).toBe('长'.repeat(500));
      expect((await s.a.put(`${F}/resource/${own}`, { remark: '' })).statusCode).toBe(200);
      expect((await storedLead(s.t.db, own)).remark).toBeNull();
      expect((await s.a.put(`${F}/today-header-flow/${header}`, { remark: '新' })).statusCode).toBe(200);
    });

    it('keeps the database intact under SQL-looking input', async () => {
      const [own] = await insertFixtures(s.t.db, [leadRow(customerA, 'resource')]);
      await s.a.put(`${F}/resource/${own}`, { remark: "'); DROP TABLE leads; --" });
      expect((await storedLead(s.t.db, own)).remark).toBe("'); DROP TABLE leads; --");
      const count = await sql<{ n: number }>`select count(*) as n from leads`.execute(s.t.db);
      expect(Number(count.rows[0].n)).toBeGreaterThan(5000);
    });
  });

  describe('resourceCpchandler as spec 001 calls it: no body, the ids in the query', () => {
    const CPC = `${F}/resourceCpchandler`;
    const cpcLeads = (count: number) =>
      insertFixtures(
        s.t.db,
        Array.from({ length: count }, () => leadRow(customerA, 'cpc')),
      );

    it('reads and unreads one lead and a batch', async () => {
      const [one, two, three] = await cpcLeads(3);
      const read = await s.a.post(`${CPC}/updateReadStatus`, undefined, { query: { id: String(one), readStatus: '1' } });
      expect(read.json()).toMatchObject({ code: '200', message: LeadMessage.ReadSucceeded, data: { count: 1 } });
      expect(await storedLead(s.t.db, one)).toMatchObject({ readStatus: 1 });

      const batch = await s.a.post(`${CPC}/updateReadStatusBatch`, undefined, { query: { ids: `${two},${three}`, readStatus: '1' } });
      expect(batch.json()).toMatchObject({ code: '200', data: { count: 2 } });
      // The ids as a repeated parameter, too.
      const url = `${CPC}/updateReadStatusBatch?ids=${one}&ids=${two}&readStatus=0`;
      expect((await s.a.post(url)).json()).toMatchObject({ code: '200', data: { count: 2 } });
      expect((await storedLead(s.t.db, three)).readStatus).toBe(1);
      expect((await storedLead(s.t.db, two)).readStatus).toBe(0);
    });

    it('deletes one lead and a batch', async () => {
      const [one, two, three] = await cpcLeads(3);
      expect((await s.a.post(`${CPC}/delete`, undefined, { query: { id: String(one) } })).json()).toMatchObject({
        message: LeadMessage.DeleteSucceeded,
        data: { count: 1 },
      });
      expect((await s.a.post(`${CPC}/deleteBatch`, undefined, { query: { ids: `${two},${three}` } })).json()).toMatchObject({ data: { count: 2 } });
      for (const id of [one, two, three]) expect((await storedLead(s.t.db, id)).status).toBe(-1);
    });

    it('still takes a JSON body, which wins over the query', async () => {
      const [one, two] = await cpcLeads(2);
      const response = await s.a.post(`${CPC}/updateReadStatus`, { id: one, readStatus: 1 }, { query: { id: String(two), readStatus: '0' } });
      expect(response.statusCode).toBe(200);
      expect((await storedLead(s.t.db, one)).readStatus).toBe(1);
      expect((await storedLead(s.t.db, two)).readStatus).toBe(0);
    });

    it('refuses a call that names no lead or no read status', async () => {
      const [one] = await cpcLeads(1);
      expectError(await s.a.post(`${CPC}/delete`), 400, LeadApiMessage.IdInvalid);
      expectError(await s.a.post(`${CPC}/deleteBatch`), 400, LeadMessage.NothingSelectedDelete);
      expectError(await s.a.post(`${CPC}/deleteBatch`, undefined, { query: { ids: ',' } }), 400, LeadApiMessage.IdInvalid);
      expectError(await s.a.post(`${CPC}/updateReadStatus`, undefined, { query: { id: String(one) } }), 400, LeadApiMessage.ReadStatusInvalid);
      expectError(await s.a.post(`${CPC}/updateReadStatusBatch`, undefined, { query: { readStatus: '1' } }), 400, LeadMessage.NothingSelectedList);
      expectError(
        await s.a.post(`${CPC}/updateReadStatus`, undefined, { query: { id: String(one), readStatus: '2' } }),
        400,
        LeadApiMessage.ReadStatusInvalid,
      );
      const tooMany = Array.from({ length: 501 }, (_, index) => index + 1).join(',');
      expectError(await s.a.post(`${CPC}/deleteBatch`, undefined, { query: { ids: tooMany } }), 400, LeadApiMessage.TooMany);
      expect(await storedLead(s.t.db, one)).toMatchObject({ readStatus: 0, status: 0 });
    });
  });

  describe('access', () => {
    // Every lead call needs a session (401) and its OpenAPI entry: catalogue.test.ts.
    const CHANGES = listEndpoints(leadEndpoints)
      .map(({ endpoint }) => [endpoint.method, endpoint.path] as const)
      .filter(([method]) => method !== 'GET');

    it.each(CHANGES)('%s %s needs X-Requested-With', async (method, path) => {
      const [own] = await insertFixtures(s.t.db, [leadRow(customerA, 'resource')]);
      const response = await s.a.call(method, `/rest${fillPath(path, { id: own })}`, { payload: [own] as never, withoutRequestedWith: true });
      expectError(response, 403, CommonMessage.MissingRequestedWith);
      expect(await storedLead(s.t.db, own)).toMatchObject({ readStatus: 0, status: 0 });
    });
  });
});
