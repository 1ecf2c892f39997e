/**
 * The lead stores behind the lead lists. One server table holds them all; each lead belongs to
 * one list kind, and the client sends its `tableName` back when it assigns leads.
 *
 * The four kinds with an unread counter in the shell are LEAD_LIST_KINDS (session/types);
 * these are all seven.
 */
export const LEAD_KINDS = ['feedback', 'infoList', 'resource', 'baiList', 'todayHeader', 'distribution', 'cpc'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

/** tableName of each kind, as lead rows carry it and assignment payloads send it back. */
export const LEAD_TABLE_NAMES = {
  feedback: 'feedback',
  infoList: 'form',
  resource: 'resource',
  baiList: 'baidu_flow',
  todayHeader: 'today_header_flow',
  distribution: 'resource_distribution',
  cpc: 'resource_cpc',
} as const satisfies Record<LeadKind, string>;
export type LeadTableName = (typeof LEAD_TABLE_NAMES)[LeadKind];
export const LEAD_TABLE_NAME_VALUES = Object.values(LEAD_TABLE_NAMES) as [LeadTableName, ...LeadTableName[]];

export const isLeadKind = (value: unknown): value is LeadKind => LEAD_KINDS.includes(value as LeadKind);

/** The kind of a tableName, undefined when the name is unknown. */
export const leadKindOfTable = (tableName: string): LeadKind | undefined => LEAD_KINDS.find((kind) => LEAD_TABLE_NAMES[kind] === tableName);

/** Chinese names of the lists (export file names, notices). */
export const LEAD_KIND_LABELS: Record<LeadKind, string> = {
  feedback: '竞价资源',
  infoList: '信息流资源',
  resource: '智能投放资源',
  baiList: '留言板资源',
  todayHeader: '今日头条资源',
  distribution: '资源分发',
  cpc: '常规投放资源',
};

/**
 * The kinds each family of action paths of spec 001 section 7 acts on (`/customer/feedback/feedbacks/...`
 * serves the bidding and the form leads; every other store has its own paths). The keys are the
 * catalogue's leadActionEndpoints families.
 */
export const LEAD_FAMILY_KINDS = {
  feedbacks: ['feedback', 'infoList'],
  resource: ['resource'],
  baiduFlow: ['baiList'],
  todayHeaderFlow: ['todayHeader'],
  resourceDistribution: ['distribution'],
  resourceCpc: ['cpc'],
} as const satisfies Record<string, readonly LeadKind[]>;
export type LeadFamily = keyof typeof LEAD_FAMILY_KINDS;

/** The family whose calls act on a lead of `kind`. */
export const leadFamilyOf = (kind: LeadKind): LeadFamily =>
  (Object.keys(LEAD_FAMILY_KINDS) as LeadFamily[]).find((family) => (LEAD_FAMILY_KINDS[family] as readonly LeadKind[]).includes(kind)) as LeadFamily;
