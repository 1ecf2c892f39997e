/**
 * @jest-environment node
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

/** The bound: the widget stays small on the landing page (no React, no antd, no zod). */
const MAX_GZIP_BYTES = 30 * 1024;

it(`builds /chat/widget.js to at most ${MAX_GZIP_BYTES / 1024} KB gzip, with its precompressed copies`, () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-widget-'));
  try {
    const built = spawnSync(process.execPath, [path.join(__dirname, '../build.mjs'), out], { encoding: 'utf8' });
    expect(built.stderr).toBe('');
    expect(built.status).toBe(0);
    const script = fs.readFileSync(path.join(out, 'widget.js'));
    const gzipped = zlib.gzipSync(script, { level: 9 }).length;
    expect(gzipped).toBeLessThanOrEqual(MAX_GZIP_BYTES);
    expect(fs.existsSync(path.join(out, 'widget.js.gz'))).toBe(true);
    expect(fs.existsSync(path.join(out, 'widget.js.br'))).toBe(true);
    // Nothing of the big libraries came along.
    const text = script.toString('utf8');
    expect(text).not.toMatch(/ZodError|react|antd/i);
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
});
