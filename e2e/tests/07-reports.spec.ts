import type { Page } from '@playwright/test';
import * as XLSX from '@e965/xlsx';
import { readFileSync } from 'node:fs';
import { DEMO, dismissGuideIfShown, dismissLowBalanceIfShown, expect, ingestLead, loginAs, nextAnswer, openFromSideMenu, test } from './helpers';

// The reports journeys: the receive report counts an ingested lead at once, the analysis page
// draws its pies, a report exports as an xlsx that reads back with its summary row, and an
// account with a project about to run dry sees the low-balance dialog after login. Chromium
// against the production build and the real server.

/** The 合计 row's resource count (资源数: after 日期, 项目名称, 接收人) of the receive report on screen. */
async function summaryCount(page: Page): Promise<number> {
  const cell = page.getByRole('row').filter({ hasText: '合计' }).last().getByRole('cell').nth(3);
  return Number((await cell.textContent())?.trim().replace(/,/g, ''));
}

test('the low-balance dialog lists the projects about to run dry, once per login', async ({ page }) => {
  await loginAs(page, DEMO, { keepLowBalance: true });
  // Run alone, demo still has its first-login guide: the dialog waits until it is closed.
  const user = ((await (await page.request.get('/rest/customer/user-info')).json()) as { data?: { firstLoginStutes?: number } }).data;
  if (user?.firstLoginStutes === 1) await page.getByRole('button', { name: /跳\s*过/ }).click();
  const low = (await (await page.request.get('/rest/customer/report/balance/low')).json()) as Array<{ title: string; canConsumeDay: number }>;
  // The demo seed leaves one project with two days or fewer of balance.
  expect(low.length).toBeGreaterThan(0);
  const dialog = page.getByRole('dialog', { name: '余额不足提醒' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(low[0].title);
  await expect(dialog).toContainText(`预计可用 ${low[0].canConsumeDay} 天`);
  await dialog.getByRole('button', { name: /知\s*道\s*了/ }).click();
  await expect(dialog).toBeHidden();
  // Not again in the same login, not even in another tab.
  await page.reload();
  await page.waitForURL('**/work-bench');
  await expect(page.getByRole('heading', { level: 1, name: '工作台' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: '余额不足提醒' })).toHaveCount(0);
});

test("the receive report counts a new lead in today's figures at once, and exports as xlsx", async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, DEMO);
  await dismissGuideIfShown(page);
  await dismissLowBalanceIfShown(page);
  let answer = nextAnswer(page, '/rest/customer/report/receive');
  // Through the one side-menu helper: a click while the group unfolds can land without navigating (seen in CI).
  await openFromSideMenu(page, ['智能投放'], '接收报表', '**/receive-list');
  expect((await answer).ok()).toBe(true);
  await expect(page.getByRole('row').filter({ hasText: '合计' }).last()).toBeVisible();
  const before = await summaryCount(page);

  await ingestLead(page, 'resource', '报表测试');
  answer = nextAnswer(page, '/rest/customer/report/receive');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  expect((await answer).ok()).toBe(true);
  await expect.poll(() => summaryCount(page)).toBe(before + 1);
  // Today's first row is the newest day.
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText(today);

  // The export is the table, summary row included.
  const download = page.waitForEvent('download');
  // 导出 is a link the browser downloads (the report's *Export address with the filters).
  await page.getByRole('link', { name: /导\s*出/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  const book = XLSX.read(readFileSync(await file.path()), { type: 'buffer' });
  const sheet = book.Sheets[book.SheetNames[0]];
  const rows = XLSX.utils.sheet_to_json<Array<string | number>>(sheet, { header: 1 });
  expect(rows[0]).toEqual(['日期', '项目名称', '接收人', '资源数', '重复']);
  const last = rows[rows.length - 1];
  expect(last[0]).toBe('合计');
  expect(last[3]).toBe(before + 1);
  const bodyTotal = rows.slice(1, -1).reduce((sum, row) => sum + Number(row[3]), 0);
  expect(bodyTotal).toBe(before + 1);
});

test('the analysis page draws its pies', async ({ page }) => {
  await loginAs(page, DEMO);
  await dismissGuideIfShown(page);
  await dismissLowBalanceIfShown(page);
  const answer = nextAnswer(page, '/rest/customer/report/analysis/region');
  await page.goto('/intel-analysis');
  expect((await answer).ok()).toBe(true);
  await dismissLowBalanceIfShown(page);
  const region = page.locator('[data-chart-ready="true"]').first();
  await expect(region).toBeAttached({ timeout: 30_000 });
  // A real canvas, drawn with pixels.
  const canvas = region.locator('canvas').first();
  await expect(canvas).toBeVisible();
  const box = await canvas.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(100);
  // The search-engine tab: two pies beside their top-N tables.
  await page.getByRole('tab', { name: '搜索引擎省份分布' }).click();
  await expect(page.locator('[data-chart-ready="true"]:visible')).toHaveCount(2, { timeout: 30_000 });
});
