// The one webpack + module-federation config factory used by the shell and every remote.
// An app's webpack.config.js is a call to createConfig with its own name and exposes.
const { createHash } = require('node:crypto');
const path = require('node:path');
const fs = require('node:fs');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const CopyPlugin = require('copy-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const { RemoteDeclarationPlugin } = require('./declaration');
const { PrecompressPlugin } = require('./precompress');
const { sharedModules, singletonRange, SUITE_SHARED, SUITE_SINGLETONS } = require('./shared-modules');

const repoRoot = path.resolve(__dirname, '../..');

/**
 * @param {object} options
 * @param {string} options.name        federation name, e.g. 'shell' or 'reports'
 * @param {string} options.dir         the app's folder (its package.json sits there)
 * @param {'host'|'remote'} options.kind
 * @param {Record<string,string>} [options.exposes] remote exposes; a remote exposes only './app'
 * @param {string[]} [options.runtimePlugins] MF runtime plugins (host: remote failure handling)
 * @param {number} [options.devPort]   port of `webpack serve`
 * @param {string} [options.title]     html title (host, or a remote run standalone)
 * @param {string} [options.publicDir] folder copied to the output as is (host: sounds, images)
 * @param {string} [options.favicon]   the page's icon (host), linked from the html under a content-hashed name
 * @param {string[]} [options.singletons] what the app shares as one copy per page, strict versions (default: the suite's, SUITE_SINGLETONS)
 * @param {string[]} [options.shared]   shared when two apps use them, a second version may coexist (default: the suite's for its kind)
 * @param {string} [options.declaration] remote: its declaration module (default ./src/remote.ts), published as remote.json
 * @param {string} [options.version]    remote: the version published (default: its package.json's)
 * @param {string} [options.outputPath] where the build goes (default dist/shell, dist/remotes/<name>/<version>)
 * @param {string} [options.entry]      the entry module (default ./src/index.ts, standalone ./src/standalone.tsx)
 * @param {Record<string,string>} [options.sharedVersions] singletons' versions built against, instead of the installed ones (skew tests)
 */
function createConfig(appOptions) {
  const options = { singletons: SUITE_SINGLETONS, shared: SUITE_SHARED[appOptions.kind], ...appOptions };
  const config = (env = {}, argv = {}) => {
    const mode = argv.mode || (env.production ? 'production' : 'development');
    const production = mode === 'production';
    const standalone = Boolean(env.standalone);
    const { name, dir, kind } = options;
    const isHost = kind === 'host';
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    const version = options.version || pkg.version;
    // A remote's versions sit side by side, so that /remotes.json can point back at an earlier one.
    const outputPath = options.outputPath || (isHost ? path.join(repoRoot, 'dist/shell') : remoteOutputPath(name, version));
    const declaration = isHost ? null : path.resolve(dir, options.declaration || './src/remote.ts');
    const withHtml = isHost || standalone;
    const favicon = withHtml && options.favicon ? contentHashedName(options.favicon, 'assets') : null;

    return {
      mode,
      context: dir,
      entry: { main: standalone ? './src/standalone.tsx' : options.entry || './src/index.ts' },
      target: 'web',
      devtool: production ? false : 'eval-cheap-module-source-map',
      output: {
        path: outputPath,
        // A remote's chunks load from wherever its manifest was found; a page at a deep route needs '/'.
        publicPath: isHost || standalone ? '/' : 'auto',
        // Content hashes in production, so that a browser keeps these files for good (the server
        // sends them immutable). The page's entry is named in the html written here; a remote's
        // keeps its name (the host loads its remoteEntry.js, by that name).
        filename: production && withHtml ? hashedEntryFilename : 'js/[name].js',
        chunkFilename: production ? 'js/[name].[contenthash:8].js' : 'js/[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        uniqueName: `portal_${name}`,
        // A remote's server-rendered site (./site.js) builds into site/ and ssr/ beside it.
        clean: isHost ? true : { keep: /^(site|ssr)[\\/]/ },
      },
      resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'] },
      module: {
        rules: [
          swcRule(production),
          { test: /\.css$/, use: [require.resolve('style-loader'), require.resolve('css-loader')] },
          { test: /\.(png|jpe?g|gif|svg|webp|mp3|wav|ogg)$/, type: 'asset/resource' },
        ],
      },
      optimization: {
        minimize: production,
        minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })],
      },
      performance: { hints: false },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes: isHost ? undefined : options.exposes,
          remotes: {},
          shared: sharedModules(options, pkg, dir),
          shareStrategy: 'loaded-first',
          runtimePlugins: options.runtimePlugins,
          manifest: { fileName: 'mf-manifest.json' },
          dts: false,
        }),
        ...(declaration && !standalone ? [new RemoteDeclarationPlugin({ name, file: declaration, version })] : []),
        ...(withHtml
          ? [
              new HtmlWebpackPlugin({
                template: path.join(__dirname, 'index.html'),
                title: options.title || name,
                faviconHref: favicon && `/${favicon}`,
              }),
            ]
          : []),
        // The icon under its hashed name: a reload takes it from the cache without asking (the
        // browser's own look for /favicon.ico would be revalidated on every page).
        ...(favicon ? [new CopyPlugin({ patterns: [{ from: options.favicon, to: favicon }] })] : []),
        // The public folder (sounds, images) copied into the output as is.
        ...(options.publicDir ? [new CopyPlugin({ patterns: [{ from: options.publicDir, noErrorOnMissing: true }] })] : []),
        // Brotli and gzip copies of every text file, for the server to send as they are.
        ...(production ? [new PrecompressPlugin()] : []),
      ],
      devServer: {
        port: options.devPort,
        historyApiFallback: true,
        hot: false,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/rest', '/remotes', '/remotes.json'], target: process.env.PORTAL_API || 'http://localhost:8080', ws: true }],
      },
      stats: production ? 'errors-warnings' : 'minimal',
    };
  };
  // The options stay readable, so that a variant build (e2e's) can start from an app's own.
  config.options = options;
  return config;
}

/**
 * A page's entry script: `js/main.<contenthash>.js`. The federation runtime reads the entry's
 * folder from this template before any hash exists; it gets the name without the hash (same folder).
 */
const hashedEntryFilename = (pathData) => (pathData.chunk?.contentHash?.javascript ? 'js/[name].[contenthash:8].js' : 'js/[name].js');

/** `<folder>/<name>.<8 hex of its content's sha256><ext>`: a file's name that changes with its bytes. */
function contentHashedName(file, folder) {
  const hash = createHash('sha256').update(fs.readFileSync(file)).digest('hex').slice(0, 8);
  const extension = path.extname(file);
  return `${folder}/${path.basename(file, extension)}.${hash}${extension}`;
}

/** TypeScript and JSX through swc, for the browser builds and the site's server build alike. */
function swcRule(production) {
  return {
    test: /\.[mc]?[jt]sx?$/,
    exclude: /node_modules/,
    use: {
      loader: require.resolve('swc-loader'),
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development: !production } },
          target: 'es2020',
        },
      },
    },
  };
}

/** Where a remote's version is built: `dist/remotes/<name>/<version>`. */
function remoteOutputPath(name, version) {
  return path.join(repoRoot, 'dist/remotes', name, version);
}

module.exports = { createConfig, remoteOutputPath, repoRoot, singletonRange, swcRule };
