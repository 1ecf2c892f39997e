import type { Page } from '@playwright/test';
import { join } from 'node:path';
import { LeadsPath } from '../../mfe-leads/src/routes';
import { confirmOrderHref, goodHref, MallPath, orderDetailHref } from '../../mfe-mall/src/routes';
import { SHELL_FRAME_PATHS } from '../../shell/src/app/framePages';
import { DIALOG_PARAM, REMOTE_PAGES, REQUESTED_WITH_VALUE } from '@portal/contracts';
import { FrameRoute } from '../../shell/src/frame/texts';
import { createAccount, DEMO, dismissGuideIfShown, expect, loginAs, seriousAxeViolations, submitLogin, test } from './helpers';
import { servedRemotes } from './remotes';

// WCAG 2.1 AA: every page of the portal, and its dialogs where opening one is cheap, scanned with
// axe-core in Chromium against the production build. A serious or critical violation fails the
// page's test with the rule, its impact and the first elements it found (and, as in every journey,
// a content security policy violation fails it too).
//
// The logged-in pages come from the lists the shell routes with (the routes each remote declares
// in the remote.json the built portal serves, the shell's own pages in app/framePages.ts), so a
// new page is scanned as soon as it is routed; a route that needs more than its path (an id) says how to reach it in
// ROUTE_TARGETS. A public page, or a state of a page (a dialog, a popover), joins as one entry of
// PUBLIC_TARGETS or LOGGED_IN_TARGETS.

interface A11yTarget {
  /** What the test and its report call it. */
  name: string;
  /** Where it opens: a path, or how to find one (an id from a list). */
  path: string | ((page: Page) => Promise<string>);
  /** Brings the loaded page into the state to scan (opens a dialog), and waits for it. */
  open?: (page: Page) => Promise<void>;
}

/** The headers of a call as the portal's pages make it. */
const AS_PAGE = { 'X-Requested-With': REQUESTED_WITH_VALUE };

/** A new delivery address of the logged-in customer, through the calls: its id. */
async function newAddress(page: Page): Promise<number> {
  const address = await page.request.post('/rest/customer/mall/addresses', {
    headers: AS_PAGE,
    data: { name: '王芳', mobile: '13812345678', province: '浙江省', city: '杭州市', area: '西湖区', street: '北山街道', address: '北山路 88 号' },
  });
  expect(address.status(), await address.text()).toBeLessThan(300);
  return ((await address.json()) as { id: number }).id;
}

