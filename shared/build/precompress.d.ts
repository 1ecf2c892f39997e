import type { Compiler } from 'webpack';
/** The brotli (quality 11) and gzip (level 9) forms of a text file's bytes, each only when worth sending. */
export declare function precompress(fileName: string, bytes: Buffer): Promise<{ br?: Buffer; gz?: Buffer }>;
/** Adds `<asset>.br` and `<asset>.gz` beside every text asset of a production build. */
export declare class PrecompressPlugin {
  apply(compiler: Compiler): void;
}
