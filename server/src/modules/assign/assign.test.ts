import { AssignResourceType, CommonMessage, CRM_DUPLICATE_REMARK, LeadMessage } from '@portal/contracts';
import { AssignIneligible, AssignMessage, LEAD_BATCH_MAX, LeadApiMessage, type Lead } from '@portal/contracts/leads';
import { leadListEndpoints } from '@portal/contracts/endpoints';
import { saveAccount } from '../crm/push/testing';
import { EC_CREDENTIALS, XBB_CREDENTIALS } from '../../test/fake-crm';
import { dialects, expectError, type TestClient, useDemoApp } from '../../test/harness';
import { customerIdOf, insertFixtures, leadRow, storedLead } from '../../test/leads';
import { chinaToday } from '../../lib/time';
import { refusalMessage } from './service';
import { DEMO_EC_STAFF } from '../schedule/seed';

const D = '/rest/es/eccutomerdistribute';
const BY_USER = `${D}/assignResourcesManually`;
const BY_SOURCE = `${D}/assignResourcesManuallyByChannelSource`;
const BY_PUSH = `${D}/AssignResourcesManuallyByThridPush`;
const MODE = `${D}/getCrmAssignResourceType`;
const USERS = '/rest/es/crmuser/like';
const SOURCES = '/rest/es/crmchannelsource/like';

describe('refusalMessage', () => {
  it('names the refused leads, at most ten', () => {
    expect(refusalMessage([{ name: '张三', mobile: '13800138000' }])).toBe('以下线索已分配或已推送，不能手动分配：张三(13800138000)');
    const many = Array.from({ length: 12 }, (_, i) => ({ name: `客户${i}`, mobile: `1380000000${i}` }));
    expect(refusalMessage(many)).toMatch(/、客户9\(13800000009\)等12条$/);
    expect(refusalMessage(many)).not.toContain('客户10');
  });
});

