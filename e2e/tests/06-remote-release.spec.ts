import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { countReactRenderers, DEMO2, dismissGuideIfShown, expect, expectChartDrawn, loginAs, sharedCopies, test } from './helpers';
import { DIST, distFile } from './remotes';

// Releasing one remote on a running portal, as an operator does: a new build of the reports
// remote (one more page and menu entry) is copied beside the version running, `/remotes.json` is
// pointed at it, and a reload shows it; pointing back rolls it back. Nothing of the shell is
// rebuilt or touched. The same way, a build against another React is refused in its area, and
// one against a newer patch of React loads, with one React on the page either way.
//
// The variant builds come from the one factory (e2e/fixtures/reports-next/webpack.config.js),
// built once for this file.

const REMOTES_JSON = distFile('/remotes.json');
const SHELL_DIR = join(DIST, 'shell');
const REPORTS_DIR = join(DIST, 'remotes/reports');
const VARIANTS = ['0.1.1-next', '0.1.2-skewed', '0.1.3-patch'] as const;
type Variant = (typeof VARIANTS)[number];

let variantsDir = '';
let servedPointers = '';

/** A hash of every file of the shell's folder but the pointers, by path. */
function hashShell(dir = SHELL_DIR): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) Object.assign(hashes, hashShell(file));
    else if (file !== REMOTES_JSON) hashes[relative(SHELL_DIR, file)] = createHash('sha256').update(readFileSync(file)).digest('hex');
  }
  return hashes;
}

/** Copies a variant build into the served folder, as a deployment does. */
const publish = (version: Variant) => cpSync(join(variantsDir, version), join(REPORTS_DIR, version), { recursive: true });

/** Points `/remotes.json`'s reports at a version (the one edit a release or a rollback is). */
function pointReportsAt(version: string) {
  const pointers = JSON.parse(servedPointers) as Record<string, { version: string }>;
  writeFileSync(REMOTES_JSON, `${JSON.stringify({ ...pointers, reports: { version } }, null, 2)}\n`);
}

const runningReports = (): string => (JSON.parse(servedPointers) as { reports: { version: string } }).reports.version;

test.describe.configure({ mode: 'serial' });

let builtHere = false;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  // E2E_VARIANTS_DIR: variant builds made beforehand (by the same config), to iterate on this file.
  const given = process.env.E2E_VARIANTS_DIR;
  if (given && VARIANTS.every((version) => existsSync(join(given, version, 'remote.json')))) {
    variantsDir = given;
    servedPointers = readFileSync(REMOTES_JSON, 'utf8');
    return;
  }
  variantsDir = mkdtempSync(join(tmpdir(), 'portal-variants-'));
  builtHere = true;
  execFileSync(
    process.execPath,
    [join(__dirname, '../../node_modules/webpack-cli/bin/cli.js'), '--mode', 'production', '--config', 'webpack.config.js'],
    { cwd: join(__dirname, '../fixtures/reports-next'), env: { ...process.env, E2E_VARIANTS_DIR: variantsDir }, stdio: 'pipe' },
  );
  servedPointers = readFileSync(REMOTES_JSON, 'utf8');
});

test.afterEach(() => {
  writeFileSync(REMOTES_JSON, servedPointers);
});

test.afterAll(() => {
  if (servedPointers) writeFileSync(REMOTES_JSON, servedPointers);
  for (const version of VARIANTS) rmSync(join(REPORTS_DIR, version), { recursive: true, force: true });
  if (builtHere) rmSync(variantsDir, { recursive: true, force: true });
});

test('a new release of a remote adds its page and menu entry on reload, without touching the shell; pointing back rolls it back', async ({
  page,
}) => {
  const shellBefore = hashShell();
  await loginAs(page, DEMO2);
  await dismissGuideIfShown(page);
  await expectChartDrawn(page);
  const regular = page.getByRole('menuitem', { name: '常规投放' });
  await regular.click();
  await expect(page.getByRole('menuitem', { name: '竞价资源' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: '新版报表' })).toHaveCount(0);

  publish('0.1.1-next');
  pointReportsAt('0.1.1-next');
  await page.reload();
  await expectChartDrawn(page);
  await page.getByRole('menuitem', { name: '常规投放' }).click();
  await page.getByRole('menuitem', { name: '新版报表' }).click();
  await page.waitForURL('**/report-preview');
  await expect(page.getByRole('heading', { level: 1, name: '新版报表' })).toBeVisible();
  await expect(page.getByText('新版本发布的报表页面')).toBeVisible();
  // The new version's files came from its own folder.
  expect(
    await page.evaluate(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/remotes/reports/0.1.1-next/'))),
  ).toBe(true);

  // The shell's files are byte for byte what they were.
  expect(hashShell()).toEqual(shellBefore);

  // Rolling back: the pointer again, no build.
  pointReportsAt(runningReports());
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '页面不存在' })).toBeVisible();
  await page.goto('/work-bench');
  await expectChartDrawn(page);
  await page.getByRole('menuitem', { name: '常规投放' }).click();
  await expect(page.getByRole('menuitem', { name: '竞价资源' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: '新版报表' })).toHaveCount(0);
  expect(hashShell()).toEqual(shellBefore);
});

