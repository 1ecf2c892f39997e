import { z } from 'zod';

/** Body of every error: the code and the Chinese text to show; a validation error names the refused field. */
export const errorSchema = z.object({ code: z.string(), message: z.string(), field: z.string().optional() });

/** A code-style answer `{code: '200', message, data}` (login, user info, logout, password and other changes). */
export const codeResponse = <T extends z.ZodType>(data: T) => z.object({ code: z.string(), message: z.string(), data });

/** The errors any logged-in call can answer, for the OpenAPI document. */
export const protectedErrors = { 400: errorSchema, 401: errorSchema } as const;
