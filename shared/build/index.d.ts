import type { Configuration } from 'webpack';
export interface CreateConfigOptions {
  name: string;
  dir: string;
  kind: 'host' | 'remote';
  exposes?: Record<string, string>;
  runtimePlugins?: string[];
  devPort?: number;
  title?: string;
  publicDir?: string;
  /** The page's icon (host), linked from the html under a content-hashed name. */
  favicon?: string;
  /** Shared as one copy per page, strict versions; each must be among the app's dependencies (or a dependency's). */
  singletons: string[];
  /** Shared when two apps use them; a second version may coexist. */
  shared?: string[];
  /** Remote: its declaration module (default ./src/remote.ts), published as remote.json. */
  declaration?: string;
  /** Remote: the version published (default: its package.json's). */
  version?: string;
  /** Where the build goes (default dist/shell, dist/remotes/<name>/<version>). */
  outputPath?: string;
  /** The entry module (default ./src/index.ts). */
  entry?: string;
  /** Singletons' versions built against instead of the installed ones (skew tests). */
  sharedVersions?: Record<string, string>;
}
export declare function createConfig(
  options: CreateConfigOptions,
): ((env?: Record<string, unknown>, argv?: { mode?: string }) => Configuration) & { options: CreateConfigOptions };
export declare const repoRoot: string;
export declare function remoteOutputPath(name: string, version: string): string;
/** The range a singleton built against `version` accepts at run time: its patch releases (~major.minor.0). */
export declare function singletonRange(version: string): string;
