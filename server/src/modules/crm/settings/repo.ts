import type { CrmCode } from '@portal/contracts';
import { type Insertable } from 'kysely';
import type { CrmAccountsTable, CrmFieldMappingsTable, CrmLabelMappingsTable, Db, DistributeRuleRowsTable } from '../../../db/schema';
import { chunks } from '../connectors/http';
import { type DiscoveryKind as PulledKind, SOURCE_WRITE_BATCH } from '../limits';
import { isPostgres } from '../../../db/dialect';

/** Queries of the CRM settings tables; every one for the given customer only. */

/** What 'update data' stores per CRM in crm_discovery: its fields, label classes, templates (staff and sources have their tables). */
export type DiscoveryKind = Extract<PulledKind, 'fields' | 'labels' | 'templates'>;
/** The kinds of distribute_rule_rows. */
export type RuleRowKind = 'area' | 'channelType' | 'item';

/** The names CamelCasePlugin reads the columns crm_fcode, crm_fname and wy_fcode back as, and the names the table types give them. */
const F_KEYS = [
  ['crmFcode', 'crmFCode'],
  ['crmFname', 'crmFName'],
  ['wyFcode', 'wyFCode'],
] as const;

/**
 * A row of crm_field_mappings or distribute_rule_rows under the names its type says: the plugin
 * writes crmFCode to crm_fcode (the migration's name) but reads crm_fcode back as crmFcode.
 */
function withFKeys<T extends object>(row: T): T {
  const fields = row as Record<string, unknown>;
  for (const [read, name] of F_KEYS) {
    if (read in fields) {
      fields[name] = fields[read];
      delete fields[read];
    }
  }
  return row;
}

// ---------------------------------------------------------------------------------------------
// Account

export const findAccount = (db: Db, customerId: number, crmCode: CrmCode) =>
  db.selectFrom('crmAccounts').selectAll().where('customerId', '=', customerId).where('crmCode', '=', crmCode).executeTakeFirst();

/**
 * Holds the customer's account row of a CRM until the transaction ends (PostgreSQL), so that two
 * saves or syncs of one account run one after the other; SQLite runs one write transaction at a time.
 */
export async function lockAccount(tx: Db, customerId: number, crmCode: CrmCode): Promise<void> {
  if (!isPostgres(tx)) return;
  await tx.selectFrom('crmAccounts').select('id').where('customerId', '=', customerId).where('crmCode', '=', crmCode).forUpdate().execute();
}

export type AccountValues = Omit<Insertable<CrmAccountsTable>, 'id' | 'customerId' | 'crmCode' | 'createTime' | 'creater'>;

/** Inserts the customer's account of a CRM, or updates it (one per customer and CRM); `created` is written on insert only. */
export async function upsertAccount(
  tx: Db,
  customerId: number,
  crmCode: CrmCode,
  values: AccountValues,
  created: { createTime: string; creater: string },
): Promise<void> {
  await tx
    .insertInto('crmAccounts')
    .values({ ...values, ...created, customerId, crmCode })
    .onConflict((oc) => oc.columns(['customerId', 'crmCode']).doUpdateSet(values))
    .execute();
}

export async function findLoginAccount(db: Db, customerId: number): Promise<string> {
  const row = await db.selectFrom('customers').select('loginAccount').where('id', '=', customerId).executeTakeFirst();
  return row?.loginAccount ?? '';
}

/**
 * Whether the customer has any row of `table` for this CRM: the account's setup steps (2, info
 * configured: a field mapping; 3, scheduling: anyone scheduled on any day).
 */
