// Brotli and gzip copies of the build's text files, written beside them (`x.js.br`, `x.js.gz`), so
// that the server sends them compressed at maximum quality without compressing on each request
// (@fastify/static's `preCompressed`). One function for the factory's plugin and the server's tests.
const zlib = require('node:zlib');
const { promisify } = require('node:util');

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * What is sent compressed: text. Images other than svg, sounds and fonts are compressed formats
 * already. Source maps are left out: production builds make none, and no user fetches them.
 */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|xml|ico)$/;
/** A copy is kept only when it saves at least a fifth of the bytes (a tiny file can grow). */
const MIN_RATIO = 0.8;

/**
 * The brotli (quality 11) and gzip (level 9) forms of a file's bytes, each only when it is worth
 * sending (at most MIN_RATIO of the plain size); an empty object for a file that is not text.
 * Compressed on libuv's thread pool, so that a build's files are compressed side by side.
 * @param {string} fileName
 * @param {Buffer} bytes
 * @returns {Promise<{ br?: Buffer, gz?: Buffer }>}
 */
async function precompress(fileName, bytes) {
  if (!COMPRESSIBLE.test(fileName)) return {};
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  const worth = (copy) => copy.length <= bytes.length * MIN_RATIO;
  return { ...(worth(br) && { br }), ...(worth(gz) && { gz }) };
}

/** Adds `<asset>.br` and `<asset>.gz` beside every text asset of a production build. */
class PrecompressPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        // After every asset is final: the federation manifest is written at OPTIMIZE_TRANSFER.
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER + 1 },
        async () => {
          const assets = compilation.getAssets().filter((asset) => COMPRESSIBLE.test(asset.name));
          await Promise.all(
            assets.map(async ({ name, source, info }) => {
              const copies = await precompress(name, source.buffer());
              for (const [extension, bytes] of Object.entries(copies)) {
                compilation.emitAsset(`${name}.${extension}`, new sources.RawSource(bytes), { immutable: info.immutable, compressed: true });
              }
            }),
          );
        },
      );
    });
  }
}

module.exports = { precompress, PrecompressPlugin };
