import { CRM_CODES, type CrmCode } from '@portal/contracts';
import { ACCOUNT_FIELDS, CrmMessage, PARAM_KEYS, SECRET_MASK } from '@portal/contracts/crm';
import { FORM_URLENCODED } from '@portal/contracts/endpoints';
import { ecConnector } from '../connectors/ec';
import type { CrmAccountParams } from '../connectors/types';
import { dialects, demoClients, expectError, startApp, type TestApp, type TestClient } from '../../../test/harness';
import { customerIdOf, itemIdsOf } from '../../../test/leads';
import {
  type CrmSandbox,
  EC_CREDENTIALS,
  EC_STYLE2_CREDENTIALS,
  fakeContext,
  HUOBAN_CREDENTIALS,
  LIXIAO_CREDENTIALS,
  startCrmSandbox,
  startFakeCrm,
  XBB_CREDENTIALS,
} from '../../../test/fake-crm';
import { DEMO_EC_ACCOUNT } from '../seed';

const ACCOUNT = '/rest/es/crmaccountsetting/getByUser';
const SAVE_ACCOUNT = '/rest/es/crmaccountsetting/post';
const SYNC_SOURCES = '/rest/es/crmchannelsource/syncEcV2ChannelSource';
const SYNC_STAFF = '/rest/es/crmuser/synchro';
const CANDIDATES = '/rest/es/crmuser/list4Creater';
const CREATOR = '/rest/es/crmcreater/getByUser';
const SAVE_CREATOR = '/rest/es/crmcreater/post';
const FIELD_MAPPING = '/rest/es/fieldmapping/getByUser';
const UPDATE_FIELDS = '/rest/es/fieldmapping/updateFieldMappingAndSource';
const LABELS = '/rest/es/crmlabelmapping/getByUser';
const UPDATE_LABELS = '/rest/es/crmlabelmapping/updateCrmLabelInfo';
const SAVE_LABELS = '/rest/es/crmlabelmapping/post';
const RULES = '/rest/es/distributerule/listByWyCustomerId';
const SAVE_RULES = '/rest/es/distributerule/saveList';
const GROUPS = '/rest/es/acceptgroup/listByWyCustomerId';
const SAVE_GROUPS = '/rest/es/acceptgroup/saveList';
const TEMPLATE_MAPPINGS = '/rest/es/crmtemplatemapping/getByUser';
const TEMPLATES = '/rest/es/crmtemplatemapping/listTemplate';
const SAVE_TEMPLATE = '/rest/es/crmtemplatemapping/post';
const STATIC_FIELDS = '/rest/es/crmstaticfield/listByCrmCode';
const PRODUCT_FIELDS_URL = '/rest/es/wystaticfield/listAll';

const CREDENTIALS: Record<CrmCode, CrmAccountParams> = {
  ec: EC_CREDENTIALS,
  lixiao: LIXIAO_CREDENTIALS,
  xbb: XBB_CREDENTIALS,
  huoban: HUOBAN_CREDENTIALS,
};

/** The account form of `params` as the page sends it, form-encoded (every param, empty ones too). */
function accountForm(params: CrmAccountParams, extra: Record<string, string> = {}): Record<string, string> {
  const form: Record<string, string> = { crmCode: params.crmCode, edition: params.edition ?? '1', sync: '1' };
  for (const key of PARAM_KEYS) form[key] = params[key] ?? '';
  return { ...form, ...extra };
}

const postForm = (client: TestClient, url: string, form: Record<string, string>) =>
  client.post(url, new URLSearchParams(form).toString(), { headers: { 'content-type': FORM_URLENCODED } });

describe('the demo seed', () => {
  it("gives demo an EC account that npm start's sandbox accepts: it verifies and pushes through the fake EC", async () => {
    const fake = await startFakeCrm('ec');
    try {
      const demo: CrmAccountParams = { crmCode: 'ec', edition: '1', ...DEMO_EC_ACCOUNT };
      await expect(ecConnector.verify(demo, fakeContext(fake))).resolves.toBeUndefined();
      const record = { leadId: 1, name: '演示客户', mobile: '13800000001', remark: '', province: null, city: null, fields: [], labels: [] };
      expect(await ecConnector.push(demo, [record], fakeContext(fake))).toEqual([{ kind: 'delivered', crmId: fake.records[0]?.crmId }]);
    } finally {
      await fake.close();
    }
  });
});

