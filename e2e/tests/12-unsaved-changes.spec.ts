import { DEMO, dismissGuideIfShown, dismissLowBalanceIfShown, expect, loginAs, test, openFromSideMenu } from './helpers';

// No work is lost (issue 27): an edit of 排班 left unsaved, then a menu entry of another app (the
// shell's menu, the CRM remote's page): the portal asks first. 取消 keeps the page and the edit;
// 离开 goes, and back returns to the edited project and day (they are in the URL). Nothing is
// saved: the seeded schedule stays as it was.

test('leaving 排班 with an unsaved edit asks first; 取消 keeps the edit, 离开 leaves and back returns to the day', async ({ page }) => {
  await loginAs(page, DEMO);
  await dismissGuideIfShown(page);
  await dismissLowBalanceIfShown(page);

  await openFromSideMenu(page, ['CRM同步', 'EC'], '排班', '**/ec/data-dispose');

  // demo's seeded schedule of today: edit the first person's quantity per round.
  const quantity = page.getByRole('spinbutton', { name: /每轮数量$/ }).first();
  await expect(quantity).toBeVisible();
  const before = await quantity.inputValue();
  const edited = before === '7' ? '8' : '7';
  await quantity.fill(edited);
  await expect(page.getByText('有未保存的修改')).toBeVisible();
  // The edited project and day are pinned in the URL.
  await expect(page).toHaveURL(/\/ec\/data-dispose\?item=\d+&date=\d{4}-\d{2}-\d{2}$/);
  const editedUrl = page.url();
  // A reload or closing the tab would be held by the browser's prompt.
  expect(await page.evaluate(() => window.dispatchEvent(new Event('beforeunload', { cancelable: true })))).toBe(false);

  // A menu entry of another app: the confirm, and nothing moves.
  await page.getByRole('menuitem', { name: '推送设置' }).filter({ visible: true }).first().click();
  const confirm = page.getByRole('dialog').filter({ hasText: '有未保存的修改' });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText('离开后，未保存的修改将丢失。确定要离开吗？');
  await expect(page).toHaveURL(editedUrl);

  await confirm.getByRole('button', { name: /^取\s*消$/ }).click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(editedUrl);
  await expect(quantity).toHaveValue(edited);
  await expect(page.getByText('有未保存的修改')).toBeVisible();

  // Asked again, 离开: the settings page; back returns to the edited project and day (unsaved: the server's value).
  await page.getByRole('menuitem', { name: '推送设置' }).filter({ visible: true }).first().click();
  await confirm.getByRole('button', { name: /^离\s*开$/ }).click();
  await page.waitForURL('**/ec-setting');
  await expect(page.getByText('有未保存的修改')).toBeHidden();
  await page.goBack();
  await expect(page).toHaveURL(editedUrl);
  await expect(page.getByRole('spinbutton', { name: /每轮数量$/ }).first()).toHaveValue(before);
});
