// A remote's declaration (its `src/remote.ts`: the paths it owns, its side-menu entries), read at
// build time and published as `remote.json` beside its `mf-manifest.json`. The shell reads that
// file at run time (see @portal/contracts, remotes/declaration.ts).
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');

/**
 * Requires a TypeScript module (and the TypeScript it imports: the remote's routes, the
 * contracts) by transpiling it with swc on the fly; the hook is removed again afterwards.
 */
function requireTypeScript(file) {
  const swc = require('@swc/core');
  const previous = { ts: Module._extensions['.ts'], tsx: Module._extensions['.tsx'] };
  const compile = (module, filename) => {
    const { code } = swc.transformSync(fs.readFileSync(filename, 'utf8'), {
      filename,
      module: { type: 'commonjs' },
      jsc: { parser: { syntax: 'typescript', tsx: filename.endsWith('.tsx') }, target: 'es2020' },
    });
    module._compile(code, filename);
  };
  Module._extensions['.ts'] = compile;
  Module._extensions['.tsx'] = compile;
  try {
    return require(file);
  } finally {
    for (const [ext, handler] of Object.entries(previous)) {
      if (handler) Module._extensions[`.${ext}`] = handler;
      else delete Module._extensions[`.${ext}`];
    }
  }
}

/**
 * The published declaration of a remote: its `remote` export checked against the contract's
 * schema, named as the federation container is, with the version built. Anything wrong stops the
 * build with the schema's words.
 * @param {{ name: string, file: string, version: string }} options
 */
function publishedDeclaration({ name, file, version }) {
  const { publishedDeclarationSchema } = requireTypeScript(require.resolve('@portal/contracts/remotes', { paths: [path.dirname(file), __dirname] }));
  const { remote } = requireTypeScript(file);
  if (!remote) throw new Error(`${file} must export the remote's declaration as \`remote\``);
  if (remote.name !== name) throw new Error(`${file} declares "${remote.name}", but the federation name is "${name}"`);
  const parsed = publishedDeclarationSchema.safeParse({ ...remote, version });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`).join('\n');
    throw new Error(`${file} is not a valid remote declaration:\n${problems}`);
  }
  return parsed.data;
}

/** Emits `remote.json` (the published declaration) into the remote's output. */
class RemoteDeclarationPlugin {
  /** @param {{ name: string, file: string, version: string }} options */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('RemoteDeclarationPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RemoteDeclarationPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          try {
            // Read afresh each compilation (watch mode): drop what an earlier one cached.
            for (const key of Object.keys(require.cache)) if (/\.tsx?$/.test(key) && !key.includes('node_modules')) delete require.cache[key];
            const declaration = publishedDeclaration(this.options);
            compilation.emitAsset('remote.json', new RawSource(`${JSON.stringify(declaration, null, 2)}\n`));
            compilation.fileDependencies.add(this.options.file);
          } catch (error) {
            compilation.errors.push(new compiler.webpack.WebpackError(error instanceof Error ? error.message : String(error)));
          }
        },
      );
    });
  }
}

module.exports = { publishedDeclaration, RemoteDeclarationPlugin, requireTypeScript };