describe.each(dialects())('CRM account and source calls on %s', (dialect) => {
  let sandbox: CrmSandbox;
  let t: TestApp;
  let a: TestClient;
  let b: TestClient;
  let customerA: number;
  let customerB: number;

  beforeAll(async () => {
    sandbox = await startCrmSandbox();
    // The fakes' base URLs, once the CRM runtime is there.
    t = await startApp(dialect, {
      routes: (app) =>
        app.addHook('onReady', async () => {
          app.crm.setBaseUrls(sandbox.urls);
        }),
    });
    ({ a, b } = await demoClients(t));
    customerA = await customerIdOf(t.db, 'demo');
    customerB = await customerIdOf(t.db, 'demo2');
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });
  beforeEach(() => {
    for (const code of CRM_CODES) sandbox.fakes[code].reset();
  });

  const accountRow = (customerId: number, crmCode: CrmCode) =>
    t.db.selectFrom('crmAccounts').selectAll().where('customerId', '=', customerId).where('crmCode', '=', crmCode).executeTakeFirst();

  it("answers demo's seeded ec account with its secret masked, its setup steps and its push connection; demo2 has none", async () => {
    const answer = (await a.get(ACCOUNT, { query: { crmCode: 'ec' } })).json();
    expect(answer).toEqual({
      code: '200',
      message: '成功',
      data: expect.objectContaining({
        crmCode: 'ec',
        edition: '1',
        sync: 1,
        param1: EC_CREDENTIALS.param1,
        param2: EC_CREDENTIALS.param2,
        param3: SECRET_MASK,
        param10: '1',
        steps: { account: true, info: true, schedule: true, sync: true },
        connection: { paused: false, consecutiveFailures: 0, pausedAt: null, pending: 0, failed: 0 },
      }),
    });
    expect(JSON.stringify(answer)).not.toContain(EC_CREDENTIALS.param3);
    expect((await b.get(ACCOUNT, { query: { crmCode: 'ec' } })).json()).toEqual({ code: '200', message: '成功', data: null });
    expect((await a.get(ACCOUNT, { query: { crmCode: 'lixiao' } })).json().data).toBeNull();
    expectError(await a.get(ACCOUNT, { query: { crmCode: 'salesforce' } }), 400, CrmMessage.CrmCodeInvalid);
  });

  it('refuses a form missing a required field with its message, per CRM and ec style, and saves nothing', async () => {
    const variants: Array<[keyof typeof ACCOUNT_FIELDS, CrmAccountParams]> = [
      ['ec1', EC_CREDENTIALS],
      ['ec2', { ...EC_STYLE2_CREDENTIALS, param8: '1' }],
      ['lixiao', LIXIAO_CREDENTIALS],
      ['xbb', XBB_CREDENTIALS],
      ['huoban', HUOBAN_CREDENTIALS],
    ];
    let checked = 0;
    for (const [variant, params] of variants) {
      for (const rule of ACCOUNT_FIELDS[variant].filter((field) => field.required)) {
        const response = await postForm(b, SAVE_ACCOUNT, accountForm(params, { [rule.key]: '' }));
        expect({ variant, key: rule.key, status: response.statusCode, message: response.json().message }).toEqual({
          variant,
          key: rule.key,
          status: 400,
          message: rule.required,
        });
        checked += 1;
      }
    }
    expect(checked).toBe(3 + 7 + 4 + 4 + 5);
    // huoban's source and tag field names are optional (spec 001 section 5).
    expect(ACCOUNT_FIELDS.huoban.filter((field) => !field.required).map((field) => field.key)).toEqual(['param6', 'param7']);
    expectError(await postForm(b, SAVE_ACCOUNT, accountForm(EC_CREDENTIALS, { edition: '' })), 400, CrmMessage.EditionRequired);
    expectError(await postForm(b, SAVE_ACCOUNT, accountForm(EC_CREDENTIALS, { param10: '3' })), 400, CrmMessage.StyleInvalid);
    expectError(await postForm(b, SAVE_ACCOUNT, accountForm(EC_CREDENTIALS, { param1: 'x'.repeat(201) })), 400, CrmMessage.ParamTooLong);
    expect(await t.db.selectFrom('crmAccounts').select('id').where('customerId', '=', customerB).execute()).toEqual([]);
    expect(sandbox.fakes.ec.calls).toEqual({});
  });

  it('saves an account of each CRM once the CRM accepts its credentials', async () => {
    for (const code of CRM_CODES) {
      const response = await postForm(b, SAVE_ACCOUNT, accountForm(CREDENTIALS[code]));
      expect({ code, status: response.statusCode, message: response.json().message }).toEqual({
        code,
        status: 200,
        message: CrmMessage.SaveSucceeded,
      });
      expect(response.json().data).toEqual(
        expect.objectContaining({ crmCode: code, sync: 1, steps: { account: true, info: false, schedule: false, sync: true }, creater: 'demo2' }),
      );
      expect(Object.values(sandbox.fakes[code].calls).reduce((sum, count) => sum + count, 0)).toBeGreaterThan(0);
    }
    // lixiao's login made while checking is kept as the account's token.
    expect((await accountRow(customerB, 'lixiao'))?.authToken).toEqual(expect.any(String));
    // ec style 2: the third-party token header.
    const style2 = await postForm(b, SAVE_ACCOUNT, accountForm(EC_STYLE2_CREDENTIALS));
    expect(style2.json().data).toEqual(expect.objectContaining({ param10: '2', param2: EC_STYLE2_CREDENTIALS.param2, param3: SECRET_MASK }));
    expect((await accountRow(customerB, 'ec'))?.param3).toBe(EC_STYLE2_CREDENTIALS.param3);
    await postForm(b, SAVE_ACCOUNT, accountForm(EC_CREDENTIALS));
  });

  it('keeps the stored secret when the form sends the mask, and saves a sync change without asking the CRM', async () => {
    const before = await accountRow(customerA, 'ec');
    const response = await postForm(a, SAVE_ACCOUNT, accountForm(EC_CREDENTIALS, { param3: SECRET_MASK, sync: '0' }));
    expect(response.json()).toEqual({
      code: '200',
      message: CrmMessage.SaveSucceeded,
      data: expect.objectContaining({ sync: 0, param3: SECRET_MASK }),
    });
    expect(await accountRow(customerA, 'ec')).toEqual({ ...before, sync: 0 });
    expect(sandbox.fakes.ec.calls).toEqual({});
    // The CRM down: turning sync back on still saves (the credentials did not change).
    sandbox.fakes.ec.fail({ kind: '5xx' });
    expect((await postForm(a, SAVE_ACCOUNT, accountForm(EC_CREDENTIALS, { param3: SECRET_MASK }))).statusCode).toBe(200);
    expect(await accountRow(customerA, 'ec')).toEqual(before);
  });

  it('answers 400 and changes nothing when the CRM refuses the credentials or cannot be reached (the known defect is not reproduced)', async () => {
    const before = await accountRow(customerA, 'ec');
    expectError(await postForm(a, SAVE_ACCOUNT, accountForm(EC_CREDENTIALS, { param3: 'wrong-secret' })), 400, CrmMessage.AccountVerifyFailed);
    expectError(
      await postForm(a, SAVE_ACCOUNT, accountForm(EC_CREDENTIALS, { param1: '999', param3: SECRET_MASK })),
      400,
      CrmMessage.AccountVerifyFailed,
    );
    sandbox.fakes.ec.fail({ kind: '5xx' });
    expectError(await postForm(a, SAVE_ACCOUNT, accountForm(EC_CREDENTIALS, { param5: '8003' })), 400, CrmMessage.CrmUnavailable);
    sandbox.fakes.ec.recover();
    expect(await accountRow(customerA, 'ec')).toEqual(before);
    expect((await a.get(FIELD_MAPPING, { query: { crmCode: 'ec' } })).json().data.rows).toHaveLength(1);
    // No account stored yet and the mask sent: nothing to keep, the secret counts as missing.
    expectError(await postForm(a, SAVE_ACCOUNT, accountForm(LIXIAO_CREDENTIALS, { param3: SECRET_MASK })), 400, '请输入密码');
    expect(await accountRow(customerA, 'lixiao')).toBeUndefined();
  });

  it("checks a 励销 account on its edition's host: the wrong edition is refused by the connection test, an unknown one by the form", async () => {
    const wrongEdition = LIXIAO_CREDENTIALS.param4 === 'dingtalk' ? 'standalone' : 'dingtalk';
    const loginsBefore = Object.values(sandbox.fakes.lixiao.calls).reduce((sum, count) => sum + count, 0);
    expectError(await postForm(a, SAVE_ACCOUNT, accountForm(LIXIAO_CREDENTIALS, { param4: wrongEdition })), 400, CrmMessage.AccountVerifyFailed);
    // The connection test did ask 励销 (on the other edition's host), which did not know the company.
    expect(Object.values(sandbox.fakes.lixiao.calls).reduce((sum, count) => sum + count, 0)).toBeGreaterThan(loginsBefore);
    expectError(await postForm(a, SAVE_ACCOUNT, accountForm(LIXIAO_CREDENTIALS, { param4: 'mars' })), 400, '请选择励销版本');
    expect(await accountRow(customerA, 'lixiao')).toBeUndefined();
    expect((await postForm(a, SAVE_ACCOUNT, accountForm(LIXIAO_CREDENTIALS))).statusCode).toBe(200);
    expect((await accountRow(customerA, 'lixiao'))?.param4).toBe(LIXIAO_CREDENTIALS.param4);
    await t.db.deleteFrom('crmAccounts').where('customerId', '=', customerA).where('crmCode', '=', 'lixiao').execute();
  });

  it('pulls sources, staff, fields, labels and templates from the CRM on update, and sets the notice creator from the synced staff', async () => {
    const sources = (await a.get(SYNC_SOURCES)).json();
    expect(sources).toEqual({
      code: '200',
      message: CrmMessage.SyncSucceeded,
      data: [
        { id: expect.any(Number), sourceCode: '3001', sourceName: '官网推广' },
        { id: expect.any(Number), sourceCode: '3002', sourceName: '信息流广告' },
      ],
    });
    const staff = (await a.get(SYNC_STAFF, { query: { crmCode: 'ec' } })).json();
    expect(staff.message).toBe('同步成功！');
    expect(
      staff.data.map((member: { crmUserId: string; userName: string; deptName: string }) => [member.crmUserId, member.userName, member.deptName]),
    ).toEqual([
      ['8001', '张管理', '管理部'],
      ['8002', '李销售', '销售一部'],
      ['8003', '王销售', '销售一部'],
    ]);
    // A second sync updates rather than duplicates.
    expect((await a.get(SYNC_STAFF, { query: { crmCode: 'ec' } })).json().data).toEqual(staff.data);
    expect((await a.get(CANDIDATES)).json().data).toEqual(staff.data);
    expect((await b.get(CANDIDATES)).json().data).toEqual([]);

    expect((await a.get(CREATOR, { query: { crmCode: 'ec' } })).json().data).toBeNull();
    const creator = await postForm(a, SAVE_CREATOR, { crmCode: 'ec', userId: '8002', userName: '李销售', token: '', id: '' });
    expect(creator.json()).toEqual({
      code: '200',
      message: CrmMessage.SaveSucceeded,
      // EC's staff list has no phone (review E17): the creator's account is empty.
      data: { id: expect.any(Number), userId: '8002', userName: '李销售', account: '' },
    });
    expect((await a.get(CREATOR, { query: { crmCode: 'ec' } })).json().data).toEqual(creator.json().data);
    expectError(await postForm(a, SAVE_CREATOR, { crmCode: 'ec', userId: '9999', userName: '某人' }), 404, CrmMessage.UserNotFound);
    // demo2 cannot name demo's synced staff.
    expectError(await postForm(b, SAVE_CREATOR, { crmCode: 'ec', userId: '8002', userName: '李销售' }), 404, CrmMessage.UserNotFound);
    expect((await b.get(CREATOR, { query: { crmCode: 'ec' } })).json().data).toBeNull();

    const fields = (await a.get(UPDATE_FIELDS, { query: { crmCode: 'ec' } })).json();
    expect(fields.message).toBe(CrmMessage.UpdateSucceeded);
    expect(fields.data.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(fields.data.crmFields).toContainEqual({
      code: '10005',
      name: '行业',
      type: 'option',
      required: false,
      options: [
        { value: '101', text: '教育' },
        { value: '102', text: '医疗' },
        { value: '103', text: '互联网' },
      ],
      children: [],
    });
    // EC's custom fields are flat (review E14): none has children.
    expect(fields.data.crmFields.every((field: { children: unknown[] }) => field.children.length === 0)).toBe(true);

    const labels = (await a.get(UPDATE_LABELS, { query: { crmCode: 'ec' } })).json();
    expect(labels).toEqual({
      code: '200',
      message: CrmMessage.UpdateSucceeded,
      data: {
        updatedAt: expect.any(String),
        classes: [
          { classId: '4101', className: '高意向' },
          { classId: '4102', className: '低意向' },
          { classId: '4201', className: '广告线索' },
        ],
        rows: [],
      },
    });

    const templates = (await a.get(TEMPLATES)).json().data as Array<{ id: string; name: string }>;
    expect(templates.length).toBeGreaterThan(0);
    const saved = await postForm(a, SAVE_TEMPLATE, { crmTemplateId: templates[0].id, type: '1' });
    expect(saved.json()).toEqual({
      code: '200',
      message: CrmMessage.SaveSucceeded,
      data: { id: expect.any(Number), crmCode: 'ec', crmTemplateId: templates[0].id, type: 1 },
    });
    expect((await a.get(TEMPLATE_MAPPINGS)).json().data).toEqual([saved.json().data]);
    expectError(await postForm(a, SAVE_TEMPLATE, { crmTemplateId: 'no-such-template', type: '2' }), 404, CrmMessage.TemplateNotFound);
    expectError(await postForm(a, SAVE_TEMPLATE, { crmTemplateId: templates[0].id, type: '3' }), 400, CrmMessage.FieldInvalid);
    expect((await b.get(TEMPLATE_MAPPINGS)).json().data).toEqual([]);

    // The CRM down: 'update data' says so and keeps what was pulled before.
    sandbox.fakes.ec.fail({ kind: '5xx' });
    expectError(await a.get(UPDATE_FIELDS, { query: { crmCode: 'ec' } }), 400, CrmMessage.CrmUnavailable);
    expect((await a.get(FIELD_MAPPING, { query: { crmCode: 'ec' } })).json().data.updatedAt).toBe(fields.data.updatedAt);
  });

  it('pulls fields from every CRM, and labels from xbb too (label/allList)', async () => {
    for (const code of ['lixiao', 'xbb', 'huoban'] as const) {
      expect((await postForm(b, SAVE_ACCOUNT, accountForm(CREDENTIALS[code]))).statusCode).toBe(200);
      const fields = (await b.get(UPDATE_FIELDS, { query: { crmCode: code } })).json();
      expect({ code, message: fields.message, some: fields.data.crmFields.length > 0 }).toEqual({
        code,
        message: CrmMessage.UpdateSucceeded,
        some: true,
      });
    }
    const xbbLabels = (await b.get(UPDATE_LABELS, { query: { crmCode: 'xbb' } })).json();
    expect(xbbLabels.message).toBe(CrmMessage.UpdateSucceeded);
    expect(xbbLabels.data.classes.length).toBeGreaterThan(0);
    expect((await b.post(SAVE_LABELS, { crmCode: 'xbb', list: [] })).statusCode).toBe(200);
    expect((await b.get(UPDATE_LABELS, { query: { crmCode: 'huoban' } })).statusCode).toBe(200);
  });

  it('refuses calls that reach the CRM before an account is saved', async () => {
    const c = t.client();
    await c.login('demo2');
    await t.db.deleteFrom('crmAccounts').where('customerId', '=', customerB).where('crmCode', '=', 'huoban').execute();
    expectError(await c.get(UPDATE_FIELDS, { query: { crmCode: 'huoban' } }), 400, CrmMessage.AccountNotConfigured);
    expectError(await c.get(SYNC_STAFF, { query: { crmCode: 'huoban' } }), 400, CrmMessage.AccountNotConfigured);
    expectError(await c.post(SAVE_RULES, { crmCode: 'huoban', type: 0 }), 400, CrmMessage.AccountNotConfigured);
  });

  it('answers the product fields', async () => {
    const all = (await a.get(PRODUCT_FIELDS_URL)).json().data;
    expect(all).toContainEqual({ wyFCode: 'noSelect', wyFName: '找不到选项', wyFType: 'text' });
    expect(all).toContainEqual({ wyFCode: 'itemTitle', wyFName: '项目', wyFType: 'option' });
    expect((await a.get(STATIC_FIELDS, { query: { crmCode: 'xbb' } })).json().data).toEqual(all);
  });

  it('clears the configuration made against the earlier tenant when the CorpID changes, and nothing else', async () => {
    // demo's configuration against the fake's corp: mapping (seeded), labels, rules and a group, creator, template.
    await a.get(UPDATE_FIELDS, { query: { crmCode: 'ec' } });
    await a.get(UPDATE_LABELS, { query: { crmCode: 'ec' } });
    await a.get(SYNC_STAFF, { query: { crmCode: 'ec' } });
    const [itemId] = await itemIdsOf(t.db, customerA);
    expect((await a.post(SAVE_LABELS, { crmCode: 'ec', list: [{ classId: '4101', itemId, resType: 0 }] })).statusCode).toBe(200);
    const groups = (await a.post(SAVE_GROUPS, [{ name: '华东组' }])).json().data;
    expect(
      (await a.post(SAVE_RULES, { crmCode: 'ec', type: 1, areaRuleList: [{ acceptGroupId: groups[0].id, provinceList: ['上海'] }] })).statusCode,
    ).toBe(200);
    expect((await postForm(a, SAVE_CREATOR, { crmCode: 'ec', userId: '8001', userName: '张管理' })).statusCode).toBe(200);
    // A lead received by a synced staff member keeps them.
    const received = await t.db
      .selectFrom('crmUsers')
      .select('id')
      .where('customerId', '=', customerA)
      .where('crmUserId', '=', '8003')
      .executeTakeFirstOrThrow();
    const lead = await t.db.selectFrom('leads').select('id').where('customerId', '=', customerA).orderBy('id').executeTakeFirstOrThrow();
    await t.db.updateTable('leads').set({ crmFollowerId: received.id }).where('id', '=', lead.id).execute();
    // The account was on another corp before.
    await t.db
      .updateTable('crmAccounts')
      .set({ param1: '11110000', authToken: 'old', consecutiveFailures: 4, pausedAt: '2025-01-01 00:00:00' })
      .where('customerId', '=', customerA)
      .where('crmCode', '=', 'ec')
      .execute();
    // demo2's own ec settings are left alone.
    const bGroups = (await b.post(SAVE_GROUPS, [{ name: '二组' }])).json().data;
    expect(
      (await b.post(SAVE_RULES, { crmCode: 'ec', type: 1, areaRuleList: [{ acceptGroupId: bGroups[0].id, provinceList: ['北京'] }] })).statusCode,
    ).toBe(200);
    const bRulesBefore = (await b.get(RULES, { query: { crmCode: 'ec' } })).json().data;

    const saved = await postForm(a, SAVE_ACCOUNT, accountForm(EC_CREDENTIALS, { param3: SECRET_MASK }));
    expect(saved.json().data).toEqual(expect.objectContaining({ param1: EC_CREDENTIALS.param1, steps: expect.objectContaining({ info: false }) }));
    const row = await accountRow(customerA, 'ec');
    expect(row).toEqual(expect.objectContaining({ param3: EC_CREDENTIALS.param3, authToken: null, consecutiveFailures: 0, pausedAt: null }));
    const mapping = (await a.get(FIELD_MAPPING, { query: { crmCode: 'ec' } })).json().data;
    expect(mapping).toEqual({ crmCode: 'ec', resType: 1, updatedAt: null, crmFields: [], rows: [] });
    expect((await a.get(LABELS, { query: { crmCode: 'ec' } })).json().data).toEqual({ updatedAt: null, classes: [], rows: [] });
    expect((await a.get(RULES, { query: { crmCode: 'ec' } })).json().data).toEqual({ type: 0, areaRuleList: [], channelTypeRuleList: [] });
    expect((await a.get(CREATOR, { query: { crmCode: 'ec' } })).json().data).toBeNull();
    expect((await a.get(TEMPLATE_MAPPINGS)).json().data).toEqual([]);
    expect((await a.get(CANDIDATES)).json().data).toEqual([]);
    const kept = await t.db.selectFrom('crmUsers').selectAll().where('id', '=', received.id).executeTakeFirstOrThrow();
    expect(kept).toEqual(expect.objectContaining({ userName: '王销售', crmCode: null, crmUserId: null }));
    expect(await t.db.selectFrom('channelSources').select('id').where('customerId', '=', customerA).where('crmCode', '=', 'ec').execute()).toEqual(
      [],
    );
    // The accept groups are the customer's, not the CRM's: they stay.
    expect((await a.get(GROUPS)).json().data).toEqual(groups);
    expect((await b.get(RULES, { query: { crmCode: 'ec' } })).json().data).toEqual(bRulesBefore);
  });
});
