import { expect, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export const DEMO = { account: 'demo', password: 'Demo12345' };
export const DEMO2 = { account: 'demo2', password: 'Demo12345' };

/** Fills the login form and submits it with Enter or the button. */
export async function submitLogin(page: Page, account: string, password: string, via: 'enter' | 'click' = 'click') {
  await page.getByPlaceholder('请输入账号').fill(account);
  await page.getByPlaceholder('请输入密码').fill(password);
  if (via === 'enter') await page.getByPlaceholder('请输入密码').press('Enter');
  else await page.getByRole('button', { name: /登\s*录/ }).click();
}

export async function loginAs(page: Page, user: { account: string; password: string }) {
  await page.goto('/');
  await submitLogin(page, user.account, user.password);
  await page.waitForURL('**/work-bench');
}

/** The workbench's trend chart has drawn on its canvas. */
export async function expectChartDrawn(page: Page) {
  await expect(page.locator('section[aria-label="展现量趋势"] canvas').first()).toBeVisible({ timeout: 20_000 });
}

/** Skips the new-user guide when it shows (demo has the first-login flag). */
export async function dismissGuideIfShown(page: Page) {
  const skip = page.getByRole('button', { name: /跳\s*过/ });
  if (await skip.isVisible().catch(() => false)) await skip.click();
}

/** Creates an account with the operator CLI against the journeys' database. */
export function createAccount(account: string, password: string, forceChange = false) {
  const root = join(__dirname, '../..');
  execFileSync(process.execPath, ['--import', 'tsx', join(root, 'server/src/cli.ts'), 'create-account', account, password, ...(forceChange ? ['--force-change'] : [])], {
    cwd: root,
    env: { ...process.env, SQLITE_PATH: join(process.env.E2E_DATA_DIR as string, 'portal.sqlite'), DATABASE_URL: '' },
    stdio: 'pipe',
  });
}
