import { DEMO, dismissGuideIfShown, expect, freshMobile, ingestLead, leadRows, loginAs, test } from './helpers';

// Issue 24, duplicates across sources: the same number sent twice (a form, then a smart chat) is
// one original and one duplicate, held back, tagged 重复 on the list with its reason and a link to
// the original. Chromium against the production build and the real server.

test('the same number twice: the second is tagged 重复 with its reason, links to the first, and the filter finds it', async ({ page }) => {
  await loginAs(page, DEMO);
  const mobile = freshMobile();
  const first = await ingestLead(page, 'resource', '重复客户', { mobile, resType: 1 });
  const second = await ingestLead(page, 'resource', '重复客户', { mobile, resType: 2 });
  expect(second).not.toBe(first);

  await page.goto(`/resource?phone=${mobile}`);
  // Run alone, demo still has its first-login guide.
  await dismissGuideIfShown(page);
  await expect(leadRows(page)).toHaveCount(2);
  const tag = page.getByRole('button', { name: '重复：与今天的表单线索重复' });
  await expect(tag).toHaveCount(1);
  // The duplicate was held back: nobody received it (the original went to the person on shift or waits).
  const duplicateRow = leadRows(page).filter({ has: tag });
  await expect(duplicateRow).toContainText('未分配');

  await tag.hover();
  const link = page.getByRole('link', { name: '查看首条线索' });
  await expect(link).toBeVisible();
  await expect(page.getByText('与今天的表单线索重复', { exact: true })).toBeVisible();
  await link.click();
  await page.waitForURL((url) => url.pathname === '/resource' && url.searchParams.get('phone') === mobile && url.searchParams.has('startTime'));

  // 只看重复 and 不含重复 split the two.
  await page.goto(`/resource?phone=${mobile}&duplicate=1`);
  await expect(leadRows(page)).toHaveCount(1);
  await expect(leadRows(page).first().getByRole('button', { name: /^重复/ })).toBeVisible();
  await page.goto(`/resource?phone=${mobile}&duplicate=0`);
  await expect(leadRows(page)).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^重复：/ })).toHaveCount(0);

  // The rule that made it a duplicate, in the list's 重复规则.
  await page.getByRole('button', { name: '重复规则' }).click();
  const dialog = page.getByRole('dialog', { name: '重复线索规则' });
  await expect(dialog.getByLabel('查重天数')).toHaveValue('30');
});