/** Routes whose bare path shows no page of their own: how to reach one. */
const ROUTE_TARGETS: Record<string, A11yTarget['path']> = {
  // The demo's first good, and its confirmation of one.
  [MallPath.GoodDetail]: goodHref(1),
  [MallPath.ConfirmOrder]: confirmOrderHref(1, 1),
  // An order of the logged-in customer: one placed through the calls (an address, then the order).
  [MallPath.OrderDetail]: async (page) => {
    const placed = await page.request.post('/rest/customer/mall/orders', {
      headers: { ...AS_PAGE, 'Idempotency-Key': `a11y-${Date.now()}` },
      data: { goodId: 1, amount: 1, addressId: await newAddress(page) },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    return orderDetailHref(((await placed.json()) as { id: number }).id);
  },
  [LeadsPath.FeedbackDetail]: async (page) => {
    await page.goto(LeadsPath.Feedback);
    await settle(page);
    const href = await page.locator('.ant-table-tbody a[href^="/feedback-detail"]').first().getAttribute('href');
    if (!href) throw new Error('the feedback list shows no lead with a detail page');
    return href;
  },
};

const dialog = (page: Page) => page.getByRole('dialog');
const openDialog = (button: RegExp | string) => async (page: Page) => {
  await page.getByRole('button', { name: button }).first().click();
  await expect(dialog(page).first()).toBeVisible();
};

/** A dialog of the visitor site's home, opened by its link. */
const openSiteDialog = (link: string) => async (page: Page) => {
  await page.getByRole('link', { name: link }).click();
  await expect(page.getByRole('dialog', { name: link })).toBeVisible();
};

/** The visitor site's pages (server-rendered; a detail page by the id of the first of its list). */
const SITE_TARGETS: A11yTarget[] = [
  ...[
    '/',
    '/advantage',
    '/products',
    '/cases',
    '/learning',
    '/about',
    '/join-us',
    '/diagnosis',
    '/free-plan',
    '/survey',
    '/form-result?form=message&ok=1',
  ].map((path) => ({ name: `visitor site ${path}`, path })),
  ...(
    [
      ['/cases', '/succeed-details'],
      ['/learning', '/article-details'],
      ['/about', '/about-details'],
      ['/', '/industry-details'],
    ] as const
  ).map(([list, detail]) => ({
    name: `visitor site ${detail}`,
    path: async (page: Page) => {
      await page.goto(list);
      const href = await page.locator(`a[href^="${detail}?id="]`).first().getAttribute('href');
      if (!href) throw new Error(`${list} links to no ${detail} page`);
      return href;
    },
  })),
  { name: 'visitor site plan dialog', path: '/', open: openSiteDialog('免费获取招商方案') },
  { name: 'visitor site message dialog', path: '/', open: openSiteDialog('在线留言') },
  { name: 'visitor site survey dialog', path: '/', open: openSiteDialog('客户问卷') },
];

/** Open to everyone. */
const PUBLIC_TARGETS: A11yTarget[] = [
  ...SITE_TARGETS,
  { name: 'login page', path: '/login' },
  {
    // The chat widget as a landing page embeds it (the demo's landing page of the first project), open.
    name: 'chat widget on a landing page',
    path: async (page) => {
      await page.goto('/demo/landing');
      const href = await page.getByRole('link').first().getAttribute('href');
      if (!href) throw new Error('the demo lists no landing page');
      return href;
    },
    open: async (page) => {
      await page.getByRole('button', { name: '在线咨询' }).click();
      await expect(page.getByRole('dialog', { name: '在线咨询' })).toBeVisible();
    },
  },
  {
    name: 'login page with a refused login',
    path: '/login',
    open: async (page) => {
      // An account nobody has: the journeys' accounts keep their password throttles clean.
      await submitLogin(page, 'nobody404', 'Wrong12345');
      await expect(page.getByRole('alert')).toBeVisible();
    },
  },
  {
    name: 'forced password change dialog',
    path: '/login',
    open: async (page) => {
      const account = `a11y${Date.now() % 1_000_000}`;
      createAccount(account, 'Start1234', true);
      await submitLogin(page, account, 'Start1234');
      await expect(dialog(page)).toBeVisible();
    },
  },
  { name: 'not-found page', path: FrameRoute.NotFound },
];

/** Every logged-in page: the routes the remotes declare and the shell's own. */
const LOGGED_IN_PAGES: A11yTarget[] = [...new Set(servedRemotes().flatMap((remote) => remote.routes)), ...SHELL_FRAME_PATHS].map((route) => ({
  name: route,
  path: ROUTE_TARGETS[route] ?? route,
}));

/** Every dialog a remote declares, over the workbench (the address names it). */
const LOGGED_IN_DIALOGS: A11yTarget[] = [...new Set(servedRemotes().flatMap((remote) => remote.dialogs ?? []))].map((name) => ({
  name: `dialog ${name}`,
  path: `${REMOTE_PAGES.workbench}?${DIALOG_PARAM}=${name}`,
  open: async (page) => {
    await expect(dialog(page).first()).toBeVisible();
  },
}));

/** Every logged-in page, then states of them. */
const LOGGED_IN_TARGETS: A11yTarget[] = [
  ...LOGGED_IN_PAGES,
  ...LOGGED_IN_DIALOGS,
  { name: 'new-user guide', path: REMOTE_PAGES.workbench, open: openDialog('新手引导') },
  { name: 'suggestion dialog', path: REMOTE_PAGES.workbench, open: openDialog('意见建议') },
  {
    name: 'user menu',
    path: REMOTE_PAGES.workbench,
    open: async (page) => {
      await page.getByRole('button', { name: '用户菜单' }).hover();
      await expect(page.getByRole('menuitem', { name: '退出登录' })).toBeVisible();
    },
  },
  {
    name: 'wallet popover',
    path: REMOTE_PAGES.workbench,
    open: async (page) => {
      await page.getByRole('button', { name: /钱包/ }).hover();
      await expect(page.getByRole('link', { name: '余额中心' })).toBeVisible();
      await expect(page.getByRole('link', { name: '积分', exact: true })).toBeVisible();
    },
  },
  {
    // demo has a project at 1 day of balance: forgetting that this login saw the reminder shows it again.
    name: 'low-balance dialog',
    path: REMOTE_PAGES.workbench,
    open: async (page) => {
      await page.evaluate(() =>
        Object.keys(localStorage).forEach((key) => key.startsWith('portal.lowBalanceReminded:') && localStorage.removeItem(key)),
      );
      await page.reload();
      await expect(page.getByRole('dialog', { name: '余额不足提醒' })).toBeVisible();
    },
  },
  {
    name: 'help article',
    path: async (page) => {
      const answer = await page.request.get('/rest/customer/help/articles?section=points-rules');
      expect(answer.status(), await answer.text()).toBe(200);
      return `${REMOTE_PAGES.help}/${((await answer.json()) as Array<{ id: number }>)[0]!.id}`;
    },
  },
  { name: 'help search results', path: `${REMOTE_PAGES.help}?q=${encodeURIComponent('充值')}` },
  { name: 'chat embed code dialog', path: '/online-chat', open: openDialog('接入代码') },
  {
    // The demo's conversations: the first one open, its messages and the reply box.
    name: 'chat panel with a conversation open',
    path: '/online-chat',
    open: async (page) => {
      await page.getByRole('list', { name: '对话列表' }).getByRole('button').first().click();
      await expect(page.getByRole('textbox', { name: '回复内容' })).toBeVisible();
    },
  },
  { name: 'mall share dialog', path: goodHref(1), open: openDialog(/^分\s*享$/) },
  { name: 'mall address dialog', path: MallPath.Address, open: openDialog('新增收货地址') },
  {
    name: 'mall confirm-exchange dialog',
    path: async (page) => {
      await newAddress(page);
      return confirmOrderHref(1, 1);
    },
    open: async (page) => {
      await page.getByRole('button', { name: '提交订单' }).click();
      await expect(page.getByRole('dialog', { name: '确认兑换' })).toBeVisible();
    },
  },
  { name: 'lead export dialog', path: LeadsPath.Resource, open: openDialog(/导\s*出/) },
  // Loaded (settle waits for its skeleton to go): 查重天数, 查重范围, 重复线索处理.
  { name: 'lead duplicate rules dialog', path: LeadsPath.Resource, open: openDialog('重复规则') },
  {
    name: 'manual assignment dialog',
    path: LeadsPath.Resource,
    open: async (page) => {
      await page.locator('.ant-table-tbody').getByText('手动分配', { exact: true }).first().click();
      await expect(dialog(page)).toBeVisible();
    },
  },
  { name: 'schedule import dialog', path: '/ec/data-dispose', open: openDialog(/^导\s*入$/) },
  { name: 'schedule staff tree', path: '/ec/data-dispose', open: openDialog('添加人员') },
  { name: 'schedule copy dialog', path: '/ec/data-dispose', open: openDialog(/^复\s*制$/) },
  { name: 'accept group dialog', path: '/ec/data-dispose', open: openDialog('接收组管理') },
  { name: 'schedule follow-up deadline dialog', path: '/ec/data-dispose', open: openDialog('跟进时限') },
  {
    // Over the list's dialog: the form of a new deadline (the demo has projects without one).
    name: 'schedule follow-up deadline form',
    path: '/ec/data-dispose',
    open: async (page) => {
      await openDialog('跟进时限')(page);
      await page.getByRole('dialog', { name: '跟进时限' }).getByRole('button', { name: '新增跟进时限' }).click();
      await expect(page.getByRole('dialog', { name: '新增跟进时限' })).toBeVisible();
    },
  },
  {
    name: 'delete confirmation',
    path: LeadsPath.Resource,
    open: async (page) => {
      await page.locator('.ant-table-tbody').getByText('删除', { exact: true }).first().click();
      await expect(page.locator('.ant-popconfirm')).toBeVisible();
    },
  },
];

/** A phone's window (an iPhone 12-15): the frame folds its menus (shell/src/frame/Frame.tsx). */
const PHONE_VIEWPORT = { width: 390, height: 844 };

/** Every logged-in page on a phone, then the phone's own states and the dialogs of the lead list. */
const PHONE_TARGETS: A11yTarget[] = [
  ...LOGGED_IN_PAGES,
  { name: 'side menu drawer', path: REMOTE_PAGES.workbench, open: openDialog('打开菜单') },
  {
    name: 'folded top navigation',
    path: REMOTE_PAGES.workbench,
    open: async (page) => {
      await page.getByRole('button', { name: '更多' }).click();
      await expect(page.getByRole('menuitem', { name: '退出登录' })).toBeVisible();
    },
  },
  ...LOGGED_IN_TARGETS.filter((target) =>
    ['lead export dialog', 'lead duplicate rules dialog', 'manual assignment dialog', 'delete confirmation'].includes(target.name),
  ),
];

/** Loaded: no request running, no spinner or busy button, no transition half-way (a half-faded text has no contrast). */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, .ant-btn-loading')).toHaveCount(0);
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
  );
}

