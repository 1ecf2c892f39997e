import type { SessionUser } from '@portal/contracts';
import { z } from 'zod';

/** The session user as login and user-info return it (field names are the spec's, firstLoginStutes included). */
export const userSchema = z.object({
  id: z.number(),
  type: z.number(),
  whetherVoice: z.number(),
  thumbnail: z.string().nullable(),
  headPic: z.string().nullable(),
  loginAccount: z.string(),
  registerTime: z.string().describe('YYYY-MM-DD HH:mm:ss, China time'),
  firstLoginStutes: z.number(),
}) satisfies z.ZodType<SessionUser>;
