import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The journeys drive Debian's Chromium against the production build served by the real server,
// on a fresh SQLite database seeded with the demo data.
const port = Number(process.env.E2E_PORT || 18900);
const baseURL = `http://127.0.0.1:${port}`;
// Workers re-read this file: the folder is chosen once, in the runner, and inherited through the env.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'portal-e2e-'));
export const sqlitePath = join(process.env.E2E_DATA_DIR, 'portal.sqlite');
// Operator notices (the CLI) reach the server's sockets over Redis; a channel of this run's own.
process.env.E2E_REDIS_URL ??= process.env.REDIS_URL || 'redis://127.0.0.1:6379';
process.env.E2E_REALTIME_CHANNEL ??= `portal:e2e:${process.pid}:${Date.now()}`;

// The CRM sandbox of `npm start` (fake CRM servers on loopback), on ports the journeys know:
// ec on CRM_SANDBOX_PORT, lixiao +1, xbb +2, huoban +3; the journeys drive its control calls.
const crmSandboxPort = Number(process.env.E2E_CRM_SANDBOX_PORT || port + 50);
const SANDBOX_OFFSETS = { ec: 0, lixiao: 1, xbb: 2, huoban: 3 } as const;
export const crmSandboxOrigin = (code: keyof typeof SANDBOX_OFFSETS): string => `http://127.0.0.1:${crmSandboxPort + SANDBOX_OFFSETS[code]}`;

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: './artifacts',
  use: {
    baseURL,
    browserName: 'chromium',
    locale: 'zh-CN',
    screenshot: 'only-on-failure',
    // A trace records every action of every test, kept or not: it doubles the time of a heavy
    // page's scan. E2E_TRACE=1 keeps the trace of a failing test (the screenshot and the
    // error context with the page's aria snapshot are kept either way).
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    // The demo entry: the journeys log in with the demo accounts and drive the CRM sandbox.
    command: 'node --import tsx ../server/src/demo/main.ts',
    url: `${baseURL}/rest/docs/json`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      SQLITE_PATH: sqlitePath,
      DATABASE_URL: '',
      REDIS_URL: process.env.E2E_REDIS_URL,
      REALTIME_CHANNEL: process.env.E2E_REALTIME_CHANNEL,
      // The production rate limits: pages and files are never counted, each journey's session has
      // its own budget, so the journeys run under the limits a user meets.
      NODE_ENV: 'production',
      CRM_SANDBOX: '1',
      CRM_SANDBOX_PORT: String(crmSandboxPort),
      CRM_PUSH_WORKER: '1',
      // The journeys wait for pushes: an idle worker looks for due jobs every 200 ms.
      CRM_POLL_MS: '200',
      // The follow-up journey waits for a one-minute deadline: overdue leads are handled every 2 s.
      FOLLOW_UP_SWEEP_MS: '2000',
    },
  },
});
