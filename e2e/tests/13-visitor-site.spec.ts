import type { Locator } from '@playwright/test';
import { DEMO2, dismissGuideIfShown, dismissLowBalanceIfShown, expect, leadRows, loginAs, submitLogin, test } from './helpers';

// The visitor site (issue 21): rendered by the server from the public remote's build, hydrated by
// its own small script. A reader without a script reads it; a visitor's forms become leads of the
// platform's sales account (the demo's `sales`).

const SALES = { account: 'sales', password: DEMO2.password };

/**
 * A phone number of this run: the server allows 3 forms a day per phone and form kind, counted in
 * Redis across runs, so a fixed number would be refused on the day's fourth run.
 */
const runPhone = (() => {
  let next = Date.now() % 10_000_000;
  return (): string => `137${String((next += 1) % 100_000_000).padStart(8, '0')}`;
})();

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/ shows its headline, a case and an article, and links to the case page, which reads the same', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: '连锁加盟品牌的全网招商伙伴' })).toBeVisible();
    const firstCase = page.getByRole('region', { name: '成功案例' }).getByRole('heading', { level: 3 }).first();
    const caseTitle = (await firstCase.textContent())!.trim();
    expect(caseTitle.length).toBeGreaterThan(4);
    await expect(page.getByRole('region', { name: '招商干货' }).getByRole('link').first()).toBeVisible();
    await firstCase.getByRole('link').click();
    await expect(page).toHaveURL(/\/succeed-details\?id=\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: caseTitle })).toBeVisible();
    expect(await page.title()).toContain(caseTitle);
  });

  test('a message posted without a script lands on the result page', async ({ page }) => {
    await page.goto('/diagnosis?scene=contact');
    await page.getByRole('textbox', { name: '姓名' }).fill('无脚本访客');
    await page.getByRole('textbox', { name: '企业名称' }).fill('静态表单科技');
    await page.getByRole('textbox', { name: '手机号码' }).fill(runPhone());
    await page.getByRole('button', { name: '提交' }).click();
    await expect(page).toHaveURL(/\/form-result\?form=contact&ok=1$/);
    await expect(page.getByRole('heading', { name: '提交成功，我们的顾问会尽快与您联系。' })).toBeVisible();
  });
});

/** Fills the plan form in `dialog` (after seeing the first refusal) and sends it. */
async function sendPlan(dialog: Locator) {
  await dialog.getByRole('button', { name: '生成方案' }).click();
  await expect(dialog.getByText('请填写品牌名称')).toBeVisible();
  await dialog.getByRole('textbox', { name: '品牌名称' }).fill('茶悦时光');
  await dialog.getByRole('combobox', { name: '所属行业' }).selectOption('奶茶饮品');
  await dialog.getByRole('textbox', { name: '公司所在地', exact: true }).fill('浙江省杭州市');
  await dialog.getByRole('radio', { name: '否' }).check();
  await dialog.getByRole('combobox', { name: '投资费用' }).selectOption('2');
  await dialog.getByRole('textbox', { name: '团队人数' }).fill('12');
  await dialog.getByRole('textbox', { name: '竞争品牌 1' }).fill('蜜雪冰城');
  await dialog.getByRole('textbox', { name: '手机号码' }).fill(runPhone());
  await dialog.getByRole('button', { name: '生成方案' }).click();
}

/** The plan's report in `dialog`: its heading, and its three charts drawn with their tables. */
async function expectPlanReport(dialog: Locator) {
  await expect(dialog.getByRole('heading', { name: '茶悦时光招商方案' })).toBeVisible();
  for (const name of ['性别分布', '年龄分布', '学历分布']) {
    const figure = dialog.getByRole('figure', { name });
    await figure.scrollIntoViewIfNeeded();
    // The design system's pie draws once in view: its canvas appears.
    await expect(figure.locator('canvas').first()).toBeAttached({ timeout: 20_000 });
    await expect(figure.getByRole('cell', { name: /%$/ }).first()).toBeVisible();
  }
}

test('the plan dialog: the form, then the report with its three charts drawn', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: '免费获取招商方案' }).click();
  const dialog = page.getByRole('dialog', { name: '免费获取招商方案' });
  await sendPlan(dialog);
  await expectPlanReport(dialog);
});

test("logged in, the top bar's 免费方案 opens the plan dialog over the page shown; closing and back leave the page as it was", async ({ page }) => {
  await loginAs(page, DEMO2);
  await dismissGuideIfShown(page);
  await dismissLowBalanceIfShown(page);
  await page.goto('/feedback?page=1');
  await expect(leadRows(page).first()).toBeVisible();

  await page.getByRole('link', { name: /免费方案/ }).click();
  const dialog = page.getByRole('dialog', { name: '免费获取招商方案' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/feedback\?page=1&dialog=free-plan$/);
  await sendPlan(dialog);
  await expectPlanReport(dialog);
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/feedback\?page=1$/);

  // Opened again, the browser's back closes it.
  await page.getByRole('link', { name: /免费方案/ }).click();
  await expect(dialog).toBeVisible();
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/feedback\?page=1$/);
  await expect(leadRows(page).first()).toBeVisible();
});

test('a message left on the site is a lead of the sales account, on its form list', async ({ page }) => {
  const name = `官网访客${Date.now() % 100_000}`;
  await page.goto('/');
  await page.getByRole('link', { name: '在线留言' }).click();
  const dialog = page.getByRole('dialog', { name: '在线留言' });
  await dialog.getByRole('textbox', { name: '姓名' }).fill(name);
  await dialog.getByRole('textbox', { name: '企业名称' }).fill('留言测试餐饮');
  const phone = runPhone();
  await dialog.getByRole('textbox', { name: '手机号码' }).fill(phone);
  await dialog.getByRole('button', { name: '提交' }).click();
  await expect(dialog.getByText('请填写留言！')).toBeVisible();
  await dialog.getByRole('textbox', { name: '留言内容' }).fill('想了解加盟推广方案');
  await dialog.getByRole('button', { name: '提交' }).click();
  await expect(dialog.getByText('提交成功，我们的顾问会尽快与您联系。')).toBeVisible();

  await page.getByRole('button', { name: '关闭' }).click();
  await page.getByRole('link', { name: '登录' }).click();
  await page.waitForURL('**/login');
  await submitLogin(page, SALES.account, SALES.password);
  await page.waitForURL('**/work-bench');
  await dismissGuideIfShown(page);
  await dismissLowBalanceIfShown(page);
  await page.goto('/form-list');
  await expect(leadRows(page).filter({ hasText: name })).toHaveCount(1);
  await expect(leadRows(page).filter({ hasText: name })).toContainText(phone);
});

test('from / the 登录 link opens the login form; after login the site offers 返回工作台', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: '登录' }).click();
  await page.waitForURL('**/login');
  await submitLogin(page, DEMO2.account, DEMO2.password);
  await page.waitForURL('**/work-bench');
  await page.goto('/cases');
  await expect(page.getByRole('heading', { level: 1, name: '成功案例' })).toBeVisible();
  await page.getByRole('link', { name: '返回工作台' }).click();
  await page.waitForURL('**/work-bench');
});
