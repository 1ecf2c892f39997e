import type { Page } from '@playwright/test';
import { REQUESTED_WITH_VALUE } from '@portal/contracts';
import {
  chooseCascaderPath,
  createAccount,
  DEMO2,
  dismissGuideIfShown,
  dismissLowBalanceIfShown,
  expect,
  loginAs,
  seriousAxeViolations,
  test,
} from './helpers';

// The points mall (issue 22): a good bought with points, through the order confirmation and the
// address dialog's region picker against the real server and its region data; the points log shows
// the exchange and the order lists it; a customer without the points is told '积分余额不足' and nothing is bought.

interface MallGood {
  id: number;
  title: string;
  exchangeScore: number;
  stock: number;
}

/** The goods on sale and the customer's points, as the mall's calls answer them (the page's session). */
async function mallState(page: Page): Promise<{ goods: MallGood[]; points: number }> {
  // The mall's calls answer plain JSON (the spec's code envelope is for the spec's own calls).
  const read = async <T>(path: string): Promise<T> => {
    const answer = await page.request.get(path);
    expect(answer.status(), await answer.text()).toBe(200);
    return (await answer.json()) as T;
  };
  const goods = await read<MallGood[]>('/rest/customer/mall/goods');
  const points = (await read<{ currentScore: number }>('/rest/customer/mall/points')).currentScore;
  return { goods, points };
}

test('buy the cheapest good: add an address in the confirmation, 确认兑换, 兑换成功; the points fall by its price in the log (兑换商品) and the wallet', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, DEMO2);
  await dismissGuideIfShown(page);
  await dismissLowBalanceIfShown(page);
  const before = await mallState(page);
  const good = before.goods.filter((item) => item.stock > 0).sort((a, b) => a.exchangeScore - b.exchangeScore)[0];
  expect(before.points).toBeGreaterThanOrEqual(good.exchangeScore);

  await page.getByRole('menuitem', { name: /积分商城/ }).click();
  await page.waitForURL('**/shopping-mall');
  await page.getByRole('link', { name: good.title }).click();
  await page.waitForURL(`**/shopping-details?id=${good.id}`);
  await expect(page.getByRole('heading', { name: good.title })).toBeVisible();
  await page.getByRole('button', { name: '立即兑换' }).click();
  await page.waitForURL(`**/confirm-order?id=${good.id}&num=1`);

  // A new address through the dialog, its region picked level by level from the server's data.
  await page.getByRole('button', { name: '新增收货地址' }).click();
  const dialog = page.getByRole('dialog', { name: '新增收货地址' });
  await dialog.getByLabel('收货人').fill('王芳');
  await dialog.getByLabel('手机号码').fill('13812345678');
  await dialog.getByLabel('所在地区').click();
  await chooseCascaderPath(page, ['浙江省', '杭州市', '西湖区', '北山街道']);
  await dialog.getByLabel('详细地址').fill('北山路 88 号');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('radio', { name: /^王芳 13812345678 浙江省杭州市西湖区北山街道 北山路 88 号/ }).first()).toBeChecked();

  await page.getByRole('button', { name: '提交订单' }).click();
  const confirm = page.getByRole('dialog', { name: '确认兑换' });
  await confirm.getByRole('button', { name: '确定兑换' }).click();
  await expect(page.getByText('兑换成功')).toBeVisible();

  const after = await mallState(page);
  expect(after.points).toBe(before.points - good.exchangeScore);

  // The order: awaiting shipment, no logistics yet; listed first among the orders.
  await page.getByRole('link', { name: '查看订单' }).click();
  await page.waitForURL('**/order-details');
  await expect(page.getByText('待发货')).toBeVisible();
  await expect(page.getByText('暂无物流信息，商品发货后可在此查看物流跟踪')).toBeVisible();
  await page.getByRole('link', { name: '返回商城订单' }).click();
  await page.waitForURL('**/my-order');
  await expect(page.getByRole('row').nth(1)).toContainText(good.title);
  // The points log, from the mall home's link.
  await page.getByRole('menuitem', { name: /积分商城/ }).click();
  await page.getByRole('link', { name: '积分明细' }).click();
  await page.waitForURL('**/channel-credit');
  const firstRow = page.getByRole('row').nth(1);
  await expect(firstRow).toContainText('兑换商品');
  await expect(firstRow).toContainText(`-${good.exchangeScore}`);
  await expect(firstRow).toContainText(String(after.points));

  // The wallet popover of the top bar: the lower points, and 商城订单 leads to the order.
  await page.getByRole('button', { name: /钱包/ }).click();
  const wallet = page.getByRole('navigation', { name: '我的钱包' });
  await expect(wallet.getByText(after.points.toLocaleString('zh-CN'), { exact: true })).toBeVisible();
  await wallet.getByRole('link', { name: '商城订单' }).click();
  await page.waitForURL('**/my-order');
  await expect(page.getByRole('row').nth(1)).toContainText(good.title);
});

