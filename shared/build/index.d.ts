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
}
export declare function createConfig(options: CreateConfigOptions): (env?: Record<string, unknown>, argv?: { mode?: string }) => Configuration;
export declare const repoRoot: string;
