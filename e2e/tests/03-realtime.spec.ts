import type { Locator, Page } from '@playwright/test';
import { DEMO2, dismissGuideIfShown, expect, ingestLead, loginAs, nextAnswer, publishNotice, test } from './helpers';

// The realtime journeys: new-lead pop-ups over the WebSocket, the 3-minute polling fallback when
// the socket is cut, operator notices arriving live, and the message centre. They use demo2, so
// that the leads journey's counts on demo stay as they were.

/** A count badge's number, read from its title (it holds the number even past 99+); 0 when hidden. */
async function badgeCount(owner: Locator): Promise<number> {
  const badge = owner.locator('.ant-badge-count');
  if (!(await badge.count())) return 0;
  return Number((await badge.first().getAttribute('title')) ?? 0);
}

const resourceMenu = (page: Page) => page.getByRole('menuitem', { name: /资源列表/ });
const bell = (page: Page) => page.getByRole('button', { name: '消息通知' });

/** Resolves once the page's socket has received its first snapshot (subscribed and caught up). */
function socketReady(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().endsWith('/rest/ws')) return;
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"snapshot"')) resolve();
      });
    });
  });
}

/** Logs in as demo2 and opens the 智能投放 menu group, so the 资源列表 badge is on screen. */
async function openWorkbench(page: Page) {
  await loginAs(page, DEMO2);
  await dismissGuideIfShown(page);
  await page.getByText('智能投放').click();
  await expect(resourceMenu(page)).toBeVisible();
}

test('a new lead pops up on the workbench within 2 s, raises the menu counter, and 查看 opens the list', async ({ page }) => {
  const ready = socketReady(page);
  await openWorkbench(page);
  await ready;
  const before = await badgeCount(resourceMenu(page));

  await ingestLead(page, 'resource', '实时测试客户');
  const popup = page.getByRole('alert', { name: '新资源提醒' }).filter({ hasText: '智能投放资源' });
  // The bound: the pop-up and the counter within 2 seconds of the ingestion call's answer.
  await expect(popup).toBeVisible({ timeout: 2000 });
  await expect(popup).toContainText('您有1条新的智能投放资源');
  await expect.poll(() => badgeCount(resourceMenu(page)), { timeout: 2000 }).toBe(before + 1);

  const listed = nextAnswer(page, '/rest/customer/feedback/resource');
  await popup.getByRole('link', { name: '查看' }).click();
  await page.waitForURL('**/resource');
  expect((await listed).ok()).toBe(true);
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText('实时测试客户');
  await expect(popup).toBeHidden();

  // On the list itself, the next lead shows up in the table without a reload.
  await ingestLead(page, 'resource', '实时测试客户二');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText('实时测试客户二');
});

/**
 * Counts the fallback poller's rounds: each asks for the message counters, then the lead lists'
 * (the session's own first call for the lead counts is not a poll).
 */
function countPolls(page: Page): () => number {
  let polls = 0;
  let messagesAsked = false;
  page.on('response', (response) => {
    const url = response.url();
    if (url.includes('/rest/customer/message/unread-counts')) messagesAsked = true;
    else if (messagesAsked && url.includes('/rest/customer/feedback/unread-counts')) {
      polls += 1;
      messagesAsked = false;
    }
  });
  return () => polls;
}

test('with the socket cut, the 3-minute poll still finds a new form lead', async ({ page }) => {
  // The page's clock is ours, so three minutes pass at once; every socket it opens is closed.
  await page.clock.install();
  let attempts = 0;
  await page.routeWebSocket(/\/rest\/ws$/, (socket) => {
    attempts += 1;
    socket.close({ code: 1011, reason: 'cut by the test' });
  });
  const polls = countPolls(page);
  await openWorkbench(page);
  // The first poll (soon after the socket drops) only remembers the counts; every later one
  // (another reconnect attempt's, or the 3-minute one) compares with them.
  await page.clock.fastForward(10_000);
  await expect.poll(polls).toBeGreaterThanOrEqual(1);
  expect(attempts).toBeGreaterThan(0);

  await ingestLead(page, 'infoList', '轮询测试客户');
  const pollsBefore = polls();
  const popup = page.getByRole('alert', { name: '新资源提醒' }).filter({ hasText: '信息流资源' });
  await page.clock.fastForward('03:00');
  await expect.poll(polls).toBeGreaterThan(pollsBefore);
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('您有1条新的信息流资源');
  await popup.getByRole('link', { name: '查看' }).click();
  await page.waitForURL('**/info-list');
});

test('an operator notice appears live, in the pop-up, the bell and its popover', async ({ page }) => {
  const ready = socketReady(page);
  await openWorkbench(page);
  await ready;
  const before = await badgeCount(bell(page));

  const title = `系统维护通知 ${Date.now()}`;
  publishNotice(title, '今晚 23:00 至 23:30 系统维护，期间线索照常接收。');
  const popup = page.getByRole('alert', { name: '新消息提醒' });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText(title);
  await expect.poll(() => badgeCount(bell(page))).toBe(before + 1);

  await bell(page).click();
  await expect(page.getByRole('list', { name: '未读消息' })).toContainText(title);
});

