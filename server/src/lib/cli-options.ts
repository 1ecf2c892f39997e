/**
 * Readers of the operator CLIs' options (server/src/cli.ts and the modules' CLIs): each takes an
 * option's text as `parseArgs` gives it and its flag, and throws a UsageError naming the flag, so
 * that every command reads a required text, a count, an amount of yuan or a choice the same way.
 */

/** A refusal of the command line: its message says which flag and why (the CLIs exit 2). */
export class UsageError extends Error {}

export const refuseUsage = (message: string): never => {
  throw new UsageError(message);
};

/** The largest whole number a column of ours holds (a 32-bit integer). */
const INT_MAX = 2_147_483_647;

/** The option's text, which must be given. */
export function requiredOption(text: string | undefined, flag: string): string {
  return text ?? refuseUsage(`--${flag} is required`);
}

/**
 * A canonically written whole number from `min` to `max` (default 0 to INT_MAX); `fallback` when
 * the flag is absent (required when there is none).
 */
export function wholeOption(text: string | undefined, flag: string, range: { min?: number; max?: number; fallback?: number } = {}): number {
  const { min = 0, max = INT_MAX, fallback } = range;
  if (text === undefined) return fallback ?? refuseUsage(`--${flag} is required`);
  if (!/^-?(0|[1-9]\d{0,9})$/.test(text) || Number(text) < min || Number(text) > max)
    refuseUsage(`--${flag} is a whole number from ${min} to ${max}`);
  return Number(text);
}

/** wholeOption, or undefined when the flag is absent. */
export const optionalWholeOption = (text: string | undefined, flag: string, range: { min?: number; max?: number } = {}): number | undefined =>
  text === undefined ? undefined : wholeOption(text, flag, range);

/** Yuan with at most two decimals ('5000', '99.5', '0.01') as exact fen, at least `minFen`. */
export function yuanOption(text: string | undefined, flag: string, minFen = 0): number {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text ?? '');
  if (!match) return refuseUsage(`--${flag} is yuan with at most 2 decimals`);
  const fen = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (fen < minFen) refuseUsage(`--${flag} must be at least ${(minFen / 100).toFixed(2)} yuan`);
  return fen;
}

/** One of `allowed`. */
export function choiceOption<T extends string>(text: string | undefined, flag: string, allowed: readonly T[]): T {
  if (text === undefined || !(allowed as readonly string[]).includes(text)) return refuseUsage(`--${flag} is one of ${allowed.join(', ')}`);
  return text as T;
}
