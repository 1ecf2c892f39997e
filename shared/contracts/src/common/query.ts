import { z } from 'zod';

/**
 * An optional query parameter. Clients often send a cleared filter as `?itemId=` rather than
 * leaving it out, so a blank value counts as absent instead of failing a number or date check.
 */
export const optionalQueryParam = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** Largest value of a 32-bit id column: a larger number can never match and must not reach the database. */
export const MAX_ID = 2_147_483_647;

/**
 * The one written form of a whole number in a path or query string: decimal digits, no sign but
 * '-', no leading zero, no space, point, exponent or hex ('007', '+1', '1.0', '1e2', '0x10' are
 * refused). Too many digits fail the range check of the schema using it.
 */
export const CANONICAL_INT = /^(?:0|-?[1-9][0-9]*)$/;

/** A whole number from `min` to `max` in a path or query string, canonically written; `message` for anything else. */
export const queryInt = (message: string, min: number, max: number) =>
  z
    .string({ error: message })
    .regex(CANONICAL_INT, { error: message })
    .transform(Number)
    .pipe(z.number({ error: message }).min(min, { error: message }).max(max, { error: message }));

/** A positive integer id taken from a query string or path: '1' to '2147483647', nothing else. */
export const idParam = (message: string) => queryInt(message, 1, MAX_ID);

/** A positive integer id in a JSON body: a JSON integer from 1 to MAX_ID (never a string). */
export const idValue = (message: string) =>
  z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(MAX_ID, { error: message });