test("a customer without the points is told '积分余额不足' and nothing is bought", async ({ page }) => {
  const account = `mall${Date.now() % 1_000_000}`;
  createAccount(account, 'Start1234');
  await loginAs(page, { account, password: 'Start1234' });
  await dismissGuideIfShown(page);
  const before = await mallState(page);
  expect(before.points).toBe(0);
  const good = before.goods.find((item) => item.stock > 0)!;
  await page.goto(`/shopping-details?id=${good.id}`);
  await page.getByRole('button', { name: '立即兑换' }).click();
  const dialog = page.getByRole('dialog', { name: '积分不足' });
  await expect(dialog.getByText('积分余额不足')).toBeVisible();
  // The dialog only such an account reaches joins the accessibility scan here.
  expect(await seriousAxeViolations(page), 'serious or critical axe violations on the insufficient-points dialog').toEqual([]);
  await expect(page).toHaveURL(new RegExp(`/shopping-details\\?id=${good.id}$`));
  const orders = (await (await page.request.get('/rest/customer/mall/orders')).json()) as unknown[];
  expect(orders).toEqual([]);
});

test('sign in on the task wall (opened from the top bar): the points rise by the slot, the streak grows, and 签到 is done for the day', async ({
  page,
}) => {
  await loginAs(page, DEMO2);
  await dismissGuideIfShown(page);
  await dismissLowBalanceIfShown(page);
  const before = await mallState(page);
  await page.getByRole('link', { name: /任务墙/ }).click();
  await page.waitForURL('**/task-wall');
  // The demo's streak: the three days before today.
  await expect(page.getByText('已连续签到3天')).toBeVisible();
  await page.getByRole('button', { name: /^签\s*到$/ }).click();
  await expect(page.getByText('签到成功，获得10积分')).toBeVisible();
  await expect(page.getByText('已连续签到4天')).toBeVisible();
  await expect(page.getByRole('button', { name: '今日已签到' })).toBeDisabled();
  expect((await mallState(page)).points).toBe(before.points + 10);
});

test('收货地址 from the user menu: add an address, edit it and make it the default', async ({ page }) => {
  await loginAs(page, DEMO2);
  await dismissGuideIfShown(page);
  await dismissLowBalanceIfShown(page);
  // An address of the account's already (the first one becomes the default by itself).
  const first = await page.request.post('/rest/customer/mall/addresses', {
    headers: { 'X-Requested-With': REQUESTED_WITH_VALUE },
    data: { name: '王芳', mobile: '13812345678', province: '浙江省', city: '杭州市', area: '西湖区', street: '北山街道', address: '北山路 88 号' },
  });
  expect(first.status(), await first.text()).toBe(201);
  await page.getByRole('button', { name: '用户菜单' }).hover();
  await page.getByRole('menuitem', { name: '收货地址' }).click();
  await page.waitForURL('**/shop-address');
  const receiver = `李${String(Date.now() % 10_000).padStart(4, '0')}`;
  const row = page.getByRole('row').filter({ hasText: receiver });

  await page.getByRole('button', { name: '新增收货地址' }).click();
  const dialog = page.getByRole('dialog', { name: '新增收货地址' });
  await dialog.getByLabel('收货人').fill(receiver);
  await dialog.getByLabel('手机号码').fill('13912345678');
  await dialog.getByLabel('所在地区').click();
  await chooseCascaderPath(page, ['广东省', '深圳市', '南山区', '粤海街道']);
  await dialog.getByLabel('详细地址').fill('科技园 1 号');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('科技园 1 号');

  await row.getByRole('button', { name: /编\s*辑/ }).click();
  const editing = page.getByRole('dialog', { name: '编辑收货地址' });
  await editing.getByLabel('详细地址').fill('科技园 2 号');
  await editing.getByRole('button', { name: /保\s*存/ }).click();
  await expect(editing).toBeHidden();
  await expect(row).toContainText('科技园 2 号');

  await row.getByRole('button', { name: '设为默认' }).click();
  // One default, this one: the only address row without 设为默认.
  const addressRows = page.getByRole('row').filter({ has: page.getByRole('button', { name: /编\s*辑/ }) });
  const defaults = addressRows.filter({ hasNot: page.getByRole('button', { name: '设为默认' }) });
  await expect(defaults).toHaveCount(1);
  await expect(defaults).toContainText(receiver);
});
