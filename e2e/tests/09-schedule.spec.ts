import type { Page } from '@playwright/test';
import * as XLSX from '@e965/xlsx';
import { IMPORT_COLUMNS } from '@portal/contracts/schedule';
import { chooseSelectOption, DEMO, dismissGuideIfShown, dismissLowBalanceIfShown, expect, loginAs, test, openFromSideMenu } from './helpers';

// The call-centre schedule journey: demo (ec sync on, rule 不限) schedules two staff today on a
// project no other journey sends leads to, one by importing an xlsx and one from the staff tree,
// with quantities 2 and 1; six new leads then go to them 2-1-2-1, as the resource list shows. Then
// tomorrow's seeded schedule is deleted and today's copied onto it: tomorrow is marked again.

const CHINA_OFFSET_MS = 8 * 3600_000;
/** A China day 'YYYY-MM-DD', `days` from today. */
const chinaDay = (days = 0) => new Date(Date.now() + CHINA_OFFSET_MS + days * 86_400_000).toISOString().slice(0, 10);
const dayOfMonth = (day: string) => Number(day.slice(8, 10));

const answerTo = (page: Page, method: string, path: string | RegExp) =>
  page.waitForResponse(
    (response) =>
      response.request().method() === method &&
      (typeof path === 'string' ? new URL(response.url()).pathname === path : path.test(new URL(response.url()).pathname)),
  );