test('a remote left out of /remotes.json leaves out its pages and entries; the rest works', async ({ page }) => {
  const pointers = JSON.parse(servedPointers) as Record<string, unknown>;
  await loginAs(page, DEMO2);
  await dismissGuideIfShown(page);
  const { leads: _leads, ...withoutLeads } = pointers;
  writeFileSync(REMOTES_JSON, JSON.stringify(withoutLeads));
  await page.reload();
  await expectChartDrawn(page);
  await expect(page.getByRole('menuitem', { name: /工作台/ })).toBeVisible();
  // 常规投放 keeps the reports remote's entries, without the lead lists.
  await page.getByRole('menuitem', { name: '常规投放' }).click();
  await expect(page.getByRole('menuitem', { name: '接收报表' }).first()).toBeVisible();
  await expect(page.getByRole('menuitem', { name: '竞价资源' })).toHaveCount(0);
  await page.goto('/feedback');
  await page.waitForURL('**/not-found');
  await expect(page.getByRole('heading', { level: 1, name: '页面不存在' })).toBeVisible();
});

test('a remote built against another React is refused in its area with the versions named; the frame stays, one React runs', async ({ page }) => {
  const renderers = await countReactRenderers(page);
  publish('0.1.2-skewed');
  await loginAs(page, DEMO2);
  await dismissGuideIfShown(page);
  pointReportsAt('0.1.2-skewed');
  await page.reload();
  await expect(page.getByText('页面模块版本不兼容：报表')).toBeVisible();
  await expect(
    page.getByText('该模块基于 react 20.0.0、react-dom 20.0.0 构建，与当前页面提供的 react 19.3.1、react-dom 19.3.1 不兼容', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /工作台/ })).toBeVisible();
  // None of its code ran: no second React, and no script of its folder was fetched.
  expect(await renderers()).toBe(1);
  expect(
    await page.evaluate(() => performance.getEntriesByType('resource').filter((entry) => /\/0\.1\.2-skewed\/.*\.js(\?|$)/.test(entry.name)).length),
  ).toBe(0);
  // The shell's own pages still open.
  await page.getByRole('button', { name: /用户菜单/ }).click();
  await page.getByText('账户信息').click();
  await page.waitForURL('**/account-info');
  await expect(page.getByRole('heading', { level: 1, name: '账户信息' })).toBeVisible();
});

test("a remote built against a newer patch of React loads and runs on the shell's React", async ({ page }) => {
  const renderers = await countReactRenderers(page);
  publish('0.1.3-patch');
  await loginAs(page, DEMO2);
  await dismissGuideIfShown(page);
  pointReportsAt('0.1.3-patch');
  await page.reload();
  await expectChartDrawn(page);
  expect(
    await page.evaluate(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/remotes/reports/0.1.3-patch/'))),
  ).toBe(true);
  expect(await renderers()).toBe(1);
  // The share scope holds the remote's claim of react 19.3.2, but only the shell's 19.3.1 was loaded.
  const loadedReact = await sharedCopies(page, 'react');
  expect(loadedReact).toEqual(['reports@19.3.2', 'shell@19.3.1 loaded']);
});

test('the retry plugin fetches a manifest again after a failed answer, so a blip shows no failure', async ({ page }) => {
  await loginAs(page, DEMO2);
  await dismissGuideIfShown(page);
  let manifestRequests = 0;
  await page.route('**/remotes/reports/*/mf-manifest.json', async (route) => {
    manifestRequests += 1;
    if (manifestRequests === 1) await route.fulfill({ status: 503, body: 'deploying' });
    else await route.continue();
  });
  await page.reload();
  await expectChartDrawn(page);
  expect(manifestRequests).toBe(2);
  await expect(page.getByText(/页面模块加载失败/)).toHaveCount(0);
});
