// Helpers for the benchmarks: a real server on a fresh database, and Debian's Chromium.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../scripts/lib/setup.mjs';

export async function startServer({ port, env = {} }) {
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/src/main.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      SQLITE_PATH: join(dir, 'bench.sqlite'),
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i += 1) {
    try {
      const res = await fetch(`${url}/rest/docs/json`);
      if (res.ok) return { url, stop: () => child.kill('SIGTERM') };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start within 150 s');
}

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
