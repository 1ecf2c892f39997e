import type { Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { crmSandboxOrigin, sqlitePath } from '../playwright.config';
import {
  DEMO,
  DEMO2,
  dismissGuideIfShown,
  dismissLowBalanceIfShown,
  expect,
  ingestLead,
  loginAs,
  nextAnswer,
  test,
  openFromSideMenu,
} from './helpers';

// The CRM push journeys, against the CRM sandbox that `npm start` runs (the fake EC on loopback,
// driven over its control calls): demo2, who has no CRM yet, configures its ec account, maps a
// field, turns sync on and sees an ingested lead delivered in the push log; with the fake failing
// a lead is shown retrying, and arrives once the fake recovers; in mode 3 a lead is pushed by hand.

const EC = crmSandboxOrigin('ec');

interface FakeRecord {
  crmId: string;
  mobile: string;
  body: { list?: Array<Record<string, unknown>> } & Record<string, unknown>;
}

/** The next answer to a `method` call of `path` (nextAnswer waits for GETs only). */
const answerTo = (page: Page, method: string, path: string) =>
  page.waitForResponse((response) => response.request().method() === method && new URL(response.url()).pathname === path);

async function fake(page: Page, path: string, data?: unknown) {
  const answer = data === undefined ? await page.request.get(`${EC}${path}`) : await page.request.post(`${EC}${path}`, { data });
  expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
  return answer.json() as Promise<unknown>;
}

/** The sandbox EC's customers created for `mobile`. */
async function recordsFor(page: Page, mobile: string): Promise<FakeRecord[]> {
  return ((await fake(page, '/__fake/records')) as FakeRecord[]).filter((record) => record.mobile === mobile);
}

/** The mobile of the lead stored under `id`, as the push log shows it. */
async function mobileOf(page: Page, id: number): Promise<string> {
  const rows = (await (await page.request.get('/rest/customer/feedback/resource', { params: { pageSize: '100' } })).json()) as Array<{
    id: number;
    mobile: string;
  }>;
  const row = rows.find((candidate) => candidate.id === id);
  expect(row, `lead ${id} on the resource list`).toBeTruthy();
  return row!.mobile;
}

/** The push log's row of a lead (the table is refreshed with 刷新 until `status` shows). */
async function expectPushRow(page: Page, name: string, status: RegExp) {
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: name });
  await expect(async () => {
    const answer = nextAnswer(page, '/rest/es/crmpushlog/list');
    await page.getByRole('button', { name: /刷\s*新/ }).click();
    await answer;
    await expect(row.first()).toContainText(status, { timeout: 1000 });
  }).toPass({ timeout: 60_000, intervals: [500, 1000, 2000] });
  return row.first();
}

