import type { CrmCode } from '@portal/contracts';

/**
 * The paths this remote owns (spec 001 section 2): `/{type}/data-dispose`, type the CRM code of
 * every scheduling call; its declaration (remote.ts) publishes them to the shell.
 */
export const SCHEDULE_PATHS: Record<CrmCode, string> = {
  ec: '/ec/data-dispose',
  lixiao: '/lixiao/data-dispose',
  xbb: '/xbb/data-dispose',
  huoban: '/huoban/data-dispose',
};