/** The xlsx the import reads: the template's headers, one row per person. */
function scheduleSheet(rows: Array<Partial<Record<(typeof IMPORT_COLUMNS)[number]['key'], string | number>>>): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([
    IMPORT_COLUMNS.map((column) => column.header),
    ...rows.map((row) => IMPORT_COLUMNS.map((column) => row[column.key] ?? '')),
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, '排班');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** The day grid's button of `day` (named by what it shows: '5日 已排班 今天'). */
const dayButton = (scope: ReturnType<Page['locator']> | Page, day: string) =>
  scope.getByRole('button', { name: new RegExp(`^${dayOfMonth(day)}日`) });

/** Sends a lead of `itemId` to the open ingestion call with demo's key; answers its id. */
async function ingestInto(page: Page, itemId: number, name: string, mobile: string): Promise<number> {
  const key = ((await (await page.request.get('/rest/customer/account/ingest-key')).json()) as { data: { key: string } }).data.key;
  const answer = await page.request.post('/rest/open/leads', {
    headers: { 'X-Ingest-Key': key },
    data: { listKind: 'resource', resType: 1, itemId, name, mobile },
  });
  expect(answer.status(), await answer.text()).toBeLessThan(300);
  return ((await answer.json()) as { data?: { id: number }; id?: number }).data?.id ?? 0;
}

test('schedule two staff today by import and staff tree, quantities 2 and 1: six leads go 2-1-2-1; copy today to tomorrow', async ({ page }) => {
  test.setTimeout(180_000);
  const today = chinaDay(0);
  const tomorrow = chinaDay(1);
  await loginAs(page, DEMO);
  await dismissGuideIfShown(page);
  await dismissLowBalanceIfShown(page);

  // The last on-air project: the other journeys' leads go to the first.
  const items = (
    (await (await page.request.get('/rest/es/dailyarrange/itemList', { params: { crmCode: 'ec' } })).json()) as {
      data: Array<{ itemId: number; itemTitle: string; status: number }>;
    }
  ).data.filter((item) => item.status === 1);
  const project = items[items.length - 1];

  await openFromSideMenu(page, ['CRM同步', 'EC'], '排班', '**/ec/data-dispose');
  await expect(page.getByRole('heading', { name: 'EC排班' }).or(page.getByText('EC排班').first())).toBeVisible();

  await chooseSelectOption(page, page.getByRole('combobox', { name: '项目' }), project.itemTitle);
  await expect(dayButton(page, today)).toHaveAttribute('aria-pressed', 'true');

  // 1. Import: an xlsx naming 李销售 (1 a round) overwrites today's seeded rows.
  await page.getByRole('button', { name: /^导\s*入$/ }).click();
  const importDialog = page.getByRole('dialog', { name: '导入排班' });
  await importDialog.locator('input[type=file]').setInputFiles({
    name: '排班.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: scheduleSheet([{ userName: '李销售', dataNum: 1 }]),
  });
  const imported = answerTo(page, 'POST', '/rest/es/dailyarrange/files');
  await importDialog.getByRole('button', { name: '开始导入' }).click();
  expect((await imported).ok()).toBe(true);
  await expect(page.getByText('导入成功！')).toBeVisible();
  const table = page.locator('.ant-table-tbody');
  await expect(table.locator('tr.ant-table-row')).toHaveCount(1);
  await expect(table).toContainText('李销售');

  // 2. From the staff tree: 王销售.
  await page.getByRole('button', { name: '添加人员' }).click();
  const staffDialog = page.getByRole('dialog', { name: '添加排班人员' });
  await staffDialog.getByRole('treeitem').filter({ hasText: '王销售' }).locator('.ant-tree-checkbox').click();
  const inserted = answerTo(page, 'POST', '/rest/es/dailyarrange/insertCrmUser');
  await staffDialog.getByRole('button', { name: /确\s*定/ }).click();
  expect((await inserted).ok()).toBe(true);
  await expect(table.locator('tr.ant-table-row')).toHaveCount(2);

  // 3. Quantities 2 and 1, saved.
  await page.getByRole('spinbutton', { name: '李销售 每轮数量' }).fill('2');
  await page.getByRole('spinbutton', { name: '王销售 每轮数量' }).fill('1');
  const saved = answerTo(page, 'POST', '/rest/es/dailyarrange');
  await page.getByRole('button', { name: /^保\s*存$/ }).click();
  expect((await saved).ok()).toBe(true);
  await expect(page.getByText('保存成功！').first()).toBeVisible();

  // 4. Six leads: 李销售 twice, 王销售 once, and again.
  const names = Array.from({ length: 6 }, (_, i) => `排班轮流${i + 1}`);
  const stamp = String(Date.now()).slice(-6);
  for (const [i, name] of names.entries()) await ingestInto(page, project.itemId, name, `1370${stamp}${i}`);

  await page.getByRole('menuitem', { name: '智能投放' }).click();
  await page.getByRole('menuitem', { name: '资源列表' }).filter({ visible: true }).first().click();
  await page.waitForURL('**/resource');
  const expected = ['李销售', '李销售', '王销售', '李销售', '李销售', '王销售'];
  for (const [i, name] of names.entries()) {
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(expected[i]);
  }

  // 5. Tomorrow: its seeded schedule deleted (unmarked), then today's copied onto it (marked).
  await page.goto('/ec/data-dispose');
  await chooseSelectOption(page, page.getByRole('combobox', { name: '项目' }), project.itemTitle);
  if (tomorrow.slice(0, 7) !== today.slice(0, 7)) await page.getByRole('button', { name: '下个月' }).first().click();
  await dayButton(page, tomorrow).click();
  await expect(dayButton(page, tomorrow)).toHaveAttribute('aria-pressed', 'true');
  await expect(dayButton(page, tomorrow)).toHaveAccessibleName(/已排班/);
  await page.getByRole('button', { name: /^删\s*除$/ }).click();
  const deleted = answerTo(page, 'DELETE', /\/rest\/es\/dailyarrange\/\d{4}-\d{2}-\d{2}\/\d+$/);
  await page
    .locator('.ant-popconfirm:visible')
    .filter({ hasText: '确定要删除吗?' })
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  expect((await deleted).ok()).toBe(true);
  await expect(page.getByText('删除成功！')).toBeVisible();
  await expect(dayButton(page, tomorrow)).not.toHaveAccessibleName(/已排班/);

  if (tomorrow.slice(0, 7) !== today.slice(0, 7)) await page.getByRole('button', { name: '上个月' }).first().click();
  await dayButton(page, today).click();
  // The chosen day goes through the URL (?date=): copy once the grid shows it chosen.
  await expect(dayButton(page, today)).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: /^复\s*制$/ }).click();
  const copyDialog = page.getByRole('dialog', { name: '复制排班' });
  if (tomorrow.slice(0, 7) !== today.slice(0, 7)) await copyDialog.getByRole('button', { name: '下个月' }).click();
  await dayButton(copyDialog, tomorrow).click();
  const copied = answerTo(page, 'POST', '/rest/es/dailyarrange/copyList');
  await copyDialog.getByRole('button', { name: /^复\s*制$/ }).click();
  expect((await copied).ok()).toBe(true);
  await expect(page.getByText('复制成功')).toBeVisible();
  await expect(copyDialog).toBeHidden();
  if (tomorrow.slice(0, 7) !== today.slice(0, 7)) await page.getByRole('button', { name: '下个月' }).first().click();
  await expect(dayButton(page, tomorrow)).toHaveAccessibleName(/已排班/);
  await dayButton(page, tomorrow).click();
  await expect(page.locator('.ant-table-tbody')).toContainText('李销售');
  await expect(page.locator('.ant-table-tbody')).toContainText('王销售');
});