function setAssignMode(account: string, mode: number) {
  const root = join(__dirname, '../..');
  execFileSync(process.execPath, ['--import', 'tsx', join(root, 'server/src/cli.ts'), 'assign-mode', '--account', account, '--mode', String(mode)], {
    cwd: root,
    env: { ...process.env, SQLITE_PATH: sqlitePath, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    stdio: 'pipe',
  });
}

test.describe.configure({ mode: 'serial' });

test('configure the sandbox ec account, map a field, turn sync on: a new lead is delivered, and after a CRM outage too', async ({ page }) => {
  test.setTimeout(180_000);
  await fake(page, '/__fake/recover', {});
  const { credentials } = (await fake(page, '/__fake/credentials')) as { credentials: Record<string, string> };

  await loginAs(page, DEMO2);
  await dismissGuideIfShown(page);
  await dismissLowBalanceIfShown(page);
  await openFromSideMenu(page, ['CRM同步', 'EC'], '推送设置', '**/ec-setting');

  // The account (style 1: CorpID, AppID, AppSecret), edition saas, sync on.
  const account = page.getByRole('tabpanel');
  await account.getByLabel('CorpID').fill(credentials.param1);
  await account.getByLabel('AppID').fill(credentials.param2);
  await account.getByLabel('AppSecret').fill(credentials.param3);
  await account.getByLabel('操作人ID').fill(credentials.param4);
  await account.getByLabel('跟进人ID').fill(credentials.param5);
  await account.getByText('saas', { exact: true }).click();
  await account.getByRole('switch', { name: '开启同步' }).click();
  let saved = answerTo(page, 'POST', '/rest/es/crmaccountsetting/post');
  await account.getByRole('button', { name: /保\s*存/ }).click();
  expect((await saved).ok()).toBe(true);
  await expect(page.getByText('保存成功！')).toBeVisible();

  // The field mapping: 更新数据 pulls EC's fields; 公司名称 takes the lead's name.
  await page.getByRole('tab', { name: '字段配置' }).click();
  const updated = nextAnswer(page, '/rest/es/fieldmapping/updateFieldMappingAndSource');
  await page.getByRole('button', { name: /更新数据/ }).click();
  expect((await updated).ok()).toBe(true);
  await expect(page.getByText('更新成功')).toBeVisible();
  await page.getByText('公司名称', { exact: true }).first().click();
  await page.getByRole('combobox', { name: '公司名称 产品字段' }).click();
  await page.locator('.ant-select-dropdown:visible').getByText('姓名', { exact: true }).click();
  saved = answerTo(page, 'POST', '/rest/es/fieldmapping/post');
  await page
    .getByRole('tabpanel')
    .getByRole('button', { name: /保\s*存/ })
    .click();
  expect((await saved).ok()).toBe(true);

  // A new lead reaches the sandbox EC once, and the push log says so.
  const id = await ingestLead(page, 'resource', 'CRM推送客户');
  const mobile = await mobileOf(page, id);
  await page.getByRole('tab', { name: '推送记录' }).click();
  await expectPushRow(page, 'CRM推送客户', /已推送/);
  const delivered = await recordsFor(page, mobile);
  expect(delivered).toHaveLength(1);
  expect(JSON.stringify(delivered[0].body)).toContain('CRM推送客户');

  // EC down: the next lead is retrying, with EC's answer as the reason; once EC is back it arrives.
  await fake(page, '/__fake/fault', { kind: '5xx' });
  const second = await ingestLead(page, 'resource', 'CRM重试客户');
  const secondMobile = await mobileOf(page, second);
  const retrying = await expectPushRow(page, 'CRM重试客户', /推送中/);
  await expect(retrying).toContainText(/\d{2}:\d{2}/);
  await retrying.getByRole('button', { name: '查看记录' }).click();
  const history = page.getByRole('dialog');
  await expect(history).toContainText('失败，稍后重试');
  await history
    .getByRole('button', { name: /关\s*闭|Close/ })
    .first()
    .click();
  await fake(page, '/__fake/recover', {});
  await expectPushRow(page, 'CRM重试客户', /已推送/);
  expect(await recordsFor(page, secondMobile)).toHaveLength(1);
});

test('in mode 3 a lead chosen by hand is pushed to the CRM after 确定操作？', async ({ page }) => {
  test.setTimeout(120_000);
  await fake(page, '/__fake/recover', {});
  // demo's seeded ec account has sync on; its rule is set to one no lead meets (by channel type,
  // no row), so a new lead waits for the hand push. Both are put back whatever happens.
  setAssignMode(DEMO.account, 3);
  await loginAs(page, DEMO);
  await dismissGuideIfShown(page);
  await dismissLowBalanceIfShown(page);
  const saveRule = (type: number) =>
    page.request.post('/rest/es/distributerule/saveList', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { crmCode: 'ec', type, areaRuleList: [], channelTypeRuleList: [] },
    });
  try {
    const rules = await saveRule(2);
    expect(rules.ok(), await rules.text()).toBe(true);
    const id = await ingestLead(page, 'resource', '手动推送客户');
    const mobile = await mobileOf(page, id);

    await page.getByRole('menuitem', { name: '智能投放' }).click();
    await page.getByRole('menuitem', { name: '资源列表' }).filter({ visible: true }).first().click();
    await page.waitForURL('**/resource');
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '手动推送客户' }).first();
    await row.getByRole('button', { name: '手动分配' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确定操作？' });
    await expect(confirm).toBeVisible();
    const pushed = answerTo(page, 'PUT', '/rest/es/eccutomerdistribute/AssignResourcesManuallyByThridPush');
    await confirm.getByRole('button', { name: /确\s*定|OK/ }).click();
    expect((await pushed).ok()).toBe(true);
    await expect(page.getByText(/操作成功：已提交推送1条/)).toBeVisible();
    await expect.poll(async () => (await recordsFor(page, mobile)).length, { timeout: 60_000 }).toBe(1);
    await expect(row).toContainText(/已推送/, { timeout: 30_000 });
  } finally {
    setAssignMode(DEMO.account, 1);
    expect((await saveRule(0)).ok()).toBe(true);
  }
});
