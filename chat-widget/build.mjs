// Builds the chat widget (src/index.ts) into one minified script, `<out>/widget.js` with its
// brotli and gzip copies (the server sends them precompressed at /chat/widget.js).
// `node build.mjs [outDir]`: outDir defaults to the repo's dist/chat (the server's STATIC_ROOT/chat).
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const { precompress } = require('../shared/build/precompress.js');

/** Builds the widget into `outDir`; answers the script's bytes. */
export async function buildWidget(outDir = join(here, '../dist/chat')) {
  const result = await build({
    entryPoints: [join(here, 'src/index.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    // Landing pages are seen by old phones' browsers too: nothing newer than ES2020.
    target: 'es2020',
    platform: 'browser',
    legalComments: 'none',
    write: false,
    logLevel: 'warning',
  });
  const bytes = Buffer.from(result.outputFiles[0].contents);
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'widget.js'), bytes);
  const copies = await precompress('widget.js', bytes);
  for (const [extension, copy] of Object.entries(copies)) writeFileSync(join(outDir, `widget.js.${extension}`), copy);
  return bytes;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2] ? resolve(process.argv[2]) : undefined;
  const bytes = await buildWidget(outDir);
  process.stdout.write(`[portal] chat-widget: widget.js ${bytes.length} bytes\n`);
}
