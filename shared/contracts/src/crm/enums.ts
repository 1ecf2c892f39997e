/** CRM codes and settings enums (spec 001 sections 3 and 9). */
export const CRM_CODES = ['ec', 'lixiao', 'xbb', 'huoban'] as const;
export type CrmCode = (typeof CRM_CODES)[number];
export const CRM_LABELS: Record<CrmCode, string> = { ec: 'EC', lixiao: '励销', xbb: '销帮帮', huoban: '伙伴云' };
export const isCrmCode = (value: unknown): value is CrmCode => CRM_CODES.includes(value as CrmCode);

// The CRM pages' paths are the CRM remote's to declare (its remote.ts), like every page's.

/** CRM account edition: '1' saas, '2' pro. */
export const Edition = { Saas: '1', Pro: '2' } as const;
/** ec permission type (param8). Only type 2 can push region. */
export const EcPermissionType = { ThirdPartyPush: 1, CustomerAndSource: 2 } as const;
/** ec push remark (param6). */
export const EcPushRemark = { Yes: 1, No: 0 } as const;
/** ec setting style (param10). */
export const EcStyle = { One: 1, Two: 2 } as const;

/** Distribution type. */
export const DistributionType = { Unlimited: 0, ByRegion: 1, ByChannelType: 2 } as const;
export const DISTRIBUTION_TYPE_LABELS: Record<number, string> = { 0: '不限', 1: '按资源地域', 2: '按渠道类型' };

/** The seven regions grouping provinces on the distribution rule page. */
export const REGIONS = ['华北', '东北', '华东', '华中', '华南', '西南', '西北'] as const;

/** Per-project rule row defaults. */
export const RULE_ROW_DEFAULTS = { dataNum: 1, distributeNum: 0, sort: 0 } as const;
