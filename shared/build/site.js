// The server-rendered site of a remote (the visitor site of mfe-public): two builds beside the
// remote's federated one, from the same factory.
//
// - `site/`: the browser's part, one small entry that hydrates the page the server sent (no module
//   federation: a visitor's page loads no shell and no shared scope), content-hashed, with
//   `site-manifest.json` naming the entry's files for the server's page template.
// - `ssr/server.js`: the same pages for Node (CommonJS, one file, everything bundled), which the
//   API server loads from the remote's published folder and calls to render each page's HTML.
//
// Both go under the remote's version folder (dist/remotes/<name>/<version>/), so /remotes.json's
// pointer moves the site and its server rendering together.
const path = require('node:path');
const webpack = require('webpack');
const TerserPlugin = require('terser-webpack-plugin');
const { PrecompressPlugin } = require('./precompress');
const { remoteOutputPath, swcRule } = require('./index');

const SITE_MANIFEST = 'site-manifest.json';

/** Writes `site-manifest.json`: the initial files (js, css) of each entry, as URLs under the public path. */
class SiteManifestPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('SiteManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'SiteManifestPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE }, () => {
        const publicPath = compilation.outputOptions.publicPath;
        const entries = {};
        for (const [name, entrypoint] of compilation.entrypoints) {
          const files = entrypoint.getFiles().filter((file) => !file.endsWith('.map'));
          entries[name] = {
            js: files.filter((file) => file.endsWith('.js')).map((file) => `${publicPath}${file}`),
            css: files.filter((file) => file.endsWith('.css')).map((file) => `${publicPath}${file}`),
          };
        }
        compilation.emitAsset(SITE_MANIFEST, new webpack.sources.RawSource(JSON.stringify(entries, null, 2)));
      });
    });
  }
}

/**
 * @param {object} options
 * @param {string} options.name     the remote's federation name
 * @param {string} options.dir      the remote's folder
 * @param {string} options.client   the browser entry (hydration)
 * @param {string} options.server   the Node entry (exports the render function)
 * @returns {(env?: object, argv?: object) => import('webpack').Configuration[]}
 */
function createSiteConfigs(options) {
  return (env = {}, argv = {}) => {
    const mode = argv.mode || (env.production ? 'production' : 'development');
    const production = mode === 'production';
    const pkg = require(path.join(options.dir, 'package.json'));
    const root = remoteOutputPath(options.name, pkg.version);
    const publicPath = `/remotes/${options.name}/${pkg.version}/site/`;
    const common = {
      mode,
      context: options.dir,
      devtool: false,
      resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'] },
      module: { rules: [swcRule(production)] },
      performance: { hints: false },
      stats: production ? 'errors-warnings' : 'minimal',
    };
    return [
      {
        ...common,
        name: `${options.name}-site`,
        entry: { site: options.client },
        target: 'web',
        output: {
          path: path.join(root, 'site'),
          publicPath,
          filename: 'js/[name].[contenthash:8].js',
          chunkFilename: 'js/[name].[contenthash:8].js',
          uniqueName: `portal_${options.name}_site`,
          clean: true,
        },
        optimization: {
          minimize: production,
          minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })],
        },
        plugins: [new SiteManifestPlugin(), ...(production ? [new PrecompressPlugin()] : [])],
      },
      {
        ...common,
        name: `${options.name}-ssr`,
        entry: { server: options.server },
        target: 'node20',
        output: { path: path.join(root, 'ssr'), filename: '[name].js', library: { type: 'commonjs2' }, clean: true },
        optimization: { minimize: false },
        // One file: the server requires it as it is.
        plugins: [new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
      },
    ];
  };
}

module.exports = { createSiteConfigs, SITE_MANIFEST };
