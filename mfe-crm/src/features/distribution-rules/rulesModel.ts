import { type CrmCode } from '@portal/contracts';
import { distributeRuleSaveSchema, itemRuleSaveSchema, DistributionType } from '@portal/contracts/crm';
import type { AcceptGroup, DistributeRuleAnswer, DistributeRuleSaveBody, ItemRule, ItemRuleSaveBody } from '../field-mapping/mappingApi';

/**
 * The distribution rule screen's state and its checks. The checks are the contracts' save
 * schemas (the server's), so the screen refuses what the server would, with the same messages;
 * their issues are turned into messages by row.
 */

export type DistributionTypeValue = 0 | 1 | 2;
export type ChannelTypeValue = 1 | 2;

/** A region row: provinces (each in one row only) to an accept group. */
export interface AreaRowDraft {
  key: string;
  provinceList: string[];
  acceptGroupId: number | null;
}

/** A channel-type row: bidding (1) or information feed (2) to an accept group. */
export interface ChannelRowDraft {
  key: string;
  channelType: ChannelTypeValue | null;
  acceptGroupId: number | null;
}

/** Both kinds of rows are kept while the type is switched; a save sends the chosen type's. */
export interface RulesDraft {
  type: DistributionTypeValue;
  areaRows: AreaRowDraft[];
  channelRows: ChannelRowDraft[];
}

/** Messages of a row, by its field. */
export type RowMessages = Partial<
  Record<'provinceList' | 'channelType' | 'acceptGroupId' | 'name' | 'dataNum' | 'dataNumLimit' | 'distributeNum' | 'sort', string>
>;

export type Checked<Body> = { body: Body; errors?: undefined } | { body?: undefined; errors: Map<string, RowMessages> };

let lastKey = 0;
const nextKey = (): string => `rule-${++lastKey}`;

export const emptyAreaRow = (): AreaRowDraft => ({ key: nextKey(), provinceList: [], acceptGroupId: null });
export const emptyChannelRow = (): ChannelRowDraft => ({ key: nextKey(), channelType: null, acceptGroupId: null });

const typeOf = (value: number): DistributionTypeValue =>
  value === DistributionType.ByRegion || value === DistributionType.ByChannelType ? value : DistributionType.Unlimited;
const channelTypeOf = (value: number): ChannelTypeValue | null => (value === 1 || value === 2 ? value : null);

export const rulesFromAnswer = (answer: DistributeRuleAnswer): RulesDraft => ({
  type: typeOf(answer.type),
  areaRows: answer.areaRuleList.map((row) => ({ key: nextKey(), provinceList: [...row.provinceList], acceptGroupId: row.acceptGroupId })),
  channelRows: answer.channelTypeRuleList.map((row) => ({
    key: nextKey(),
    channelType: channelTypeOf(row.channelType),
    acceptGroupId: row.acceptGroupId,
  })),
});

/** Step 1: the type; a type by region or by channel type starts with one empty row to fill. */
export function chooseType(draft: RulesDraft, type: DistributionTypeValue): RulesDraft {
  if (type === DistributionType.ByRegion && draft.areaRows.length === 0) return { ...draft, type, areaRows: [emptyAreaRow()] };
  if (type === DistributionType.ByChannelType && draft.channelRows.length === 0) return { ...draft, type, channelRows: [emptyChannelRow()] };
  return { ...draft, type };
}

/** The provinces chosen in the other region rows (disabled in this one). */
export const provincesTakenElsewhere = (rows: readonly AreaRowDraft[], key: string): Set<string> =>
  new Set(rows.filter((row) => row.key !== key).flatMap((row) => row.provinceList));

/** The channel types chosen in the other rows (disabled in this one). */
export const channelTypesTakenElsewhere = (rows: readonly ChannelRowDraft[], key: string): Set<number> =>
  new Set(rows.filter((row) => row.key !== key).flatMap((row) => (row.channelType === null ? [] : [row.channelType])));

