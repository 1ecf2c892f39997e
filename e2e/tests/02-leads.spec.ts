import type { Locator, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { chooseSelectOption, chooseStaff, DEMO, dismissGuideIfShown, expect, leadRows, loginAs, nextAnswer, test } from './helpers';

// The leads journey: the smart-investment list at /resource with filters, read, remark, delete,
// CSV export and manual assignment, in Chromium against the production build and the real server.

/** The unread count beside 资源列表 in the side menu: the badge's title holds it even past 99+. */
async function menuUnread(page: Page): Promise<number> {
  const badge = page.getByRole('menuitem', { name: /资源列表/ }).locator('.ant-badge-count');
  return Number((await badge.getAttribute('title')) ?? 0);
}

/** The antd Select of the form item labelled `label` inside `scope`. */
const selectOf = (scope: Page | Locator, label: string) =>
  scope
    .locator('.ant-form-item', { has: scope.locator('label', { hasText: new RegExp(`^${label}$`) }) })
    .locator('.ant-select')
    .first();

const rows = leadRows;

test('work the smart-investment list: filter, read, remark, delete, export, assign', async ({ page }) => {
  // A long journey; on a loaded 2-core machine it has exceeded 60 s once (waiting for the download).
  test.setTimeout(120_000);
  await loginAs(page, DEMO);
  // Run alone, demo still has its first-login guide.
  await dismissGuideIfShown(page);
  // The side menu opens the 智能投放 group and shows the list's unread badge.
  await page.getByText('智能投放').click();
  const listed = nextAnswer(page, '/rest/customer/feedback/resource');
  await page.getByRole('menuitem', { name: /资源列表/ }).click();
  await page.waitForURL('**/resource');
  expect((await listed).ok()).toBe(true);
  await expect(rows(page).first()).toBeVisible();

  // Filter by date (the last 7 days) and by the first active project.
  const day = (offset: number) => new Date(Date.now() + 8 * 3600_000 - offset * 86400_000).toISOString().slice(0, 10);
  await page.locator('.ant-picker-range').first().click();
  // The picker's own preset: the days may span two months, only one of which a panel shows.
  await page.getByText('近7天', { exact: true }).filter({ visible: true }).click();
  const projectFilter = selectOf(page, '项目');
  await projectFilter.click();
  const option = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option:not(.ant-select-item-option-disabled)')
    .filter({ hasNotText: '全部项目' })
    .first();
  const project = (await option.textContent())?.trim() ?? '';
  expect(project).not.toBe('');
  await chooseSelectOption(page, projectFilter.getByRole('combobox'), project);
  const listCall = page.waitForResponse((res) => res.url().includes('/rest/customer/feedback/resource?') && res.url().includes('itemId='));
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const response = await listCall;
  expect(response.url()).toContain(`startTime=${day(6)}`);
  await expect(rows(page).first()).toContainText(project);
  for (const row of await rows(page).all()) await expect(row).toContainText(project);

  // Mark an unread lead read: the message, and the menu's counter drops by one.
  const before = await menuUnread(page);
  expect(before).toBeGreaterThan(0);
  await rows(page).getByText('标为已读', { exact: true }).first().click();
  await expect(page.getByText('操作成功').first()).toBeVisible();
  await expect.poll(() => menuUnread(page)).toBe(before - 1);

  // Edit a remark.
  const first = rows(page).first();
  await first.getByRole('button', { name: /编辑备注/ }).click();
  const remark = `回访 ${Date.now()}`;
  await first.getByRole('textbox', { name: '编辑备注' }).fill(remark);
  await first.getByRole('textbox', { name: '编辑备注' }).press('Enter');
  await expect(page.getByText('修改成功').first()).toBeVisible();
  await expect(rows(page).first()).toContainText(remark);

  // Delete one.
  const total = await rows(page).count();
  const victim = (await rows(page).nth(1).getAttribute('data-row-key')) as string;
  await rows(page).nth(1).getByText('删除', { exact: true }).click();
  await expect(page.getByText('确定删除?')).toBeVisible();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('删除成功！').first()).toBeVisible();
  await expect(page.locator(`tr[data-row-key="${victim}"]`)).toHaveCount(0);
  expect(await rows(page).count()).toBeLessThanOrEqual(total);

  // Export a CSV and read its rows back.
  await page
    .getByRole('button', { name: /导\s*出/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  // The dialog starts from the list's days, project (全部项目 when the list has none), any read
  // status and CSV; the project is chosen here (导出项目).
  // (A loaded CI run once clicked an option of a dropdown still opening, and the dialog refused
  // the export with '请选择导出项目': the helper chooses again until the select shows it.)
  await chooseSelectOption(page, dialog.getByRole('combobox', { name: '导出项目' }), project);
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: /导\s*出/ }).click();
  const file = readFileSync(await (await download).path());
  expect(file.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  const lines = file.toString('utf8').slice(1).trim().split(/\r?\n/);
  expect(lines[0]).toContain('项目名称');
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.slice(1).every((line) => line.includes(project))).toBe(true);
  expect(lines.some((line) => line.includes(remark))).toBe(true);

  // Assign an unassigned lead to a staff member found by name.
  const assignButton = rows(page).getByText('手动分配', { exact: true }).first();
  const key = (await assignButton.locator('xpath=ancestor::tr[1]').getAttribute('data-row-key')) as string;
  await assignButton.click();
  const assignDialog = page.getByRole('dialog');
  await chooseStaff(page, assignDialog, '王', '王强');
  await assignDialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('分配成功').first()).toBeVisible();
  await expect(page.locator(`tr[data-row-key="${key}"]`)).toContainText('王强');
});
