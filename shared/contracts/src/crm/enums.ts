/** CRM codes and settings enums (spec 001 sections 3 and 9). */
export const CRM_CODES = ['ec', 'lixiao', 'xbb', 'huoban'] as const;
export type CrmCode = (typeof CRM_CODES)[number];
export const CRM_LABELS: Record<CrmCode, string> = { ec: 'EC', lixiao: '励销', xbb: '销帮帮', huoban: '伙伴云' };
export const isCrmCode = (value: unknown): value is CrmCode => CRM_CODES.includes(value as CrmCode);

// The CRM pages' paths are the CRM remote's to declare (its remote.ts), like every page's.

// The settings enums (edition, ec style and permission, distribution type, regions, rule-row
// defaults) are the CRM screens' alone: `@portal/contracts/crm`, not this index the login page loads.
