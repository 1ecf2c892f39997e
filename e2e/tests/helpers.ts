import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page, type Response } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/** Reported by every page of a journey: the content security policy blocked something. */
const CSP_MARK = 'CSP violation:';

/**
 * The journeys' `test`: a journey fails when the server's content security policy blocked
 * anything on any of its pages (a `securitypolicyviolation` event, or Chromium's own console error).
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.addInitScript((mark) => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`${mark} ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} in ${event.sourceFile}:${event.lineNumber}`);
        });
      }, CSP_MARK);
      context.on('console', (message) => {
        const text = message.text();
        if (text.startsWith(CSP_MARK) || (message.type() === 'error' && text.includes('Content Security Policy'))) violations.push(text);
      });
      await use(violations);
      expect(violations, 'content security policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

export const DEMO = { account: 'demo', password: 'Demo12345' };
export const DEMO2 = { account: 'demo2', password: 'Demo12345' };

/** Fills the login form and submits it with Enter or the button. */
export async function submitLogin(page: Page, account: string, password: string, via: 'enter' | 'click' = 'click') {
  await page.getByPlaceholder('请输入账号').fill(account);
  await page.getByPlaceholder('请输入密码').fill(password);
  if (via === 'enter') await page.getByPlaceholder('请输入密码').press('Enter');
  else await page.getByRole('button', { name: /登\s*录/ }).click();
}

/**
 * Logs in and lands on the workbench. An account with a project about to run dry sees the
 * low-balance dialog once per login (after the first-login guide, when it has one): closed here
 * unless the journey is about it, so that it does not cover what the journey clicks.
 */
export async function loginAs(page: Page, user: { account: string; password: string }, options: { keepLowBalance?: boolean } = {}) {
  await page.goto('/login');
  await submitLogin(page, user.account, user.password);
  await page.waitForURL('**/work-bench');
  if (!options.keepLowBalance) await dismissLowBalanceIfShown(page);
}

/**
 * Closes the low-balance dialog of an account that has low projects (the server says which). It
 * opens once per login, after the first-login guide: with the guide still to come, the
 * journey's own dismissGuideIfShown comes first and this is called again after it.
 */
export async function dismissLowBalanceIfShown(page: Page) {
  const low = (await (await page.request.get('/rest/customer/report/balance/low')).json()) as unknown[];
  if (!Array.isArray(low) || low.length === 0) return;
  const user = ((await (await page.request.get('/rest/customer/user-info')).json()) as { data?: { firstLoginStutes?: number } }).data;
  if (user?.firstLoginStutes === 1) return;
  // The shell remembers the reminder per login in localStorage (shell/src/lowBalance/reminderMemory.ts).
  const shown = await page.evaluate(() => Object.keys(localStorage).some((key) => key.startsWith('portal.lowBalanceReminded:')));
  const dialog = page.getByRole('dialog', { name: '余额不足提醒' });
  if (shown && !(await dialog.isVisible())) return;
  await dialog.getByRole('button', { name: /知\s*道\s*了/ }).click();
  await expect(dialog).toBeHidden();
}

/**
 * The next answer to GET `path` (a list a page asks for as it opens), for a journey to wait on
 * what the user waits for: start it before the click that opens the page, await it, then look at
 * the rows. On a loaded machine the remote's code and the server's answer can take longer than an
 * assertion's 10 s; this wait is bounded by the test's own timeout instead.
 */
export function nextAnswer(page: Page, path: string): Promise<Response> {
  return page.waitForResponse((response) => response.request().method() === 'GET' && new URL(response.url()).pathname === path);
}

/** The workbench's trend chart has drawn its line (an SVG path, or a dot for one day, per series). */
export async function expectChartDrawn(page: Page) {
  const chart = page.locator('section[aria-label="展现量趋势"] svg[role="img"]');
  await expect(chart).toBeVisible({ timeout: 20_000 });
  // Attached, not visible: a flat line has an empty bounding box.
  await expect(chart.locator('[data-series]').first()).toBeAttached();
}

/**
 * Skips the new-user guide of an account that still has the first-login flag (demo and demo2 at
 * their first login). The guide opens shortly after the frame, so the flag decides, not whether
 * it happens to be on screen yet.
 */