describe.each(dialects())('manual assignment on %s', (dialect) => {
  const s = useDemoApp(dialect);
  let customerA: number;
  let customerB: number;
  let staffA: Array<{ id: number; userName: string }>;
  let staffB: Array<{ id: number; userName: string }>;
  let receiversA: Array<{ id: number; userName: string }>;
  beforeAll(async () => {
    customerA = await customerIdOf(s.t.db, 'demo');
    customerB = await customerIdOf(s.t.db, 'demo2');
    staffA = (await s.a.get(USERS)).json().data;
    staffB = (await s.b.get(USERS)).json().data;
    // The demo's ec staff, as a staff sync from the CRM stored them.
    receiversA = await s.t.db
      .selectFrom('crmUsers')
      .select(['id', 'userName'])
      .where('customerId', '=', customerA)
      .where('crmCode', '=', 'ec')
      .orderBy('id')
      .execute();
  });

  it("answers each customer's assign resource type", async () => {
    expect((await s.a.get(MODE)).json()).toEqual({ code: '200', message: '成功', data: AssignResourceType.User });
    expect((await s.b.get(MODE)).json().data).toBe(AssignResourceType.ChannelSource);
    // A customer without a settings row gets the default (1).
    await s.t.db.deleteFrom('customerSettings').where('customerId', '=', customerB).execute();
    expect((await s.b.get(MODE)).json().data).toBe(AssignResourceType.User);
    await s.t.db.insertInto('customerSettings').values({ customerId: customerB, assignResourceType: AssignResourceType.ChannelSource }).execute();
  });

  describe('search', () => {
    it("finds the customer's own staff by part of the name, at most 20", async () => {
      // The seed's ten, and the demo's ec staff (synced from the CRM sandbox for its schedule).
      expect(staffA).toHaveLength(10 + DEMO_EC_STAFF.length);
      expect(staffA[0]).toEqual({
        id: expect.any(Number),
        userName: expect.any(String),
        phone: expect.stringMatching(/^1\d{10}$/),
        deptName: expect.any(String),
        eligible: true,
        reason: null,
      });
      const found = (await s.a.get(USERS, { query: { userName: '丽' } })).json();
      expect(found).toEqual({ code: '200', message: '成功', data: [expect.objectContaining({ userName: '张丽' })] });
      expect((await s.a.get(USERS, { query: { userName: '孙悦' } })).json().data).toEqual([]);
      expect(staffB.some((user) => staffA.some((other) => other.id === user.id))).toBe(false);
      const many = Array.from({ length: 30 }, (_, i) => ({ customerId: customerA, userName: `临时员工${i}`, phone: '', deptName: '' }));
      await s.t.db.insertInto('crmUsers').values(many).execute();
      expect((await s.a.get(USERS, { query: { userName: '临时' } })).json().data).toHaveLength(20);
      await s.t.db.deleteFrom('crmUsers').where('userName', 'like', '临时员工%').execute();
    });

    it('takes % and _ literally and refuses over-long keywords', async () => {
      expect((await s.a.get(USERS, { query: { userName: '%' } })).json().data).toEqual([]);
      expect((await s.a.get(USERS, { query: { userName: '_' } })).json().data).toEqual([]);
      expect((await s.a.get(USERS, { query: { userName: "' OR 1=1 --" } })).json().data).toEqual([]);
      expectError(await s.a.get(USERS, { query: { userName: 'x'.repeat(51) } }), 400, AssignMessage.KeywordInvalid);
      expectError(await s.a.get(SOURCES, { query: { sourceName: 'a\u0000' } }), 400, AssignMessage.KeywordInvalid);
    });

    it("finds the customer's own channel sources", async () => {
      expect((await s.a.get(SOURCES)).json().data).toHaveLength(5);
      expect((await s.a.get(SOURCES, { query: { sourceName: '头条' } })).json().data).toEqual([
        { id: expect.any(Number), sourceCode: 'src_toutiao', sourceName: '今日头条' },
      ]);
      expect((await s.b.get(SOURCES, { query: { sourceName: '头条' } })).json().data).toEqual([]);
    });
  });

  describe('assign to staff', () => {
    it('sets the receiver of every listed lead, which then counts as assigned', async () => {
      const [resource, feedback] = await insertFixtures(s.t.db, [
        leadRow(customerA, 'resource', { createTime: '2021-06-01T04:00:00.000Z' }),
        leadRow(customerA, 'feedback', { createTime: '2021-06-01T04:00:00.000Z' }),
      ]);
      const user = receiversA[2];
      const response = await s.a.put(BY_USER, {
        resourceList: [
          { id: resource, tableName: 'resource' },
          { id: feedback, tableName: 'feedback' },
        ],
        userId: user.id,
      });
      expect(response.json()).toEqual({ code: '200', message: LeadMessage.AssignSucceeded, data: { count: 2 } });
      expect(await storedLead(s.t.db, resource)).toMatchObject({ crmFollower: user.userName, crmFollowerId: user.id });
      const listed = (
        await s.a.get(`/rest${leadListEndpoints.resource.path}`, { query: { startTime: '2021-06-01', endTime: '2021-06-01', crmFollowerState: '1' } })
      ).json() as Lead[];
      expect(listed.map((lead) => [lead.id, lead.crmFollower])).toEqual([[resource, user.userName]]);
      // Ids in a JSON body are JSON integers: a string is refused, whatever its spelling.
      const [another] = await insertFixtures(s.t.db, [leadRow(customerA, 'baiList')]);
      expectError(
        await s.a.put(BY_USER, { resourceList: [{ id: String(another), tableName: 'baidu_flow' }], userId: user.id }),
        400,
        LeadApiMessage.IdInvalid,
      );
      expectError(
        await s.a.put(BY_USER, { resourceList: [{ id: another, tableName: 'baidu_flow' }], userId: String(user.id) }),
        400,
        AssignMessage.UserRequired,
      );
    });

    it('refuses leads that already have a receiver, were pushed, or duplicate a CRM resource, naming them', async () => {
      const [free, followed, pushed, duplicate] = await insertFixtures(s.t.db, [
        leadRow(customerA, 'resource', { name: '空闲', mobile: '13700000001' }),
        leadRow(customerA, 'resource', { name: '张三', mobile: '13800138000', crmFollower: '王强' }),
        leadRow(customerA, 'resource', { name: '李四', mobile: '13900139000', crmPushed: 1 }),
        leadRow(customerA, 'infoList', { name: '王五', mobile: '13600136000', remark: `客户说：${CRM_DUPLICATE_REMARK}` }),
      ]);
      const response = await s.a.put(BY_USER, {
        resourceList: [
          { id: free, tableName: 'resource' },
          { id: followed, tableName: 'resource' },
          { id: pushed, tableName: 'resource' },
          { id: duplicate, tableName: 'form' },
        ],
        userId: receiversA[0].id,
      });
      expectError(response, 400, '以下线索已分配或已推送，不能手动分配：张三(13800138000)、李四(13900139000)、王五(13600136000)');
      expect(await storedLead(s.t.db, free)).toMatchObject({ crmFollower: null, crmFollowerId: null });
      expect((await storedLead(s.t.db, followed)).crmFollower).toBe('王强');
      // Assigned once, a lead cannot be assigned again.
      expect((await s.a.put(BY_USER, { resourceList: [{ id: free, tableName: 'resource' }], userId: receiversA[0].id })).statusCode).toBe(200);
      expectError(
        await s.a.put(BY_USER, { resourceList: [{ id: free, tableName: 'resource' }], userId: receiversA[1].id }),
        400,
        '以下线索已分配或已推送，不能手动分配：空闲(13700000001)',
      );
      expect((await storedLead(s.t.db, free)).crmFollower).toBe(receiversA[0].userName);
    });

    it('refuses a lead whose CRM push is on its way, and takes one whose push was refused', async () => {
      const [queued, refused] = await insertFixtures(s.t.db, [
        leadRow(customerA, 'resource', { name: '排队', mobile: '13700000011' }),
        leadRow(customerA, 'resource', { name: '被拒', mobile: '13700000012' }),
      ]);
      const job = (leadId: number, status: string) => ({
        customerId: customerA,
        crmCode: 'ec',
        leadId,
        status,
        origin: 'auto',
        nextAttemptAt: Date.now(),
        createdAt: Date.now(),
        createTime: '2026-11-24 10:00:00',
      });
      await s.t.db
        .insertInto('crmPushJobs')
        .values([job(queued, 'pending'), job(refused, 'refused')])
        .execute();
      expectError(
        await s.a.put(BY_USER, { resourceList: [{ id: queued, tableName: 'resource' }], userId: receiversA[0].id }),
        400,
        '以下线索已分配或已推送，不能手动分配：排队(13700000011)',
      );
      expect((await s.a.put(BY_USER, { resourceList: [{ id: refused, tableName: 'resource' }], userId: receiversA[0].id })).statusCode).toBe(200);
    });

    it("refuses another customer's leads and staff, other lists' tableNames and deleted leads, changing nothing", async () => {
      const [own, foreign, deleted] = await insertFixtures(s.t.db, [
        leadRow(customerA, 'resource'),
        leadRow(customerB, 'resource'),
        leadRow(customerA, 'resource', { status: -1 }),
      ]);
      const cases: Array<[TestClient, unknown, number, string]> = [
        [
          s.a,
          {
            resourceList: [
              { id: own, tableName: 'resource' },
              { id: foreign, tableName: 'resource' },
            ],
            userId: receiversA[0].id,
          },
          404,
          LeadApiMessage.NotFound,
        ],
        [s.a, { resourceList: [{ id: own, tableName: 'feedback' }], userId: receiversA[0].id }, 404, LeadApiMessage.NotFound],
        [s.a, { resourceList: [{ id: deleted, tableName: 'resource' }], userId: receiversA[0].id }, 404, LeadApiMessage.NotFound],
        [s.a, { resourceList: [{ id: own, tableName: 'resource' }], userId: staffB[0].id }, 404, AssignMessage.UserNotFound],
        [s.b, { resourceList: [{ id: own, tableName: 'resource' }], userId: staffB[0].id }, 404, LeadApiMessage.NotFound],
        [s.b, { resourceList: [{ id: own, tableName: 'resource' }], channelSourceCode: 'b_baidu' }, 404, LeadApiMessage.NotFound],
        [s.a, { resourceList: [{ id: own, tableName: 'resource' }], channelSourceCode: 'b_baidu' }, 404, AssignMessage.SourceNotFound],
      ];
      for (const [client, body, status, message] of cases) {
        const target = 'userId' in (body as object) ? BY_USER : BY_SOURCE;
        expectError(await client.put(target, body), status, message);
      }
      for (const id of [own, foreign])
        expect(await storedLead(s.t.db, id)).toMatchObject({ crmFollower: null, crmFollowerId: null, channelSourceCode: null });
    });

    it('refuses malformed bodies with the spec messages', async () => {
      const [own] = await insertFixtures(s.t.db, [leadRow(customerA, 'resource')]);
      const cases: Array<[unknown, string, string?]> = [
        [{ resourceList: [], userId: receiversA[0].id }, LeadMessage.NothingSelectedAssign, 'resourceList'],
        [{ userId: receiversA[0].id }, LeadMessage.NothingSelectedAssign, 'resourceList'],
        [
          { resourceList: [{ id: own, tableName: 'leads; DROP TABLE leads' }], userId: receiversA[0].id },
          LeadApiMessage.TableNameInvalid,
          'resourceList.0.tableName',
        ],
        [{ resourceList: [{ id: own, tableName: 'unknown' }], userId: receiversA[0].id }, LeadApiMessage.TableNameInvalid],
        [{ resourceList: [{ id: own }], userId: receiversA[0].id }, LeadApiMessage.TableNameInvalid],
        [{ resourceList: [{ id: 'x', tableName: 'resource' }], userId: receiversA[0].id }, LeadApiMessage.IdInvalid],
        [{ resourceList: [{ id: own, tableName: 'resource' }] }, AssignMessage.UserRequired, 'userId'],
        [{ resourceList: [{ id: own, tableName: 'resource' }], userId: -1 }, AssignMessage.UserRequired],
        [{ resourceList: [{ id: own, tableName: 'resource' }], userId: '1 OR 1=1' }, AssignMessage.UserRequired],
        [
          { resourceList: Array.from({ length: LEAD_BATCH_MAX + 1 }, (_, i) => ({ id: i + 1, tableName: 'resource' })), userId: receiversA[0].id },
          LeadApiMessage.TooMany,
        ],
        [[own], LeadMessage.NothingSelectedAssign],
      ];
      for (const [body, message, field] of cases) {
        const response = await s.a.put(BY_USER, body);
        expectError(response, 400, message);
        if (field) expect(response.json().field).toBe(field);
      }
      expectError(
        await s.a.put(BY_SOURCE, { resourceList: [{ id: own, tableName: 'resource' }], channelSourceCode: '' }),
        400,
        AssignMessage.SourceRequired,
      );
      expect((await storedLead(s.t.db, own)).crmFollower).toBeNull();
    });
  });

  it('assigns to a channel source, whose name then shows as the receiver', async () => {
    const [own] = await insertFixtures(s.t.db, [leadRow(customerA, 'resource')]);
    const response = await s.a.put(BY_SOURCE, { resourceList: [{ id: own, tableName: 'resource' }], channelSourceCode: 'src_douyin' });
    expect(response.json()).toEqual({ code: '200', message: LeadMessage.AssignSucceeded, data: { count: 1 } });
    expect(await storedLead(s.t.db, own)).toMatchObject({ crmFollower: '抖音', crmFollowerId: null, channelSourceCode: 'src_douyin' });
    expectError(await s.a.put(BY_SOURCE, { resourceList: [{ id: own, tableName: 'resource' }], channelSourceCode: 'src_baidu' }), 400);
  });

  describe('third-party push (mode 3)', () => {
    const jobsOf = (leadId: number) => s.t.db.selectFrom('crmPushJobs').selectAll().where('leadId', '=', leadId).orderBy('crmCode').execute();

    it('refuses until a CRM account has sync on', async () => {
      const [ownB] = await insertFixtures(s.t.db, [leadRow(customerB, 'resource')]);
      await s.t.db.deleteFrom('crmAccounts').where('customerId', '=', customerB).execute();
      expectError(await s.b.put(BY_PUSH, { resourceList: [{ id: ownB, tableName: 'resource' }] }), 400, AssignMessage.ThirdPushNotConfigured);
      await saveAccount(s.t.db, customerB, EC_CREDENTIALS, 0);
      expectError(await s.b.put(BY_PUSH, { resourceList: [{ id: ownB, tableName: 'resource' }] }), 400, AssignMessage.ThirdPushNotConfigured);
      expectError(await s.b.put(BY_PUSH, { resourceList: [] }), 400, LeadMessage.NothingSelectedAssign);
      expect(await jobsOf(ownB)).toEqual([]);
      expect((await storedLead(s.t.db, ownB)).crmPushed).toBe(0);
    });

    it('queues one push per lead and CRM with sync on, once; refuses assigned, queued and foreign leads, changing nothing', async () => {
      await saveAccount(s.t.db, customerA, EC_CREDENTIALS);
      await saveAccount(s.t.db, customerA, XBB_CREDENTIALS);
      const [one, two, followed, foreign] = await insertFixtures(s.t.db, [
        leadRow(customerA, 'resource', { name: '甲', mobile: '13700000011' }),
        leadRow(customerA, 'infoList', { name: '乙', mobile: '13700000012' }),
        leadRow(customerA, 'resource', { name: '丙', mobile: '13700000013', crmFollower: '王强' }),
        leadRow(customerB, 'resource'),
      ]);
      const response = await s.a.put(BY_PUSH, {
        resourceList: [
          { id: one, tableName: 'resource' },
          { id: two, tableName: 'form' },
        ],
      });
      expect(response.json()).toEqual({ code: '200', message: '操作成功：已提交推送2条', data: { count: 2 } });
      expect((await jobsOf(one)).map((job) => [job.crmCode, job.status, job.origin])).toEqual([
        ['ec', 'pending', 'manual'],
        ['xbb', 'pending', 'manual'],
      ]);
      // A lead already queued is refused like an assigned one, and nothing else is queued.
      const [three] = await insertFixtures(s.t.db, [leadRow(customerA, 'resource', { name: '丁', mobile: '13700000014' })]);
      expectError(
        await s.a.put(BY_PUSH, {
          resourceList: [
            { id: three, tableName: 'resource' },
            { id: one, tableName: 'resource' },
          ],
        }),
        400,
        '以下线索已分配或已推送，不能手动分配：甲(13700000011)',
      );
      expectError(
        await s.a.put(BY_PUSH, { resourceList: [{ id: followed, tableName: 'resource' }] }),
        400,
        '以下线索已分配或已推送，不能手动分配：丙(13700000013)',
      );
      expectError(await s.a.put(BY_PUSH, { resourceList: [{ id: foreign, tableName: 'resource' }] }), 404, LeadApiMessage.NotFound);
      expectError(await s.a.put(BY_PUSH, { resourceList: [{ id: three, tableName: 'feedback' }] }), 404, LeadApiMessage.NotFound);
      for (const id of [three, followed, foreign]) expect(await jobsOf(id)).toEqual([]);
      await s.t.db.deleteFrom('crmAccounts').where('customerId', '=', customerA).where('crmCode', '=', 'xbb').execute();
    });
  });

  describe('candidates of the assignment dialog (like with leadIds)', () => {
    it('offers every staff member, each with whether they can take the leads and why not; the assignment keeps to it', async () => {
      const today = chinaToday();
      const item = await s.t.db
        .selectFrom('items')
        .select(['id', 'title'])
        .where('customerId', '=', customerB)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const other = await s.t.db
        .selectFrom('items')
        .select(['id', 'title'])
        .where('customerId', '=', customerB)
        .where('id', '!=', item.id)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const staff = await s.t.db
        .insertInto('crmUsers')
        .values([
          { customerId: customerB, userName: '候选甲', phone: '13900000101', deptName: '一部', crmCode: 'ec', crmUserId: 'c1' },
          { customerId: customerB, userName: '候选乙', phone: '13900000102', deptName: '一部', crmCode: 'ec', crmUserId: 'c2' },
          { customerId: customerB, userName: '候选丙', phone: '13900000103', deptName: '', crmCode: null, crmUserId: null },
          { customerId: customerB, userName: '候选丁', phone: '13900000104', deptName: '', crmCode: 'ec', crmUserId: 'c4' },
        ])
        .returning(['id', 'userName'])
        .execute();
      const [jia, , bing, ding] = staff.map((row) => row.id);
      const row = (userId: number, dataNumLimit: number | null, itemId = item.id) => ({
        customerId: customerB,
        crmCode: 'ec',
        itemId,
        date: today,
        userId,
        dataNum: 1,
        dataNumLimit,
        createTime: `${today} 08:00:00`,
      });
      await s.t.db
        .insertInto('dailyArrangements')
        .values([row(jia, null), row(ding, 2), row(bing, null)])
        .execute();
      // Distribution gave 候选丁 one lead of the project today.
      await s.t.db
        .insertInto('distributionDays')
        .values({ customerId: customerB, crmCode: 'ec', itemId: item.id, date: today, state: JSON.stringify({ turns: {}, counts: { [ding]: 1 } }) })
        .execute();
      const [one, two, elsewhere] = await insertFixtures(s.t.db, [
        leadRow(customerB, 'resource', { itemId: item.id, itemTitle: item.title, name: '线索一', mobile: '13700000101' }),
        leadRow(customerB, 'resource', { itemId: item.id, itemTitle: item.title, name: '线索二', mobile: '13700000102' }),
        leadRow(customerB, 'resource', { itemId: other.id, itemTitle: other.title, name: '线索三', mobile: '13700000103' }),
      ]);
      const candidates = async (leadIds: number[], userName = '候选') => {
        const response = await s.b.get(USERS, { query: { userName, leadIds: leadIds.join(',') } });
        expect(response.statusCode).toBe(200);
        return Object.fromEntries(
          (response.json().data as Array<{ userName: string; eligible: boolean; reason: string | null }>).map((user) => [
            user.userName,
            [user.eligible, user.reason],
          ]),
        );
      };

      try {
        await s.t.db.deleteFrom('crmAccounts').where('customerId', '=', customerB).execute();
        // Without a CRM with sync on, schedules and CRM staff do not apply: everyone can take leads.
        expect(await candidates([one])).toEqual({
          候选甲: [true, null],
          候选乙: [true, null],
          候选丙: [true, null],
          候选丁: [true, null],
        });

        await saveAccount(s.t.db, customerB, EC_CREDENTIALS);
        // With sync on, the schedule's daily cap binds: 候选丁 (cap 2, given one today) can take one more, not two.
        expect(await candidates([one])).toEqual({
          候选甲: [true, null],
          候选乙: [true, null],
          候选丙: [true, null],
          候选丁: [true, null],
        });
        expect(await candidates([one, two])).toEqual({
          候选甲: [true, null],
          // Not on today's schedule: manual assignment is how a lead nobody on it can take leaves the queue.
          候选乙: [true, null],
          候选丙: [true, null],
          候选丁: [false, AssignIneligible.dailyCap(2)],
        });
        expect(AssignIneligible.dailyCap(2)).toBe('已达今日上限（2条）');
        // Leads of several projects name the project whose cap would be passed; a cap of 0 takes none.
        expect((await candidates([one, two, elsewhere]))['候选丁']).toEqual([false, `${item.title}已达今日上限（2条）`]);
        await s.t.db
          .updateTable('dailyArrangements')
          .set({ dataNumLimit: 0 })
          .where('customerId', '=', customerB)
          .where('userId', '=', jia)
          .execute();
        expect((await candidates([one]))['候选甲']).toEqual([false, '今日不接收线索（每日上限0条）']);
        // The cap is per project: leads of another project are not counted against it.
        expect((await candidates([elsewhere]))['候选甲']).toEqual([true, null]);
        await s.t.db
          .updateTable('dailyArrangements')
          .set({ dataNumLimit: null })
          .where('customerId', '=', customerB)
          .where('userId', '=', jia)
          .execute();
        // Every staff member, past the search's 20, when the dialog asks with leadIds.
        const all = (await s.b.get(USERS, { query: { leadIds: String(one) } })).json().data as unknown[];
        expect(all.length).toBe((await s.t.db.selectFrom('crmUsers').select('id').where('customerId', '=', customerB).execute()).length);
        // Malformed lead ids are refused.
        for (const leadIds of ['abc', '1,,2', '-1', '0', '1;2', '99999999999'])
          expectError(await s.b.get(USERS, { query: { leadIds } }), 400, AssignMessage.LeadIdsInvalid);

        // The assignment keeps to the same rule: the ineligible are refused with the reason, the eligible taken.
        expectError(
          await s.b.put(BY_USER, {
            resourceList: [
              { id: one, tableName: 'resource' },
              { id: two, tableName: 'resource' },
            ],
            userId: ding,
          }),
          400,
          '不能分配给候选丁：已达今日上限（2条）',
        );
        expect((await storedLead(s.t.db, one)).crmFollower).toBeNull();
        // A hand-entered staff member off the schedule takes a lead.
        expect((await s.b.put(BY_USER, { resourceList: [{ id: two, tableName: 'resource' }], userId: bing })).json().code).toBe('200');
        const taken = await s.b.put(BY_USER, { resourceList: [{ id: one, tableName: 'resource' }], userId: jia });
        expect(taken.json()).toEqual({ code: '200', message: LeadMessage.AssignSucceeded, data: { count: 1 } });
        expect(await storedLead(s.t.db, one)).toMatchObject({ crmFollower: '候选甲', crmFollowerId: jia });
      } finally {
        await s.t.db.deleteFrom('crmAccounts').where('customerId', '=', customerB).execute();
        await s.t.db.deleteFrom('distributionDays').where('customerId', '=', customerB).execute();
        await s.t.db.deleteFrom('dailyArrangements').where('customerId', '=', customerB).execute();
      }
    });
  });

  it('needs a session and X-Requested-With', async () => {
    for (const [method, url] of [
      ['GET', MODE],
      ['PUT', BY_USER],
      ['PUT', BY_SOURCE],
      ['PUT', BY_PUSH],
      ['GET', USERS],
      ['GET', SOURCES],
    ] as const) {
      expectError(await s.t.client().call(method, url), 401, CommonMessage.NotLoggedIn);
      if (method === 'PUT')
        expectError(await s.a.call(method, url, { payload: {}, withoutRequestedWith: true }), 403, CommonMessage.MissingRequestedWith);
    }
  });
});