async function scan(page: Page, target: A11yTarget) {
  await page.goto(typeof target.path === 'string' ? target.path : await target.path(page));
  await settle(page);
  if (target.open) {
    await target.open(page);
    await settle(page);
  }
  let violations = await seriousAxeViolations(page);
  // A page caught mid-change (an answer that came after the settle, a button fading into its
  // enabled colour) is settled and scanned once more: a real violation is still there.
  if (violations.length > 0) {
    await settle(page);
    violations = await seriousAxeViolations(page);
  }
  expect(violations, `serious or critical axe violations on ${target.name}`).toEqual([]);
  // Every page says what it is in one top-level heading.
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
}

test.describe('accessibility of the public pages', () => {
  for (const target of PUBLIC_TARGETS) {
    test(`${target.name} has no serious WCAG 2.1 AA violation`, async ({ page }) => scan(page, target));
  }
});

test.describe('accessibility of the logged-in pages', () => {
  // One login for all: its cookies are every test's starting state.
  const sessionFile = join(process.env.E2E_DATA_DIR as string, 'a11y-session.json');
  test.use({ storageState: sessionFile });

  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext({ storageState: undefined });
    const page = await context.newPage();
    await loginAs(page, DEMO);
    await dismissGuideIfShown(page);
    await context.storageState({ path: sessionFile });
    await context.close();
  });

  for (const target of LOGGED_IN_TARGETS) {
    test(`${target.name} has no serious WCAG 2.1 AA violation`, async ({ page }) => scan(page, target));
  }
});

test.describe('accessibility of the logged-in pages on a phone (390 x 844)', () => {
  // Its own login: the session file of the wide-screen scans may not exist when this runs alone.
  const sessionFile = join(process.env.E2E_DATA_DIR as string, 'a11y-phone-session.json');
  test.use({ storageState: sessionFile, viewport: PHONE_VIEWPORT });

  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext({ storageState: undefined, viewport: PHONE_VIEWPORT });
    const page = await context.newPage();
    await loginAs(page, DEMO);
    await dismissGuideIfShown(page);
    await context.storageState({ path: sessionFile });
    await context.close();
  });

  for (const target of PHONE_TARGETS) {
    test(`${target.name} at 390 x 844 has no serious WCAG 2.1 AA violation`, async ({ page }) => scan(page, target));
  }
});