export async function dismissGuideIfShown(page: Page) {
  const answer = await page.request.get('/rest/customer/user-info');
  const user = ((await answer.json()) as { data?: { firstLoginStutes?: number } }).data;
  if (user?.firstLoginStutes !== 1) return;
  await page.getByRole('button', { name: /跳\s*过/ }).click();
  await expect(page.getByRole('button', { name: /跳\s*过/ })).toBeHidden();
  await dismissLowBalanceIfShown(page);
}

/** Creates an account with the operator CLI against the journeys' database. */
export function createAccount(account: string, password: string, forceChange = false) {
  const root = join(__dirname, '../..');
  execFileSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'server/src/cli.ts'), 'create-account', account, password, ...(forceChange ? ['--force-change'] : [])],
    {
      cwd: root,
      env: { ...process.env, SQLITE_PATH: join(process.env.E2E_DATA_DIR as string, 'portal.sqlite'), DATABASE_URL: '' },
      stdio: 'pipe',
    },
  );
}

/** A mobile of a range the demo seed never draws (166...), distinct per call: a repeat would be a duplicate. */
let mobiles = 0;
export const freshMobile = (): string => `166${String(Date.now()).slice(-4)}${String((mobiles += 1) % 1e4).padStart(4, '0')}`;

/**
 * Sends one lead to the open ingestion call as a landing page would, with the logged-in
 * customer's key (read through the page's session) and its first on-air project; a fresh number
 * unless `options.mobile` names one (the same number twice makes a duplicate).
 */
export async function ingestLead(
  page: Page,
  listKind: 'resource' | 'infoList' | 'feedback' | 'baiList',
  name = '测试客户',
  options: { mobile?: string; resType?: 1 | 2 } = {},
): Promise<number> {
  const keyAnswer = await page.request.get('/rest/customer/account/ingest-key');
  const key = ((await keyAnswer.json()) as { data: { key: string } }).data.key;
  const items = (await (await page.request.get('/rest/customer/platform/items/all')).json()) as Array<{ id: number; status: number }>;
  const item = items.find((candidate) => candidate.status === 1) ?? items[0];
  const answer = await page.request.post('/rest/open/leads', {
    headers: { 'X-Ingest-Key': key },
    data: { listKind, resType: options.resType ?? 1, itemId: item.id, name, mobile: options.mobile ?? freshMobile() },
  });
  expect(answer.status(), await answer.text()).toBeLessThan(300);
  return ((await answer.json()) as { data?: { id: number }; id?: number }).data?.id ?? 0;
}

/** Publishes an operator notice with the CLI, over the journeys' Redis channel. */
export function publishNotice(title: string, contents: string, account?: string) {
  const root = join(__dirname, '../..');
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      join(root, 'server/src/cli.ts'),
      'notice',
      '--title',
      title,
      '--contents',
      contents,
      ...(account ? ['--account', account] : []),
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        SQLITE_PATH: join(process.env.E2E_DATA_DIR as string, 'portal.sqlite'),
        DATABASE_URL: '',
        REDIS_URL: process.env.E2E_REDIS_URL,
        REALTIME_CHANNEL: process.env.E2E_REALTIME_CHANNEL,
      },
      stdio: 'pipe',
    },
  );
}

/**
 * Counts the react-dom renderers that register with the devtools hook (every react-dom copy
 * does): call before the page loads; the returned function reads the count. One React = 1.
 */
export async function countReactRenderers(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const renderers = new Map();
    (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      renderers,
      supportsFiber: true,
      isDisabled: false,
      inject(renderer: unknown) {
        renderers.set(renderers.size + 1, renderer);
        return renderers.size;
      },
      checkDCE() {},
      onScheduleFiberRoot() {},
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
    };
  });
  return () =>
    page.evaluate(
      () =>
        (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } }).__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size,
    );
}

/**
 * What module federation's share scope holds of one shared package: `<app>@<version>` for each
 * copy offered, with ' loaded' on the ones that were loaded, sorted.
 */
export function sharedCopies(page: Page, name: string): Promise<string[]> {
  return page.evaluate((pkg) => {
    type ShareInfo = { loaded?: boolean; from?: string };
    const share =
      (window as unknown as { __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Record<string, Record<string, ShareInfo>>>> } })
        .__FEDERATION__?.__SHARE__ ?? {};
    const seen = new Set<string>();
    for (const scopes of Object.values(share)) {
      for (const packages of Object.values(scopes)) {
        for (const [version, info] of Object.entries(packages[pkg] ?? {})) seen.add(`${info.from}@${version}${info.loaded ? ' loaded' : ''}`);
      }
    }
    return [...seen].sort();
  }, name);
}

