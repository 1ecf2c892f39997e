import { z } from 'zod';

/** A required string: missing, non-string or empty all answer `message`; later checks run only when present. */
export const requiredString = (message: string) => z.string({ error: message }).min(1, { error: message, abort: true });

/** The first message per top-level field of a failed parse: what a form shows beside each field. */
export function fieldErrors(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** The first message of a failed parse, for a one-line refusal. */
export function firstError(schema: z.ZodType, values: unknown): string | null {
  const result = schema.safeParse(values);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}
