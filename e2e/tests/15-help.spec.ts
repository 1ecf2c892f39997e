import { DEMO, dismissGuideIfShown, dismissLowBalanceIfShown, expect, loginAs, test } from './helpers';

// The help centre (issue 23): opened from the top bar, a section of the left menu, a search in
// Chinese with its matches marked, the article opened from the results; back returns to them.

test('search the help centre for 充值 from the top bar and open the result; back returns to the results', async ({ page }) => {
  await loginAs(page, DEMO);
  await dismissGuideIfShown(page);
  await dismissLowBalanceIfShown(page);

  await page.getByRole('link', { name: /帮助中心/ }).click();
  await page.waitForURL('**/common-problem');
  await expect(page.getByRole('heading', { level: 1, name: '帮助中心' })).toBeVisible();
  const sections = page.getByRole('navigation', { name: '帮助栏目' });
  await expect(sections.getByRole('link')).toHaveText(['产品介绍', 'CRM使用手册', '功能介绍', '开户', '充值', '退款', '投放数据', '积分规则']);

  // The points rules section states the spec's rule.
  await sections.getByRole('link', { name: '积分规则' }).click();
  await page.waitForURL('**/common-problem?section=points-rules');
  await page.getByRole('list', { name: '积分规则' }).getByRole('link').first().click();
  await page.waitForURL(/\/common-problem\/\d+$/);
  await expect(page.getByText(/不可提现/).first()).toBeVisible();

  // Search: 充值 (two characters, Chinese) finds articles, the matches marked.
  await page.getByRole('searchbox', { name: '搜索帮助' }).fill('充值');
  await page.getByRole('searchbox', { name: '搜索帮助' }).press('Enter');
  await page.waitForURL(/\/common-problem\?q=/);
  await expect(page.getByRole('heading', { name: '“充值”的搜索结果' })).toBeVisible();
  const hits = page.getByRole('main').locator('mark', { hasText: '充值' });
  await expect(hits.first()).toBeVisible();
  const first = page.getByRole('main').getByRole('heading', { level: 3 }).first();
  const title = (await first.textContent())!.trim();
  await first.getByRole('link').click();
  await page.waitForURL(/\/common-problem\/\d+$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  await page.goBack();
  await page.waitForURL(/\/common-problem\?q=/);
  await expect(page.getByRole('heading', { name: '“充值”的搜索结果' })).toBeVisible();
});
