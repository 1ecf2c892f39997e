import { PARAM_KEYS, CrmMessage } from '@portal/contracts/crm';
import { FORM_URLENCODED } from '@portal/contracts/endpoints';
import { dialects, demoClients, expectError, startApp, type TestApp, type TestClient } from '../../../test/harness';
import { customerIdOf, itemIdsOf } from '../../../test/leads';
import { type CrmSandbox, EC_CREDENTIALS, startCrmSandbox } from '../../../test/fake-crm';
import { loadPushMapping } from './service';

const ACCOUNT = '/rest/es/crmaccountsetting/getByUser';
const SAVE_ACCOUNT = '/rest/es/crmaccountsetting/post';
const FIELD_MAPPING = '/rest/es/fieldmapping/getByUser';
const UPDATE_FIELDS = '/rest/es/fieldmapping/updateFieldMappingAndSource';
const SAVE_MAPPING = '/rest/es/fieldmapping/post';
const EC_MAPPING = '/rest/es/crmfieldmapping/getByUser';
const EC_UPDATE = '/rest/es/crmfieldmapping/updateFieldMapping';
const EC_SAVE_MAPPING = '/rest/es/crmfieldmapping/post';
const ITEM_RULES = '/rest/es/fieldmapping/listChannelSourceDistributeRule';
const SAVE_ITEM_RULES = '/rest/es/fieldmapping/postChannelSourceDistributeRule';
const LABELS = '/rest/es/crmlabelmapping/getByUser';
const UPDATE_LABELS = '/rest/es/crmlabelmapping/updateCrmLabelInfo';
const SAVE_LABELS = '/rest/es/crmlabelmapping/post';
const RULES = '/rest/es/distributerule/listByWyCustomerId';
const SAVE_RULES = '/rest/es/distributerule/saveList';
const GROUPS = '/rest/es/acceptgroup/listByWyCustomerId';
const SAVE_GROUPS = '/rest/es/acceptgroup/saveList';
const CREATOR = '/rest/es/crmcreater/getByUser';
const CANDIDATES = '/rest/es/crmuser/list4Creater';
const TEMPLATE_MAPPINGS = '/rest/es/crmtemplatemapping/getByUser';

/** The tables of a customer's CRM settings. */
const SETTINGS_TABLES = [
  'crmAccounts',
  'crmDiscovery',
  'crmFieldMappings',
  'crmLabelMappings',
  'crmTemplateMappings',
  'crmCreators',
  'acceptGroups',
  'distributeRules',
  'distributeRuleRows',
] as const;