export async function hasRowsFor(db: Db, table: 'crmFieldMappings' | 'dailyArrangements', customerId: number, crmCode: CrmCode): Promise<boolean> {
  const row = await db.selectFrom(table).select('id').where('customerId', '=', customerId).where('crmCode', '=', crmCode).limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Deletes what was configured against the CRM tenant an account named before: discovered fields,
 * labels and templates, field, label and template mappings, the notice creator, the distribution
 * rules, and the staff and channel sources synced from it. Staff that leads name as their
 * receiver stay, no longer marked as that CRM's.
 */
export async function clearConfiguration(tx: Db, customerId: number, crmCode: CrmCode): Promise<void> {
  for (const table of [
    'crmDiscovery',
    'crmFieldMappings',
    'crmLabelMappings',
    'crmTemplateMappings',
    'crmCreators',
    'distributeRules',
    'distributeRuleRows',
  ] as const) {
    await tx.deleteFrom(table).where('customerId', '=', customerId).where('crmCode', '=', crmCode).execute();
  }
  await tx.deleteFrom('channelSources').where('customerId', '=', customerId).where('crmCode', '=', crmCode).execute();
  const receivers = tx
    .selectFrom('leads')
    .select('crmFollowerId')
    .where('customerId', '=', customerId)
    .where('crmFollowerId', 'is not', null)
    .$narrowType<{ crmFollowerId: number }>();
  await tx
    .updateTable('crmUsers')
    .set({ crmCode: null, crmUserId: null })
    .where('customerId', '=', customerId)
    .where('crmCode', '=', crmCode)
    .where('id', 'in', receivers)
    .execute();
  await tx.deleteFrom('crmUsers').where('customerId', '=', customerId).where('crmCode', '=', crmCode).execute();
}

// ---------------------------------------------------------------------------------------------
// The customer's projects and channels

/** Which of `ids` are the customer's items. */
export async function ownItemIds(db: Db, customerId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('items')
    .select('id')
    .where('customerId', '=', customerId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Which of `ids` are the customer's channels. */
export async function ownChannelIds(db: Db, customerId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('channels')
    .select('id')
    .where('customerId', '=', customerId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Set(rows.map((row) => row.id));
}

export const listItems = (db: Db, customerId: number) =>
  db.selectFrom('items').select(['id', 'title']).where('customerId', '=', customerId).orderBy('id').execute();

// ---------------------------------------------------------------------------------------------
// Discovery

export const findDiscovery = (db: Db, customerId: number, crmCode: CrmCode, kind: DiscoveryKind) =>
  db
    .selectFrom('crmDiscovery')
    .select(['data', 'updatedAt'])
    .where('customerId', '=', customerId)
    .where('crmCode', '=', crmCode)
    .where('kind', '=', kind)
    .executeTakeFirst();

export async function saveDiscovery(
  db: Db,
  customerId: number,
  crmCode: CrmCode,
  kind: DiscoveryKind,
  data: unknown,
  updatedAt: string,
): Promise<void> {
  const json = JSON.stringify(data);
  await db
    .insertInto('crmDiscovery')
    .values({ customerId, crmCode, kind, data: json, updatedAt })
    .onConflict((oc) => oc.columns(['customerId', 'crmCode', 'kind']).doUpdateSet({ data: json, updatedAt }))
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Field mapping

export const listFieldMappings = async (db: Db, customerId: number, crmCode: CrmCode, resType: number) =>
  (
    await db
      .selectFrom('crmFieldMappings')
      .selectAll()
      .where('customerId', '=', customerId)
      .where('crmCode', '=', crmCode)
      .where('resType', '=', resType)
      .orderBy('sort')
      .orderBy('id')
      .execute()
  ).map(withFKeys);

export type FieldMappingValues = Omit<Insertable<CrmFieldMappingsTable>, 'id' | 'customerId' | 'crmCode' | 'resType'>;

export async function replaceFieldMappings(
  tx: Db,
  customerId: number,
  crmCode: CrmCode,
  resType: number,
  rows: readonly FieldMappingValues[],
): Promise<void> {
  await tx
    .deleteFrom('crmFieldMappings')
    .where('customerId', '=', customerId)
    .where('crmCode', '=', crmCode)
    .where('resType', '=', resType)
    .execute();
  if (rows.length)
    await tx
      .insertInto('crmFieldMappings')
      .values(rows.map((row) => ({ ...row, customerId, crmCode, resType })))
      .execute();
}

// ---------------------------------------------------------------------------------------------
// Label mapping

export const listLabelMappings = (db: Db, customerId: number, crmCode: CrmCode) =>
  db
    .selectFrom('crmLabelMappings')
    .select(['classId', 'className', 'itemId', 'channelId', 'resType'])
    .where('customerId', '=', customerId)
    .where('crmCode', '=', crmCode)
    .orderBy('id')
    .execute();

export type LabelMappingValues = Omit<Insertable<CrmLabelMappingsTable>, 'id' | 'customerId' | 'crmCode'>;

export async function replaceLabelMappings(tx: Db, customerId: number, crmCode: CrmCode, rows: readonly LabelMappingValues[]): Promise<void> {
  await tx.deleteFrom('crmLabelMappings').where('customerId', '=', customerId).where('crmCode', '=', crmCode).execute();
  if (rows.length)
    await tx
      .insertInto('crmLabelMappings')
      .values(rows.map((row) => ({ ...row, customerId, crmCode })))
      .execute();
}

// ---------------------------------------------------------------------------------------------
// Templates (ec) and the notice creator

export const listTemplateMappings = (db: Db, customerId: number, crmCode: CrmCode) =>
  db
    .selectFrom('crmTemplateMappings')
    .select(['id', 'crmCode', 'crmTemplateId', 'type'])
    .where('customerId', '=', customerId)
    .where('crmCode', '=', crmCode)
    .orderBy('type')
    .execute();

export async function upsertTemplateMapping(db: Db, customerId: number, crmCode: CrmCode, type: number, crmTemplateId: string): Promise<void> {
  await db
    .insertInto('crmTemplateMappings')
    .values({ customerId, crmCode, type, crmTemplateId })
    .onConflict((oc) => oc.columns(['customerId', 'crmCode', 'type']).doUpdateSet({ crmTemplateId }))
    .execute();
}

export const findCreator = (db: Db, customerId: number, crmCode: CrmCode) =>
  db
    .selectFrom('crmCreators')
    .select(['id', 'userId', 'userName', 'account'])
    .where('customerId', '=', customerId)
    .where('crmCode', '=', crmCode)
    .executeTakeFirst();

export async function upsertCreator(
  db: Db,
  customerId: number,
  crmCode: CrmCode,
  creator: { userId: string; userName: string; account: string },
): Promise<void> {
  await db
    .insertInto('crmCreators')
    .values({ customerId, crmCode, ...creator })
    .onConflict((oc) => oc.columns(['customerId', 'crmCode']).doUpdateSet(creator))
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Staff and channel sources synced from a CRM

export const listSyncedStaff = (db: Db, customerId: number, crmCode: CrmCode) =>
  db
    .selectFrom('crmUsers')
    .select(['id', 'crmUserId', 'userName', 'phone', 'deptName'])
    .where('customerId', '=', customerId)
    .where('crmCode', '=', crmCode)
    .orderBy('id')
    .execute();

export const findSyncedStaff = (db: Db, customerId: number, crmCode: CrmCode, crmUserId: string) =>
  db
    .selectFrom('crmUsers')
    .select(['id', 'crmUserId', 'userName', 'phone'])
    .where('customerId', '=', customerId)
    .where('crmCode', '=', crmCode)
    .where('crmUserId', '=', crmUserId)
    .executeTakeFirst();

export interface StaffValues {
  crmUserId: string;
  userName: string;
  phone: string;
  deptName: string;
}

/** Inserts the staff the CRM answered, or updates them (by their id in the CRM); staff it no longer lists stay. */
export async function upsertSyncedStaff(tx: Db, customerId: number, crmCode: CrmCode, staff: readonly StaffValues[]): Promise<void> {
  const existing = new Map((await listSyncedStaff(tx, customerId, crmCode)).map((row) => [row.crmUserId, row]));
  for (const member of staff) {
    const row = existing.get(member.crmUserId);
    const values = { userName: member.userName, phone: member.phone, deptName: member.deptName };
    if (row === undefined) {
      await tx
        .insertInto('crmUsers')
        .values({ customerId, crmCode, crmUserId: member.crmUserId, ...values })
        .execute();
    } else if (row.userName !== values.userName || row.phone !== values.phone || row.deptName !== values.deptName) {
      await tx.updateTable('crmUsers').set(values).where('customerId', '=', customerId).where('id', '=', row.id).execute();
    }
  }
}

export const listSyncedSources = (db: Db, customerId: number, crmCode: CrmCode) =>
  db
    .selectFrom('channelSources')
    .select(['id', 'sourceCode', 'sourceName'])
    .where('customerId', '=', customerId)
    .where('crmCode', '=', crmCode)
    .orderBy('id')
    .execute();

/**
 * Makes the CRM's channel sources (distinct codes) the customer's sources of that CRM: each
 * upserted by its code (a source entered here with the same code becomes the CRM's), those the CRM
 * no longer lists deleted. Written SOURCE_WRITE_BATCH rows a statement, so that no statement binds
 * more variables than SQLite takes (32,766), however many sources the CRM lists.
 */
export async function replaceSyncedSources(
  tx: Db,
  customerId: number,
  crmCode: CrmCode,
  sources: ReadonlyArray<{ sourceCode: string; sourceName: string }>,
): Promise<void> {
  for (const batch of chunks(sources, SOURCE_WRITE_BATCH)) {
    await tx
      .insertInto('channelSources')
      .values(batch.map((source) => ({ customerId, crmCode, ...source })))
      .onConflict((oc) =>
        oc
          .columns(['customerId', 'sourceCode'])
          .doUpdateSet((eb) => ({ sourceName: eb.ref('excluded.sourceName'), crmCode: eb.ref('excluded.crmCode') })),
      )
      .execute();
  }
  const listed = new Set(sources.map((source) => source.sourceCode));
  const stored = await tx
    .selectFrom('channelSources')
    .select(['id', 'sourceCode'])
    .where('customerId', '=', customerId)
    .where('crmCode', '=', crmCode)
    .execute();
  const gone = stored.filter((row) => !listed.has(row.sourceCode)).map((row) => row.id);
  for (const batch of chunks(gone, SOURCE_WRITE_BATCH)) {
    await tx.deleteFrom('channelSources').where('customerId', '=', customerId).where('id', 'in', batch).execute();
  }
}

// ---------------------------------------------------------------------------------------------
// Distribution rules and accept groups

export async function findRuleType(db: Db, customerId: number, crmCode: CrmCode): Promise<number | undefined> {
  const row = await db
    .selectFrom('distributeRules')
    .select('type')
    .where('customerId', '=', customerId)
    .where('crmCode', '=', crmCode)
    .executeTakeFirst();
  return row?.type;
}

export async function saveRuleType(tx: Db, customerId: number, crmCode: CrmCode, type: number): Promise<void> {
  await tx
    .insertInto('distributeRules')
    .values({ customerId, crmCode, type })
    .onConflict((oc) => oc.columns(['customerId', 'crmCode']).doUpdateSet({ type }))
    .execute();
}

export const listRuleRows = async (db: Db, customerId: number, crmCode: CrmCode, kinds: readonly RuleRowKind[]) =>
  (
    await db
      .selectFrom('distributeRuleRows')
      .selectAll()
      .where('customerId', '=', customerId)
      .where('crmCode', '=', crmCode)
      .where('kind', 'in', [...kinds])
      .orderBy('id')
      .execute()
  ).map(withFKeys);

export type RuleRowValues = Omit<Insertable<DistributeRuleRowsTable>, 'id' | 'customerId' | 'crmCode'>;

export async function replaceRuleRows(
  tx: Db,
  customerId: number,
  crmCode: CrmCode,
  kinds: readonly RuleRowKind[],
  rows: readonly RuleRowValues[],
): Promise<void> {
  await tx
    .deleteFrom('distributeRuleRows')
    .where('customerId', '=', customerId)
    .where('crmCode', '=', crmCode)
    .where('kind', 'in', [...kinds])
    .execute();
  if (rows.length)
    await tx
      .insertInto('distributeRuleRows')
      .values(rows.map((row) => ({ ...row, customerId, crmCode })))
      .execute();
}

export const listAcceptGroups = (db: Db, customerId: number) =>
  db.selectFrom('acceptGroups').select(['id', 'name']).where('customerId', '=', customerId).orderBy('id').execute();

/** Holds the customer's accept groups until the transaction ends (PostgreSQL): rule saves and group saves run one after the other. */
export async function lockAcceptGroups(tx: Db, customerId: number): Promise<void> {
  if (!isPostgres(tx)) return;
  await tx.selectFrom('acceptGroups').select('id').where('customerId', '=', customerId).forUpdate().execute();
}

/** Which of `ids` are the customer's accept groups. */
export async function ownAcceptGroupIds(db: Db, customerId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('acceptGroups')
    .select('id')
    .where('customerId', '=', customerId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * Makes `groups` the customer's accept groups: rows with an id (the customer's, checked before)
 * renamed, rows without one inserted, every other group of the customer deleted (with the rule
 * rows that name it).
 */
export async function replaceAcceptGroups(tx: Db, customerId: number, groups: ReadonlyArray<{ id?: number; name: string }>): Promise<void> {
  const kept = groups.flatMap((group) => (group.id === undefined ? [] : [group.id]));
  let gone = tx.deleteFrom('acceptGroups').where('customerId', '=', customerId);
  if (kept.length) gone = gone.where('id', 'not in', kept);
  await gone.execute();
  for (const group of groups) {
    if (group.id === undefined) await tx.insertInto('acceptGroups').values({ customerId, name: group.name }).execute();
    else await tx.updateTable('acceptGroups').set({ name: group.name }).where('customerId', '=', customerId).where('id', '=', group.id).execute();
  }
}
