import type { CrmCode } from '@portal/contracts';

/** The paths this remote owns (spec 001 section 2); its declaration (remote.ts) publishes them to the shell. */
export const CrmPath = {
  EcSetting: '/ec-setting',
  LixiaoSetting: '/lxcrm-setting',
  XbbSetting: '/xbbcrm-setting',
  HuobanSetting: '/hby-setting',
} as const;

/** The push settings page of each CRM. */
export const SETTING_PATHS: Record<CrmCode, string> = {
  ec: CrmPath.EcSetting,
  lixiao: CrmPath.LixiaoSetting,
  xbb: CrmPath.XbbSetting,
  huoban: CrmPath.HuobanSetting,
};
