// `npm run bench -- public`: the visitor site as a visitor receives it (issue 21). Builds the suite,
// starts the demo server (the seeded site content) on a fresh SQLite file, then, for `/` and one case
// page: the HTML and first-load JavaScript as Chromium receives them (bytes on the wire, brotli or
// gzip as it asked; JavaScript also gzip-computed), the time to first byte under 50 concurrent
// visitors (autocannon), and the largest contentful paint in Chromium. Figures only, never asserted.
import autocannon from 'autocannon';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildFrontends, ensureChromium } from '../scripts/lib/setup.mjs';
import { chromiumArgs, kb, percentile, startServer, watchWire, wireFigures } from './lib.mjs';

export async function benchPublic() {
  const executablePath = ensureChromium();
  buildFrontends();
  const server = await startServer({
    port: Number(process.env.BENCH_PORT || 18955),
    env: { RATE_LIMIT_PER_MINUTE: '100000000', ANONYMOUS_RATE_LIMIT_PER_MINUTE: '100000000' },
  });
  const report = (name, value) => console.log(`${name}: ${value}`);
  try {
    const browser = await chromium.launch({ executablePath, args: chromiumArgs });
    // A case page: the first the home page links to.
    const home = await (await fetch(`${server.url}/`, { headers: { accept: 'text/html' } })).text();
    const casePath = /href="(\/succeed-details\?id=\d+)"/.exec(home)?.[1];
    if (!casePath) throw new Error('the home page links to no case');

    for (const path of ['/', casePath]) {
      // Cold: a fresh context, everything fetched.
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts = new Map();
      page.on('response', async (res) => {
        if (res.request().resourceType() !== 'script') return;
        try {
          scripts.set(res.url(), gzipSync(await res.body()).length);
        } catch {
          // no body
        }
      });
      const wire = await watchWire(page);
      await page.goto(`${server.url}${path}`);
      await page.waitForLoadState('networkidle');
      const figures = wireFigures(wire.take());
      const html = figures.network.find((r) => new URL(r.url).pathname === path.split('?')[0]);
      report(`${path} HTML on the wire`, html ? `${kb(html.bytes)} (${html.encoding || 'identity'})` : 'not seen');
      report(
        `${path} first-load JavaScript`,
        `${kb(figures.scriptBytes)} on the wire in ${figures.scripts} files (${figures.scriptEncodings}); ` +
          `${kb([...scripts.values()].reduce((a, b) => a + b, 0))} gzip computed (target for /: <= 150 KB)`,
      );
      await wire.detach();
      await context.close();

      // Largest contentful paint, 5 cold loads.
      const lcps = [];
      for (let run = 0; run < 5; run += 1) {
        const lcpContext = await browser.newContext();
        const lcpPage = await lcpContext.newPage();
        await lcpPage.goto(`${server.url}${path}`, { waitUntil: 'load' });
        const lcp = await lcpPage.evaluate(
          () =>
            new Promise((resolve) => {
              new PerformanceObserver((list) => {
                const entries = list.getEntries();
                resolve(entries[entries.length - 1].startTime);
              }).observe({ type: 'largest-contentful-paint', buffered: true });
            }),
        );
        lcps.push(Math.round(lcp));
        await lcpContext.close();
      }
      lcps.sort((a, b) => a - b);
      report(`${path} largest contentful paint`, `median ${lcps[2]} ms, min ${lcps[0]} ms, max ${lcps[4]} ms over 5 cold loads (target <= 1200 ms)`);

      // Time to first byte, 50 concurrent visitors for 10 s (the server renders each page).
      const ttfb = [];
      const result = await new Promise((resolve, reject) => {
        const instance = autocannon(
          { url: `${server.url}${path}`, connections: 50, duration: 10, headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } },
          (err, out) => (err ? reject(err) : resolve(out)),
        );
        instance.on('response', (_client, _status, _bytes, responseTime) => ttfb.push(responseTime));
      });
      ttfb.sort((a, b) => a - b);
      report(
        `${path} under 50 concurrent visitors`,
        `response time p50 ${percentile(ttfb, 50).toFixed(1)} ms, p99 ${percentile(ttfb, 99).toFixed(1)} ms (autocannon's latency p99 ${result.latency.p99} ms; target p99 <= 100 ms), ` +
          `${Math.round(result.requests.average)} pages/s, non-2xx ${result.non2xx}`,
      );
    }
    await browser.close();
  } finally {
    server.stop();
  }
}
