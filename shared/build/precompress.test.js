const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const zlib = require('node:zlib');
const webpack = require('webpack');
const { precompress, PrecompressPlugin } = require('./precompress');

const text = Buffer.from('export const greeting = "你好，客户中心";\n'.repeat(200));

describe('precompress', () => {
  it('gives brotli and gzip copies of a text file that decode to its bytes', async () => {
    const { br, gz } = await precompress('js/main.0a1b2c3d.js', text);
    expect(zlib.brotliDecompressSync(br).equals(text)).toBe(true);
    expect(zlib.gunzipSync(gz).equals(text)).toBe(true);
    expect(br.length).toBeLessThan(gz.length);
    expect(gz.length).toBeLessThan(text.length / 10);
  });

  it('gives none for a file that is not text, and no copy that would not save a fifth of the bytes', async () => {
    expect(await precompress('sounds/notify.wav', text)).toEqual({});
    expect(await precompress('images/photo.png', text)).toEqual({});
    expect(await precompress('remotes.json', Buffer.from('{"reports":{"version":"0.1.0"}}'))).toEqual({});
    for (const name of ['a.css', 'index.html', 'mf-manifest.json', 'images/avatar.svg', 'favicon.ico']) {
      expect([name, Object.keys(await precompress(name, text)).sort()]).toEqual([name, ['br', 'gz']]);
    }
  });
});

describe('PrecompressPlugin in a build', () => {
  let dir;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    fs.writeFileSync(path.join(dir, 'index.js'), `console.log(${JSON.stringify(text.toString())});`);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** Emits a file as late as the federation manifest does (OPTIMIZE_TRANSFER), and a sound. */
  class LateFiles {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('LateFiles', (compilation) => {
        compilation.hooks.processAssets.tap({ name: 'LateFiles', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER }, () => {
          compilation.emitAsset('mf-manifest.json', new webpack.sources.RawSource(JSON.stringify({ exposes: Array(50).fill('./app') })));
          compilation.emitAsset('sounds/notify.wav', new webpack.sources.RawSource(text));
        });
      });
    }
  }

  it('writes x.br and x.gz beside every text file, the last-emitted ones too, and nothing beside a sound', async () => {
    const out = path.join(dir, 'dist');
    const stats = await new Promise((resolve, reject) =>
      webpack({
        mode: 'production',
        context: dir,
        entry: './index.js',
        output: { path: out, filename: 'js/main.js' },
        optimization: { minimize: false },
        plugins: [new LateFiles(), new PrecompressPlugin()],
      }).run((error, result) => (error ? reject(error) : resolve(result))),
    );
    expect(stats.hasErrors()).toBe(false);
    for (const file of ['js/main.js', 'mf-manifest.json']) {
      const plain = fs.readFileSync(path.join(out, file));
      expect([file, zlib.brotliDecompressSync(fs.readFileSync(path.join(out, `${file}.br`))).equals(plain)]).toEqual([file, true]);
      expect([file, zlib.gunzipSync(fs.readFileSync(path.join(out, `${file}.gz`))).equals(plain)]).toEqual([file, true]);
    }
    expect(fs.readdirSync(path.join(out, 'sounds'))).toEqual(['notify.wav']);
  });
});