/** The data rows of the page's lead table (antd's row markup lives here, in one place). */
export const leadRows = (page: Page): Locator => page.locator('.ant-table-tbody tr.ant-table-row');

/**
 * Chooses the option titled `title` of the select whose combobox is `combobox`, as a user does:
 * opens it, clicks the option, and looks at the select. A click that lands while the dropdown is
 * still opening (or re-rendering) picks nothing, so it is made again until the select shows the
 * choice. antd 6 gives `role="option"` only to a hidden copy of each option, so the visible one is
 * found here, the one place that knows the dropdown's markup.
 */
export async function chooseSelectOption(page: Page, combobox: Locator, title: string) {
  // The select around the combobox (a `has` filter would look for the combobox's whole chain,
  // its dialog too, inside the select).
  const select = combobox.locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await expect(async () => {
    if (!(await select.textContent())?.includes(title)) {
      if (!(await dropdown.count())) await combobox.click({ timeout: 3000 });
      await dropdown.getByTitle(title, { exact: true }).click({ timeout: 3000 });
    }
    await expect(select).toContainText(title, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * In the open manual-assignment dialog, searches staff by `search` and chooses `name`: waits for
 * the server's answer to the search (not the list shown before it, which it replaces), and picks
 * again when a click lands while the options re-render.
 */
export async function chooseStaff(page: Page, dialog: Locator, search: string, name: string) {
  const searched = page.waitForResponse(
    (res) => res.url().includes('/rest/es/crmuser/like') && decodeURIComponent(res.url()).includes(`userName=${search}`),
  );
  await dialog.getByRole('combobox').fill(search);
  await searched;
  await expect(async () => {
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).first().click({ timeout: 3000 });
    // The choice shows in the dialog's field (the options themselves are drawn outside the dialog).
    await expect(dialog).toContainText(name, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Opens a page of the side menu through its groups, as a user clicks (CRM同步 › EC › 排班), and
 * waits for its URL. A group is clicked only when closed and is seen open before the next click;
 * the entry is taken inside the last group's own list (every CRM has a 排班), and the click is
 * made again when it landed while the list was still unfolding.
 */
export async function openFromSideMenu(page: Page, groups: string[], entry: string, url: string | RegExp) {
  let scope: Locator = page.locator('body');
  for (const group of groups) {
    // The menu's items carry their icon's label before their text.
    const title = scope.getByRole('menuitem', { name: new RegExp(`(^|\\s)${group}$`) }).first();
    if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
    await expect(title).toHaveAttribute('aria-expanded', 'true');
    scope = page.locator(`[id="${await title.getAttribute('aria-controls')}"]`);
  }
  await expect(async () => {
    await scope.getByRole('menuitem', { name: new RegExp(`(^|\\s)${entry}$`) }).click({ timeout: 5000 });
    await page.waitForURL(url, { timeout: 5000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * In an open cascader (the address form's region picker), picks each level by its name: each
 * level's list loads from the server after the previous pick, and its options are menu item
 * checkboxes named by their text (a level with more below also carries its arrow icon's label).
 */
export async function chooseCascaderPath(page: Page, names: string[]) {
  for (const name of names) await page.getByRole('menuitemcheckbox', { name: new RegExp(`^${name}( right)?$`) }).click();
}

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** One line per violated rule: id, impact, what it checks, how many elements, the first few. */
function describeViolation(violation: Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number]): string {
  const nodes = violation.nodes.slice(0, 3).map((node) => {
    const why = [...node.any, ...node.all, ...node.none].map((check) => check.message).find(Boolean);
    return `${node.target.join(' ')}${why ? ` (${why})` : ''}`;
  });
  return `${violation.id} [${violation.impact}] ${violation.help}: ${violation.nodes.length} element(s), e.g. ${nodes.join('; ')}`;
}

/**
 * The page as it is now, scanned by axe-core for WCAG 2.1 AA: its serious and critical violations,
 * one line each (every violation is attached to the test's report). The accessibility spec scans
 * every page with it; a journey scans a state only it reaches (a dialog of a new account).
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  await test.info().attach('axe-violations.json', { body: JSON.stringify(results.violations, null, 2), contentType: 'application/json' });
  return results.violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? '')).map(describeViolation);
}
