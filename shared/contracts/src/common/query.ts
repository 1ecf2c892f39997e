import { z } from 'zod';

/**
 * An optional query parameter. Clients often send a cleared filter as `?itemId=` rather than
 * leaving it out, so a blank value counts as absent instead of failing a number or date check.
 */
export const optionalQueryParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** Largest value of a 32-bit id column: a larger number can never match and must not reach the database. */
export const MAX_ID = 2_147_483_647;

/** A positive integer id taken from a query string or path. */
export const idParam = (message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).min(1, { error: message }).max(MAX_ID, { error: message });
