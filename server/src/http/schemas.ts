import { z } from 'zod';

/** Body of every error: the code and the Chinese text to show; a validation error names the refused field. */
export const errorSchema = z.object({ code: z.string(), message: z.string(), field: z.string().optional() });