describe.each(dialects())('CRM mapping, rules and groups on %s', (dialect) => {
  let sandbox: CrmSandbox;
  let t: TestApp;
  let a: TestClient;
  let b: TestClient;
  let customerA: number;
  let customerB: number;
  let itemsA: number[];
  let itemsB: number[];
  let channelA: number;
  let channelB: number;

  /** Every settings row of a customer, table by table, in a stable order. */
  async function settingsOf(customerId: number): Promise<Record<string, unknown[]>> {
    const out: Record<string, unknown[]> = {};
    for (const table of SETTINGS_TABLES) {
      const rows = await t.db.selectFrom(table).selectAll().where('customerId', '=', customerId).execute();
      out[table] = rows.map((row) => JSON.stringify(row)).sort();
    }
    return out;
  }

  beforeAll(async () => {
    sandbox = await startCrmSandbox();
    t = await startApp(dialect, {
      routes: (app) =>
        app.addHook('onReady', async () => {
          app.crm.setBaseUrls(sandbox.urls);
        }),
    });
    ({ a, b } = await demoClients(t));
    customerA = await customerIdOf(t.db, 'demo');
    customerB = await customerIdOf(t.db, 'demo2');
    itemsA = await itemIdsOf(t.db, customerA);
    itemsB = await itemIdsOf(t.db, customerB);
    const channel = (customerId: number) =>
      t.db.selectFrom('channels').select('id').where('customerId', '=', customerId).orderBy('id').executeTakeFirstOrThrow();
    channelA = (await channel(customerA)).id;
    channelB = (await channel(customerB)).id;
    // demo has the seeded ec account; demo2 gets one too, so that its saves reach the ownership checks.
    const form: Record<string, string> = { crmCode: 'ec', edition: '1', sync: '0' };
    for (const key of PARAM_KEYS) form[key] = EC_CREDENTIALS[key] ?? '';
    const saved = await b.post(SAVE_ACCOUNT, new URLSearchParams(form).toString(), { headers: { 'content-type': FORM_URLENCODED } });
    expect(saved.statusCode).toBe(200);
    for (const client of [a, b]) {
      expect((await client.get(UPDATE_FIELDS, { query: { crmCode: 'ec' } })).statusCode).toBe(200);
      expect((await client.get(UPDATE_LABELS, { query: { crmCode: 'ec' } })).statusCode).toBe(200);
    }
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  describe('field mapping', () => {
    // ec's fake fields: 10001 公司名称, 10002 预算, 10004 座机, 10005 行业 (options 101..103), 10009 详细地址.
    const mappingRow = {
      crmFCode: '10005',
      crmFName: '随便写的名字',
      wyFCode: 'noSelect',
      itemId: null,
      channelId: null,
      wyDefaultValue: '102',
      wyDefaultBooleanValue: null,
      wyUseDefault: true,
      children: [],
    };

    it('saves the rows of a CRM and resType, and answers them with the CRM field names as discovered', async () => {
      const list = [
        mappingRow,
        { crmFCode: '10001', wyFCode: 'itemTitle', itemId: itemsA[0], channelId: channelA },
        { crmFCode: '10009', wyFCode: 'noSelect', wyDefaultValue: '未知地址', wyUseDefault: true },
        { crmFCode: '10002', wyFCode: null, wyUseDefault: true, wyDefaultBooleanValue: true },
      ];
      const saved = (await a.post(SAVE_MAPPING, { crmCode: 'ec', resType: 1, list })).json();
      const rows = [
        { ...mappingRow, crmFName: '行业' },
        {
          crmFCode: '10001',
          crmFName: '公司名称',
          wyFCode: 'itemTitle',
          itemId: itemsA[0],
          channelId: channelA,
          wyDefaultValue: null,
          wyDefaultBooleanValue: null,
          wyUseDefault: false,
          children: [],
        },
        {
          crmFCode: '10009',
          crmFName: '详细地址',
          wyFCode: 'noSelect',
          itemId: null,
          channelId: null,
          wyDefaultValue: '未知地址',
          wyDefaultBooleanValue: null,
          wyUseDefault: true,
          children: [],
        },
        {
          crmFCode: '10002',
          crmFName: '预算',
          wyFCode: null,
          itemId: null,
          channelId: null,
          wyDefaultValue: null,
          wyDefaultBooleanValue: true,
          wyUseDefault: true,
          children: [],
        },
      ];
      expect(saved).toEqual({
        code: '200',
        message: CrmMessage.SaveSucceeded,
        data: { crmCode: 'ec', resType: 1, updatedAt: expect.any(String), crmFields: expect.any(Array), rows },
      });
      expect((await a.get(FIELD_MAPPING, { query: { crmCode: 'ec', resType: '1' } })).json().data).toEqual(saved.data);
      expect((await a.get(FIELD_MAPPING, { query: { crmCode: 'ec' } })).json().data).toEqual(saved.data);
      // What the push pipeline reads.
      const push = await loadPushMapping(t.db, customerA, 'ec', 1);
      expect(push.rows).toEqual(rows);
      expect(push.crmFields.map((field) => field.code)).toContain('10005');
      // The smart-chat mapping (seeded) is its own.
      expect((await a.get(EC_MAPPING, { query: { resType: '2' } })).json().data.rows.map((row: { wyFCode: string }) => row.wyFCode)).toEqual([
        'itemTitle',
      ]);
      expect((await a.get(ACCOUNT, { query: { crmCode: 'ec' } })).json().data.steps.info).toBe(true);
    });

    it('has the ec-only calls for the same mapping', async () => {
      const updated = (await a.get(EC_UPDATE, { query: { resType: '2' } })).json();
      expect(updated).toEqual({ code: '200', message: CrmMessage.UpdateSucceeded, data: expect.objectContaining({ crmCode: 'ec', resType: 2 }) });
      const saved = (await a.post(EC_SAVE_MAPPING, { resType: 2, list: [{ crmFCode: '10004', wyFCode: 'mobile' }] })).json();
      expect(saved.data.rows).toEqual([expect.objectContaining({ crmFCode: '10004', crmFName: '座机', wyFCode: 'mobile' })]);
      expect((await a.get(FIELD_MAPPING, { query: { crmCode: 'ec', resType: '2' } })).json().data).toEqual(saved.data);
      expect((await a.get(EC_MAPPING)).json().data.resType).toBe(1);
    });

    it('refuses a mapping that names what the CRM or the customer does not have, and keeps the saved one', async () => {
      const before = await settingsOf(customerA);
      const save = (list: unknown[]) => a.post(SAVE_MAPPING, { crmCode: 'ec', resType: 1, list });
      expectError(await save([{ ...mappingRow, crmFCode: 'f_nothing' }]), 400, CrmMessage.FieldNotFound);
      expectError(await save([{ crmFCode: '10009', children: [{ crmFCode: '10001', wyFChildCode: 'name' }] }]), 400, CrmMessage.FieldNotFound);
      expectError(await save([{ ...mappingRow, wyDefaultValue: null }]), 400, CrmMessage.FieldInvalid);
      expectError(await save([{ crmFCode: '10001', wyFCode: 'name', wyUseDefault: true, wyDefaultValue: '  ' }]), 400, CrmMessage.FieldInvalid);
      expectError(await save([{ ...mappingRow, wyDefaultValue: '999' }]), 400, CrmMessage.FieldInvalid);
      expectError(await save([{ crmFCode: '10009', wyFCode: 'noSelect' }]), 400, CrmMessage.FieldInvalid);
      expectError(await save([{ ...mappingRow, wyFCode: 'password' }]), 400, CrmMessage.FieldInvalid);
      expectError(await save([]), 400, CrmMessage.NoProjects);
      expectError(await a.post(SAVE_MAPPING, { crmCode: 'ec', resType: 1 }), 400, CrmMessage.NoProjects);
      expectError(await save([{ ...mappingRow, itemId: itemsB[0] }]), 404, CrmMessage.ItemNotFound);
      expectError(await save([{ ...mappingRow, itemId: 2_000_000_000 }]), 404, CrmMessage.ItemNotFound);
      expectError(await save([{ ...mappingRow, channelId: channelB }]), 404, CrmMessage.ChannelNotFound);
      expectError(await a.post(SAVE_MAPPING, { crmCode: 'ec', resType: 3, list: [mappingRow] }), 400, CrmMessage.FieldInvalid);
      // Fields of a CRM never updated.
      expectError(await a.post(SAVE_MAPPING, { crmCode: 'lixiao', resType: 1, list: [mappingRow] }), 400, CrmMessage.AccountNotConfigured);
      expect(await settingsOf(customerA)).toEqual(before);
    });
  });

  describe('per-project rule rows', () => {
    it('answers one row per project of the customer, with the defaults until saved', async () => {
      const rows = (await a.get(ITEM_RULES, { query: { crmCode: 'ec' } })).json().data;
      expect(rows.map((row: { itemId: number }) => row.itemId)).toEqual(itemsA);
      expect(rows[0]).toEqual({
        itemId: itemsA[0],
        itemName: expect.any(String),
        crmCode: 'ec',
        crmFCode: null,
        crmFName: null,
        dataNum: 1,
        dataNumLimit: null,
        distributeNum: 0,
        sort: 0,
      });
      expect((await b.get(ITEM_RULES, { query: { crmCode: 'ec' } })).json().data.map((row: { itemId: number }) => row.itemId)).toEqual(itemsB);
    });

    it('saves rows of the customer projects, and refuses others', async () => {
      const saved = (
        await a.post(SAVE_ITEM_RULES, { crmCode: 'ec', list: [{ itemId: itemsA[1], dataNum: 3, dataNumLimit: 100, distributeNum: 2, sort: 5 }] })
      ).json();
      expect(saved.message).toBe(CrmMessage.SaveSucceeded);
      const row = saved.data.find((candidate: { itemId: number }) => candidate.itemId === itemsA[1]);
      expect(row).toEqual(expect.objectContaining({ dataNum: 3, dataNumLimit: 100, distributeNum: 2, sort: 5 }));
      expect(saved.data[saved.data.length - 1]).toEqual(row);
      expect((await a.get(ITEM_RULES, { query: { crmCode: 'ec' } })).json().data).toEqual(saved.data);
      const before = await settingsOf(customerA);
      expectError(await a.post(SAVE_ITEM_RULES, { crmCode: 'ec', list: [{ itemId: itemsB[0] }] }), 404, CrmMessage.ItemNotFound);
      expectError(
        await a.post(SAVE_ITEM_RULES, { crmCode: 'ec', list: [{ itemId: itemsA[0] }, { itemId: itemsA[0] }] }),
        400,
        CrmMessage.FieldInvalid,
      );
      expectError(await a.post(SAVE_ITEM_RULES, { crmCode: 'ec', list: [{ itemId: itemsA[0], dataNum: -1 }] }), 400, CrmMessage.NumberInvalid);
      expectError(await a.post(SAVE_ITEM_RULES, { crmCode: 'ec', list: [{ itemId: itemsA[0], dataNumLimit: 1.5 }] }), 400, CrmMessage.NumberInvalid);
      expect(await settingsOf(customerA)).toEqual(before);
    });
  });

  describe('label mapping', () => {
    it('saves rows of discovered classes to the customer projects and channels', async () => {
      const saved = (
        await a.post(SAVE_LABELS, {
          crmCode: 'ec',
          list: [
            { classId: '4101', className: '别的名字', itemId: itemsA[0], channelId: channelA, resType: 1 },
            { classId: '4201', itemId: itemsA[1], resType: 0 },
          ],
        })
      ).json();
      expect(saved).toEqual({
        code: '200',
        message: CrmMessage.SaveSucceeded,
        data: {
          updatedAt: expect.any(String),
          classes: expect.arrayContaining([{ classId: '4101', className: '高意向' }]),
          rows: [
            { classId: '4101', className: '高意向', itemId: itemsA[0], channelId: channelA, resType: 1 },
            { classId: '4201', className: '广告线索', itemId: itemsA[1], channelId: null, resType: 0 },
          ],
        },
      });
      expect((await a.get(LABELS, { query: { crmCode: 'ec' } })).json().data).toEqual(saved.data);
      const before = await settingsOf(customerA);
      expectError(
        await a.post(SAVE_LABELS, { crmCode: 'ec', list: [{ classId: '9999', itemId: itemsA[0], resType: 0 }] }),
        400,
        CrmMessage.FieldNotFound,
      );
      expectError(
        await a.post(SAVE_LABELS, { crmCode: 'ec', list: [{ classId: '4101', itemId: itemsB[0], resType: 0 }] }),
        404,
        CrmMessage.ItemNotFound,
      );
      expectError(
        await a.post(SAVE_LABELS, { crmCode: 'ec', list: [{ classId: '4101', itemId: itemsA[0], channelId: channelB, resType: 0 }] }),
        404,
        CrmMessage.ChannelNotFound,
      );
      expectError(
        await a.post(SAVE_LABELS, { crmCode: 'ec', list: [{ classId: '4101', itemId: itemsA[0], resType: 3 }] }),
        400,
        CrmMessage.FieldInvalid,
      );
      expect(await settingsOf(customerA)).toEqual(before);
    });
  });

  describe('distribution rules and accept groups', () => {
    let groups: Array<{ id: number; name: string }>;

    it('answers type 0 with no rows before any rule is saved', async () => {
      expect((await a.get(RULES, { query: { crmCode: 'ec' } })).json()).toEqual({
        code: '200',
        message: '成功',
        data: { type: 0, areaRuleList: [], channelTypeRuleList: [] },
      });
      expect((await a.get(RULES, { query: { crmCode: 'huoban' } })).json().data.type).toBe(0);
    });

    it('saves the accept groups as a whole list', async () => {
      const saved = (await a.post(SAVE_GROUPS, [{ name: '华东组' }, { name: '华北组' }, { name: '信息流组' }])).json();
      expect(saved).toEqual({
        code: '200',
        message: CrmMessage.SaveSucceeded,
        data: [
          { id: expect.any(Number), name: '华东组' },
          { id: expect.any(Number), name: '华北组' },
          { id: expect.any(Number), name: '信息流组' },
        ],
      });
      groups = saved.data;
      expect((await a.get(GROUPS)).json().data).toEqual(groups);
      expectError(await a.post(SAVE_GROUPS, [{ name: '甲' }, { name: '甲' }]), 400, CrmMessage.AcceptGroupNameDuplicate);
      expectError(await a.post(SAVE_GROUPS, [{ name: ' ' }]), 400, CrmMessage.AcceptGroupNameRequired);
      expectError(
        await a.post(SAVE_GROUPS, [
          { id: groups[0].id, name: '甲' },
          { id: groups[0].id, name: '乙' },
        ]),
        400,
        CrmMessage.FieldInvalid,
      );
      expect((await a.get(GROUPS)).json().data).toEqual(groups);
    });

    it('saves the type and its rows; a province or channel type in one row only; groups must be the customer', async () => {
      const rule = {
        crmCode: 'ec',
        type: 1,
        areaRuleList: [
          { acceptGroupId: groups[0].id, provinceList: ['上海', '江苏', '浙江'] },
          { acceptGroupId: groups[1].id, provinceList: ['北京'] },
        ],
        channelTypeRuleList: [{ acceptGroupId: groups[2].id, channelType: 2 }],
      };
      const saved = (await a.post(SAVE_RULES, rule)).json();
      expect(saved).toEqual({
        code: '200',
        message: CrmMessage.SaveSucceeded,
        data: {
          type: 1,
          areaRuleList: rule.areaRuleList.map((row) => ({ ...row, crmCode: 'ec' })),
          channelTypeRuleList: [{ acceptGroupId: groups[2].id, crmCode: 'ec', channelType: 2 }],
        },
      });
      expect((await a.get(RULES, { query: { crmCode: 'ec' } })).json().data).toEqual(saved.data);

      const before = await settingsOf(customerA);
      const taken = await a.post(SAVE_RULES, {
        ...rule,
        areaRuleList: [...rule.areaRuleList, { acceptGroupId: groups[2].id, provinceList: ['江苏'] }],
      });
      expectError(taken, 400, CrmMessage.ProvinceTaken);
      expectError(
        await a.post(SAVE_RULES, {
          ...rule,
          type: 2,
          channelTypeRuleList: [1, 1].map((channelType) => ({ acceptGroupId: groups[2].id, channelType })),
        }),
        400,
        CrmMessage.ChannelTypeTaken,
      );
      expectError(
        await a.post(SAVE_RULES, { ...rule, areaRuleList: [{ acceptGroupId: groups[0].id, provinceList: ['亚特兰蒂斯'] }] }),
        400,
        CrmMessage.ProvinceRequired,
      );
      expectError(
        await a.post(SAVE_RULES, { ...rule, areaRuleList: [{ acceptGroupId: groups[0].id, provinceList: [] }] }),
        400,
        CrmMessage.ProvinceRequired,
      );
      expectError(await a.post(SAVE_RULES, { ...rule, type: 3 }), 400, CrmMessage.FieldInvalid);
      expectError(
        await a.post(SAVE_RULES, { ...rule, areaRuleList: [{ acceptGroupId: 2_000_000_000, provinceList: ['北京'] }] }),
        404,
        CrmMessage.AcceptGroupNotFound,
      );
      expect(await settingsOf(customerA)).toEqual(before);
    });

    it('deletes the groups left out of the list, with their rule rows', async () => {
      const kept = [groups[0], { ...groups[1], name: '华北二组' }];
      const saved = (await a.post(SAVE_GROUPS, [...kept, { name: '新组' }])).json().data;
      expect(saved).toEqual([...kept, { id: expect.any(Number), name: '新组' }]);
      const rules = (await a.get(RULES, { query: { crmCode: 'ec' } })).json().data;
      expect(rules.channelTypeRuleList).toEqual([]);
      expect(rules.areaRuleList.map((row: { acceptGroupId: number }) => row.acceptGroupId)).toEqual([groups[0].id, groups[1].id]);
      groups = saved;
    });
  });

  describe('customer B and customer A', () => {
    it("never shows B anything of A's by any read", async () => {
      const bAnswers = async () => ({
        account: (await b.get(ACCOUNT, { query: { crmCode: 'ec' } })).json().data,
        mapping: (await b.get(FIELD_MAPPING, { query: { crmCode: 'ec' } })).json().data,
        ecMapping: (await b.get(EC_MAPPING, { query: { resType: '2' } })).json().data,
        itemRules: (await b.get(ITEM_RULES, { query: { crmCode: 'ec' } })).json().data,
        labels: (await b.get(LABELS, { query: { crmCode: 'ec' } })).json().data,
        rules: (await b.get(RULES, { query: { crmCode: 'ec' } })).json().data,
        groups: (await b.get(GROUPS)).json().data,
        creator: (await b.get(CREATOR, { query: { crmCode: 'ec' } })).json().data,
        candidates: (await b.get(CANDIDATES)).json().data,
        templates: (await b.get(TEMPLATE_MAPPINGS)).json().data,
        lixiao: (await b.get(ACCOUNT, { query: { crmCode: 'lixiao' } })).json().data,
      });
      const seen = await bAnswers();
      expect(seen).toEqual({
        account: expect.objectContaining({ crmCode: 'ec', creater: 'demo2', sync: 0 }),
        mapping: expect.objectContaining({ rows: [] }),
        ecMapping: expect.objectContaining({ rows: [] }),
        itemRules: itemsB.map((itemId) => expect.objectContaining({ itemId, dataNum: 1 })),
        labels: expect.objectContaining({ rows: [] }),
        rules: { type: 0, areaRuleList: [], channelTypeRuleList: [] },
        groups: [],
        creator: null,
        candidates: [],
        templates: [],
        lixiao: null,
      });
      const text = JSON.stringify(seen);
      for (const id of [...itemsA.slice(0, 2), channelA]) expect(text).not.toContain(`"itemId":${id},`);
      expect(text).not.toContain('华东组');
    });

    it("refuses every change by B that names A's ids, and changes nothing of A's", async () => {
      const before = await settingsOf(customerA);
      const groupsA = (await a.get(GROUPS)).json().data as Array<{ id: number; name: string }>;
      expectError(await b.post(SAVE_GROUPS, [{ id: groupsA[0].id, name: '抢来的组' }]), 404, CrmMessage.AcceptGroupNotFound);
      expectError(
        await b.post(SAVE_GROUPS, [{ name: '自己的组' }, { id: groupsA[1].id, name: groupsA[1].name }]),
        404,
        CrmMessage.AcceptGroupNotFound,
      );
      expectError(
        await b.post(SAVE_RULES, { crmCode: 'ec', type: 1, areaRuleList: [{ acceptGroupId: groupsA[0].id, provinceList: ['北京'] }] }),
        404,
        CrmMessage.AcceptGroupNotFound,
      );
      expectError(
        await b.post(SAVE_RULES, { crmCode: 'ec', type: 2, channelTypeRuleList: [{ acceptGroupId: groupsA[0].id, channelType: 1 }] }),
        404,
        CrmMessage.AcceptGroupNotFound,
      );
      expectError(
        await b.post(SAVE_MAPPING, { crmCode: 'ec', resType: 1, list: [{ crmFCode: '10001', wyFCode: 'itemTitle', itemId: itemsA[0] }] }),
        404,
        CrmMessage.ItemNotFound,
      );
      expectError(
        await b.post(EC_SAVE_MAPPING, { resType: 1, list: [{ crmFCode: '10001', wyFCode: 'channel', channelId: channelA }] }),
        404,
        CrmMessage.ChannelNotFound,
      );
      expectError(await b.post(SAVE_ITEM_RULES, { crmCode: 'ec', list: [{ itemId: itemsA[0], dataNum: 9 }] }), 404, CrmMessage.ItemNotFound);
      expectError(
        await b.post(SAVE_LABELS, { crmCode: 'ec', list: [{ classId: '4101', itemId: itemsA[0], resType: 0 }] }),
        404,
        CrmMessage.ItemNotFound,
      );
      // B's own whole-list saves replace B's lists only.
      expect((await b.post(SAVE_GROUPS, [])).statusCode).toBe(200);
      expect((await b.post(SAVE_ITEM_RULES, { crmCode: 'ec', list: [] })).statusCode).toBe(200);
      expect((await b.post(SAVE_LABELS, { crmCode: 'ec', list: [] })).statusCode).toBe(200);
      expect((await b.post(SAVE_RULES, { crmCode: 'ec', type: 0 })).statusCode).toBe(200);
      expect((await b.post(SAVE_MAPPING, { crmCode: 'ec', resType: 1, list: [{ crmFCode: '10001', wyFCode: 'name' }] })).statusCode).toBe(200);
      expect(await settingsOf(customerA)).toEqual(before);
    });

    it('refuses hostile payloads with a 400 and changes nothing', async () => {
      const before = { a: await settingsOf(customerA), b: await settingsOf(customerB) };
      const deep: Record<string, unknown> = {};
      let cursor = deep;
      for (let depth = 0; depth < 200; depth += 1) cursor = cursor.children = { crmFCode: 'x' } as Record<string, unknown>;
      const hostile: Array<[string, unknown]> = [
        [SAVE_MAPPING, { crmCode: 'ec', resType: 1, list: [{ crmFCode: '10001\u0000', wyFCode: 'name' }] }],
        [SAVE_MAPPING, { crmCode: 'ec', resType: 1, list: [{ crmFCode: '10001', wyFCode: 'name', wyDefaultValue: 'x'.repeat(10_000) }] }],
        [SAVE_MAPPING, { crmCode: 'ec', resType: 1, list: Array.from({ length: 501 }, () => ({ crmFCode: '10001' })) }],
        [SAVE_MAPPING, { crmCode: 'ec', resType: 1, list: [{ crmFCode: '10009', ...deep }] }],
        [SAVE_MAPPING, { crmCode: { $ne: null }, resType: 1, list: [{ crmFCode: '10001' }] }],
        [SAVE_MAPPING, { crmCode: 'ec', resType: '1', list: [{ crmFCode: '10001', itemId: '1 OR 1=1' }] }],
        [SAVE_MAPPING, JSON.parse('{"__proto__":{"admin":true},"crmCode":"ec","resType":1,"list":[{"crmFCode":"10001","itemId":-1}]}')],
        [SAVE_ITEM_RULES, { crmCode: 'ec', list: [{ itemId: itemsA[0], dataNum: 1e308 }] }],
        [SAVE_LABELS, { crmCode: 'ec', list: [{ classId: ['4101'], itemId: itemsA[0], resType: 0 }] }],
        [SAVE_RULES, { crmCode: 'ec', type: 1, areaRuleList: 'all' }],
        [SAVE_RULES, { crmCode: 'ec', type: 1, areaRuleList: Array.from({ length: 101 }, () => ({ acceptGroupId: 1, provinceList: ['北京'] })) }],
        [SAVE_GROUPS, { name: '一组' }],
        [SAVE_GROUPS, [{ name: 'x'.repeat(31) }]],
        [SAVE_GROUPS, [{ name: 'a\u0000b' }]],
        [SAVE_GROUPS, Array.from({ length: 51 }, (_, i) => ({ name: `组${i}` }))],
      ];
      for (const client of [a, b]) {
        for (const [url, body] of hostile) {
          const response = await client.post(url, body);
          expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
        }
      }
      expect({ a: await settingsOf(customerA), b: await settingsOf(customerB) }).toEqual(before);
    });
  });
});