test('the message centre reads a notice on expanding it and deletes it', async ({ page }) => {
  await openWorkbench(page);
  const title = `账户余额提醒 ${Date.now()}`;
  publishNotice(title, '您的账户余额不足两天消耗，请及时联系客服充值。', DEMO2.account);

  await page.goto('/message-center');
  const unreadListed = page.waitForResponse(
    (response) => response.url().includes('/rest/customer/message/messages?') && response.url().includes('onlyUnread=1'),
  );
  await page.getByRole('checkbox', { name: '只看未读' }).check();
  expect((await unreadListed).ok()).toBe(true);
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row).toContainText('用户通知');
  await expect(row).toContainText('新');
  // After the full page load the bell starts at 0 until the snapshot (or the page's own call) fills it.
  await expect.poll(() => badgeCount(bell(page))).toBeGreaterThan(0);
  const unreadBefore = await badgeCount(bell(page));

  // Expanding reads it: the contents show and the counter drops; under 只看未读 it stays on
  // screen, without its 新 badge, until the filter changes.
  const read = page.waitForResponse((response) => response.url().includes('/read') && response.request().method() === 'PUT');
  await row.getByRole('button', { name: '展开行' }).click();
  await expect(page.getByText('您的账户余额不足两天消耗')).toBeVisible();
  expect((await read).status()).toBe(200);
  await expect.poll(() => badgeCount(bell(page))).toBe(unreadBefore - 1);
  await expect(row.locator('.ant-badge-count')).toHaveCount(0);
  // Asked again, the unread list no longer has it.
  await page.reload();
  const unreadList = page.waitForResponse(
    (response) => response.url().includes('/rest/customer/message/messages?') && response.url().includes('onlyUnread=1'),
  );
  await page.getByRole('checkbox', { name: '只看未读' }).check();
  await unreadList;
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  await expect(row).toHaveCount(0);

  // Among all messages it is there, read; select it and delete it.
  await page.getByRole('checkbox', { name: '只看未读' }).uncheck();
  await expect(row).toBeVisible();
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: /删\s*除/ }).click();
  await expect(page.getByText('确定删除?')).toBeVisible();
  await page
    .locator('.ant-popconfirm, .ant-modal')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('删除成功！').first()).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.reload();
  await expect(page.locator('.ant-table-tbody')).toBeVisible();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: title })).toHaveCount(0);
});

/**
 * Passes the page's sockets through to the server; the first one, once caught up (the server's
 * snapshot reached the page), is closed on the page's side with `code`, as the server closes it.
 * Answers how many sockets the page opened and whether the first was closed yet.
 */
async function closeFirstSocketAfterSnapshot(page: Page, code: number): Promise<{ opened: () => number; closed: () => boolean }> {
  let opened = 0;
  let closed = false;
  await page.routeWebSocket(/\/rest\/ws$/, (socket) => {
    opened += 1;
    const first = opened === 1;
    const server = socket.connectToServer();
    server.onMessage((message) => {
      socket.send(message);
      if (first && String(message).includes('"snapshot"')) {
        socket.close({ code, reason: 'closed by the test' });
        server.close();
        closed = true;
      }
    });
  });
  return { opened: () => opened, closed: () => closed };
}

// The closing codes of contracts' RealtimeCloseCode.
const TOO_MANY_SOCKETS = 4408;
const TOO_SLOW = 4409;

test('a socket the server closes with 4408 (another tab took its place) stays closed, and the poll takes over', async ({ page }) => {
  await page.clock.install();
  const sockets = await closeFirstSocketAfterSnapshot(page, TOO_MANY_SOCKETS);
  const polls = countPolls(page);
  await openWorkbench(page);
  await expect.poll(sockets.closed).toBe(true);
  // A reconnect would come after 1 s or so; the first poll comes 5 s after the close.
  await page.clock.fastForward(60_000);
  await expect.poll(polls).toBeGreaterThanOrEqual(1);
  expect(sockets.opened()).toBe(1);
  // Still polling three minutes on, with no other socket opened.
  await page.clock.fastForward('03:00');
  await expect.poll(polls).toBeGreaterThanOrEqual(2);
  expect(sockets.opened()).toBe(1);
});

test('a socket the server closes with 4409 (it read too slowly) reconnects, and live leads arrive again', async ({ page }) => {
  const sockets = await closeFirstSocketAfterSnapshot(page, TOO_SLOW);
  await openWorkbench(page);
  await expect.poll(sockets.closed).toBe(true);
  await expect.poll(sockets.opened).toBe(2);
  // The reconnected socket subscribed and asked for its snapshot again: a new lead pops up live.
  await ingestLead(page, 'resource', '重连测试客户');
  const popup = page.getByRole('alert', { name: '新资源提醒' }).filter({ hasText: '智能投放资源' });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('您有1条新的智能投放资源');
});