/** Each issue's message, on the row its path names (`[list, index, field]`, or `[index, field]`). */
function messagesByRow(
  issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>,
  keysOf: (list: PropertyKey) => readonly string[] | undefined,
): Map<string, RowMessages> {
  const errors = new Map<string, RowMessages>();
  for (const issue of issues) {
    const [first, second, third] = issue.path;
    const [list, index, field] = typeof first === 'number' ? [undefined, first, second] : [first, second, third];
    const key = typeof index === 'number' ? keysOf(list ?? '')?.[index] : undefined;
    if (key === undefined) continue;
    const name = (typeof field === 'string' ? field : 'name') as keyof RowMessages;
    const messages = errors.get(key) ?? {};
    messages[name] ??= issue.message;
    errors.set(key, messages);
  }
  return errors;
}

/** The body of POST /es/distributerule/saveList (the chosen type's rows), or what stops it, by row key. */
export function checkRules(crmCode: CrmCode, draft: RulesDraft): Checked<DistributeRuleSaveBody> {
  const areaRows = draft.type === DistributionType.ByRegion ? draft.areaRows : [];
  const channelRows = draft.type === DistributionType.ByChannelType ? draft.channelRows : [];
  const result = distributeRuleSaveSchema.safeParse({
    crmCode,
    type: draft.type,
    areaRuleList: areaRows.map((row) => ({ acceptGroupId: row.acceptGroupId, provinceList: row.provinceList })),
    channelTypeRuleList: channelRows.map((row) => ({ acceptGroupId: row.acceptGroupId, channelType: row.channelType })),
  });
  if (result.success) return { body: result.data };
  const keys: Record<string, readonly string[]> = {
    areaRuleList: areaRows.map((row) => row.key),
    channelTypeRuleList: channelRows.map((row) => row.key),
  };
  return { errors: messagesByRow(result.error.issues, (list) => keys[String(list)]) };
}

// ---------------------------------------------------------------------------------------------
// Per-project rule rows

/** A project's rule row being edited: null is an empty input (dataNumLimit: unlimited; the others refused). */
export interface ItemRuleDraft {
  key: string;
  itemId: number;
  itemName: string;
  crmFCode: string | null;
  crmFName: string | null;
  dataNum: number | null;
  dataNumLimit: number | null;
  distributeNum: number | null;
  sort: number | null;
}

export const itemRulesFromAnswer = (rules: readonly ItemRule[]): ItemRuleDraft[] =>
  rules.map((rule) => ({
    key: `item-${rule.itemId}`,
    itemId: rule.itemId,
    itemName: rule.itemName,
    crmFCode: rule.crmFCode,
    crmFName: rule.crmFName,
    dataNum: rule.dataNum,
    dataNumLimit: rule.dataNumLimit,
    distributeNum: rule.distributeNum,
    sort: rule.sort,
  }));

/** The body of POST /es/fieldmapping/postChannelSourceDistributeRule, or what stops it, by row key. */
export function checkItemRules(crmCode: CrmCode, rows: readonly ItemRuleDraft[]): Checked<ItemRuleSaveBody> {
  const result = itemRuleSaveSchema.safeParse({
    crmCode,
    list: rows.map(({ itemId, crmFCode, crmFName, dataNum, dataNumLimit, distributeNum, sort }) => ({
      itemId,
      crmFCode,
      crmFName,
      dataNum,
      dataNumLimit,
      distributeNum,
      sort,
    })),
  });
  if (result.success) return { body: result.data };
  return { errors: messagesByRow(result.error.issues, () => rows.map((row) => row.key)) };
}

/** The rows after the accept groups were saved: a row whose group is gone has none (the server deleted its saved row). */
export function withoutGoneGroups(draft: RulesDraft, groups: readonly AcceptGroup[]): RulesDraft {
  const ids = new Set(groups.map((group) => group.id));
  const keep = <Row extends { acceptGroupId: number | null }>(row: Row): Row =>
    row.acceptGroupId === null || ids.has(row.acceptGroupId) ? row : { ...row, acceptGroupId: null };
  return { ...draft, areaRows: draft.areaRows.map(keep), channelRows: draft.channelRows.map(keep) };
}
