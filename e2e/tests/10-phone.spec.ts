import type { Locator, Page } from '@playwright/test';
import { chooseStaff, DEMO, dismissGuideIfShown, expect, leadRows, loginAs, nextAnswer, test } from './helpers';

// The portal on a phone (390 x 844, an iPhone 12-15): the side menu is a drawer opened from the top
// bar, the lead list scrolls inside its box with 姓名 and 操作 kept in view, and its dialogs fit the
// screen. No page visited scrolls sideways. Account demo, its smart-investment list (/resource):
// one lead read, one unassigned lead assigned (as 02-leads does, after it).

test.use({ viewport: { width: 390, height: 844 } });

const PHONE_WIDTH = 390;

const rows = leadRows;

/** The page is no wider than the window: nothing makes it scroll sideways. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${where}: the page is ${scrollWidth}px wide in a ${innerWidth}px window`).toBeLessThanOrEqual(innerWidth);
}

/** The element lies inside the window, left and right, once it has slid or zoomed in. */
async function expectWithinWidth(what: Locator, where: string) {
  await expect.poll(async () => (await what.boundingBox())?.x ?? -1, { message: `${where} starts inside the window` }).toBeGreaterThanOrEqual(0);
  const box = await what.boundingBox();
  expect(box, `${where} is on screen`).not.toBeNull();
  if (!box) return;
  expect(box.x + box.width, `${where} ends inside the window`).toBeLessThanOrEqual(PHONE_WIDTH);
}

test('on a phone: open the menu drawer, go to the resource list, read a lead and assign one, nothing scrolling sideways', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, DEMO);
  await dismissGuideIfShown(page);

  // The workbench: the side menu is not beside the page but behind the top bar's menu button.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const menuButton = page.getByRole('button', { name: '打开菜单' });
  await expect(menuButton).toBeVisible();
  await expect(page.getByRole('link', { name: /^资源列表/ })).toHaveCount(0);
  await expectNoSidewaysScroll(page, 'the workbench');

  // The drawer: 智能投放 > 资源列表, a link; choosing it closes the drawer.
  await menuButton.click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  await expectWithinWidth(drawer, 'the menu drawer');
  await expectNoSidewaysScroll(page, 'the workbench with the menu drawer open');
  await drawer.getByText('智能投放').click();
  const entry = drawer.getByRole('link', { name: /^资源列表/ });
  await expect(entry).toHaveAttribute('href', '/resource');
  const listed = nextAnswer(page, '/rest/customer/feedback/resource');
  await entry.click();
  await page.waitForURL('**/resource');
  expect((await listed).ok()).toBe(true);
  await expect(drawer).toBeHidden();
  await expect(rows(page).first()).toBeVisible();

  // The table scrolls inside its box: scrolled down to it (the search bar fills the first screen),
  // 姓名 and 操作 are both in view, and the page keeps the window's width.
  await page.getByRole('columnheader', { name: '姓名' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('columnheader', { name: '姓名' })).toBeInViewport();
  await expect(page.getByRole('columnheader', { name: '操作' })).toBeInViewport();
  await expectNoSidewaysScroll(page, 'the resource list');

  // Read a lead: its row's 标为已读, then the row offers 标为未读.
  const readButton = rows(page).getByRole('button', { name: '标为已读' }).first();
  const readKey = (await readButton.locator('xpath=ancestor::tr[1]').getAttribute('data-row-key')) as string;
  await readButton.click();
  await expect(page.getByText('操作成功').first()).toBeVisible();
  await expect(page.locator(`tr[data-row-key="${readKey}"]`).getByRole('button', { name: '标为未读' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'the resource list after reading a lead');

  // Assign an unassigned lead to a staff member found by name, in a dialog that fits the screen.
  const assignButton = rows(page).getByRole('button', { name: '手动分配' }).first();
  const assignKey = (await assignButton.locator('xpath=ancestor::tr[1]').getAttribute('data-row-key')) as string;
  await assignButton.click();
  const assignDialog = page.getByRole('dialog');
  await expect(assignDialog).toBeVisible();
  await expectWithinWidth(assignDialog, 'the assignment dialog');
  await expectNoSidewaysScroll(page, 'the resource list with the assignment dialog open');
  await chooseStaff(page, assignDialog, '王', '王强');
  await assignDialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('分配成功').first()).toBeVisible();
  await expect(page.locator(`tr[data-row-key="${assignKey}"]`)).toContainText('王强');
  await expectNoSidewaysScroll(page, 'the resource list after the assignment');
});

test('on a phone: the workbench, a lead list and its detail, the message centre, a report and the schedule fit the window', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, DEMO);
  await dismissGuideIfShown(page);
  await expectNoSidewaysScroll(page, 'the workbench');

  await page.goto('/feedback');
  await expect(rows(page).first()).toBeVisible();
  await expectNoSidewaysScroll(page, 'the bidding list');
  const leadId = await rows(page).first().getAttribute('data-row-key');
  await page.goto(`/feedback-detail?id=${leadId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page, 'a lead detail');

  for (const [path, heading] of [
    ['/message-center', '消息中心'],
    ['/daily-statement', '日报表'],
    ['/ec/data-dispose', 'EC排班'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // The page's content is in (a table's rows, the schedule's days) before it is measured.
    await expect(page.locator('main').getByRole('button').first()).toBeVisible();
    await expectNoSidewaysScroll(page, path);
  }
  // The schedule's week fits: Sunday's column is on screen.
  await expect(page.getByRole('button', { name: /^1日/ })).toBeInViewport();
});
