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
  /** Shared as one copy per page, strict versions; each must be among the app's dependencies (or a dependency's). */
  singletons: string[];
  /** Shared when two apps use them; a second version may coexist. */
  shared?: string[];
}
export declare function createConfig(options: CreateConfigOptions): (env?: Record<string, unknown>, argv?: { mode?: string }) => Configuration;
export declare const repoRoot: string;
