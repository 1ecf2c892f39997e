// Helpers for the benchmarks: a real server on a fresh database, and Debian's Chromium.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../scripts/lib/setup.mjs';

/**
 * The demo server (server/src/demo/main.ts: the demo data, which the page figures log in with, and
 * the CRM sandbox) on a fresh SQLite file.
 */
export async function startServer({ port, env = {} }) {
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/src/demo/main.ts')], {
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

/**
 * What Chromium receives over the network, read from the DevTools protocol: each request's
 * `encodedDataLength` (headers and body as they came off the wire, compressed or not), whether the
 * cache answered it without a request (Chromium's memory or disk cache), and its Content-Encoding.
 * `take()` returns the requests seen since the last take.
 */
export async function watchWire(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  let seen = new Map();
  cdp.on('Network.requestWillBeSent', ({ requestId, request, type }) => {
    seen.set(requestId, { url: request.url, type, fromCache: false, status: 0, encoding: '', bytes: 0 });
  });
  cdp.on('Network.requestServedFromCache', ({ requestId }) => {
    const entry = seen.get(requestId);
    if (entry) entry.fromCache = true;
  });
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const entry = seen.get(requestId);
    if (!entry) return;
    entry.status = response.status;
    entry.fromCache ||= Boolean(response.fromDiskCache || response.fromPrefetchCache || response.fromServiceWorker);
    const encoding = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-encoding');
    entry.encoding = encoding ? encoding[1] : '';
  });
  // The status as it came off the wire (a revalidated file is a 304 there, the cached 200 to the
  // page); this event may come before or after the request's others.
  let wireStatus = new Map();
  cdp.on('Network.responseReceivedExtraInfo', ({ requestId, statusCode }) => wireStatus.set(requestId, statusCode));
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const entry = seen.get(requestId);
    if (entry) entry.bytes = encodedDataLength;
  });
  return {
    take() {
      const requests = [...seen].map(([requestId, entry]) => ({ ...entry, wireStatus: wireStatus.get(requestId) ?? entry.status }));
      seen = new Map();
      wireStatus = new Map();
      return requests;
    },
    detach: () => cdp.detach(),
  };
}

/** A page's requests in figures: what went to the network (static files and API calls apart), bytes, JavaScript, encodings. */
export function wireFigures(requests) {
  const network = requests.filter((r) => !r.fromCache);
  const api = network.filter((r) => new URL(r.url).pathname.startsWith('/rest/'));
  const scripts = network.filter((r) => r.type === 'Script');
  const sum = (list) => list.reduce((total, r) => total + r.bytes, 0);
  return {
    bytes: sum(network),
    requests: network.length,
    staticRequests: network.length - api.length,
    apiRequests: api.length,
    fromCache: requests.length - network.length,
    revalidated: network.filter((r) => r.wireStatus === 304).length,
    scriptBytes: sum(scripts),
    scripts: scripts.length,
    /** How the scripts came: `13 br`, `12 br, 1 plain`. */
    scriptEncodings: Object.entries(
      scripts.reduce((counts, r) => ({ ...counts, [r.encoding || 'plain']: (counts[r.encoding || 'plain'] ?? 0) + 1 }), {}),
    )
      .map(([encoding, count]) => `${count} ${encoding}`)
      .join(', '),
    network,
  };
}
