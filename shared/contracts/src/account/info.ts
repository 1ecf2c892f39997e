import { z } from 'zod';

/** The account-info page: account name, creation time, sound reminder and avatar (null when none). */
export const accountInfoSchema = z.object({
  loginAccount: z.string(),
  registerTime: z.string(),
  whetherVoice: z.number(),
  headPic: z.string().nullable(),
});
export type AccountInfo = z.infer<typeof accountInfoSchema>;
