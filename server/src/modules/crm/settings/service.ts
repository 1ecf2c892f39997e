import type { CrmCode } from '@portal/contracts';
import {
  accountFieldsOf,
  type accountFormSchema,
  type acceptGroupSaveSchema,
  type CrmAccount,
  CrmMessage,
  type DistributeRule,
  type distributeRuleSaveSchema,
  type FieldMapping,
  type fieldMappingRowSchema,
  IDENTITY_PARAMS,
  type itemRuleSaveSchema,
  type labelMappingRowSchema,
  MappingResType,
  PARAM_KEYS,
  PRODUCT_FIELDS,
  type ParamKey,
  SECRET_MASK,
  SECRET_PARAMS,
} from '@portal/contracts/crm';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database, Db } from '../../../db/schema';
import { badRequest, notFound } from '../../../http/errors';
import { nowIso, toChinaDateTime } from '../../../lib/time';
import { CrmCallError, type CrmAccountParams, type CrmField, type CrmLabel, type TokenStore } from '../connectors/types';
import { CRM_DISCOVERY_MAX, type DiscoveryKind, tooManyDiscovered } from '../limits';
import { connectionOf } from '../push/connection';
import type { CrmRuntime } from '../runtime';
import { type FieldMappingRow, parseJson, toFieldAnswer, toFieldMappingRow } from './mapping';
import * as repo from './repo';

export type { FieldMappingChild, FieldMappingRow } from './mapping';

/**
 * The CRM settings of one customer (spec 001 sections 2-5 and 7): the account, what 'update
 * data' pulls from the CRM (fields, labels, sources, staff, templates), the field, label and
 * template mappings, the distribution rules and the accept groups. Every function works on the
 * given customer's rows only; an id of another customer's row is refused like a missing one.
 */

/** What the calls that reach a CRM need: the database and the CRM runtime. */
export interface SettingsDeps {
  db: Kysely<Database>;
  crm: CrmRuntime;
}

/** The shown time of a change, like every time the API answers. */
const shownNow = (): string => toChinaDateTime(nowIso());

// ---------------------------------------------------------------------------------------------
// For the push pipeline

/** A customer's saved account of one CRM as the connectors take it, with its row id and sync switch. */
export type StoredAccountParams = CrmAccountParams & { id: number; sync: number };

/** The account of one CRM of a customer, unmasked (for the connectors); null when none is saved. */
export async function findAccountParams(db: Db, customerId: number, crmCode: CrmCode): Promise<StoredAccountParams | null> {
  const row = await repo.findAccount(db, customerId, crmCode);
  if (!row) return null;
  return {
    id: row.id,
    sync: row.sync,
    crmCode,
    param1: row.param1,
    param2: row.param2,
    param3: row.param3,
    param4: row.param4,
    param5: row.param5,
    param6: row.param6,
    param7: row.param7,
    param8: row.param8,
    param9: row.param9,
    param10: row.param10,
    edition: row.edition,
  };
}

/** What the push pipeline maps a lead with: the saved rows of one CRM and resType, and the CRM's fields as last discovered. */
export interface PushMapping {
  rows: FieldMappingRow[];
  crmFields: CrmField[];
}

/** One customer's field mapping of a CRM for a resType (1 form, 2 smart chat), read for the push pipeline. */
export async function loadPushMapping(db: Db, customerId: number, crmCode: CrmCode, resType: number): Promise<PushMapping> {
  const [rows, fields] = await Promise.all([
    repo.listFieldMappings(db, customerId, crmCode, resType),
    repo.findDiscovery(db, customerId, crmCode, 'fields'),
  ]);
  return { rows: rows.map(toFieldMappingRow), crmFields: parseJson<CrmField[]>(fields?.data, []) };
}

/** A label mapping row as the push pipeline matches it against a lead. */
export interface PushLabelRow {
  classId: string;
  itemId: number;
  /** null: any channel. */
  channelId: number | null;
  /** 0 unlimited, 1 form, 2 smart chat. */
  resType: number;
}

/** One customer's label mapping rows of a CRM, read for the push pipeline. */
export async function loadPushLabels(db: Db, customerId: number, crmCode: CrmCode): Promise<PushLabelRow[]> {
  const rows = await repo.listLabelMappings(db, customerId, crmCode);
  return rows.map((row) => ({ classId: row.classId, itemId: row.itemId, channelId: row.channelId, resType: row.resType }));
}

// ---------------------------------------------------------------------------------------------
// Calling the CRM

/** The saved account, or 400 '请先完成CRM推送设置': every call that reaches the CRM or configures against it needs one. */
async function requireAccount(db: Db, customerId: number, crmCode: CrmCode): Promise<StoredAccountParams> {
  const account = await findAccountParams(db, customerId, crmCode);
  if (!account) throw badRequest(CrmMessage.AccountNotConfigured);
  return account;
}

/**
 * A discovery call ('update data', syncs) of one kind: a failure of the CRM becomes a 400 with the
 * connector's Chinese text, and a list of more than CRM_DISCOVERY_MAX rows (counted by `rows`) a
 * 400 naming the cap, before anything of it is stored.
 */
async function discover<T>(kind: DiscoveryKind, step: () => Promise<T>, rows: (answer: T) => number): Promise<T> {
  let answer: T;
  try {
    answer = await step();
  } catch (error) {
    if (error instanceof CrmCallError) throw badRequest(error.message);
    throw error;
  }
  if (rows(answer) > CRM_DISCOVERY_MAX[kind]) throw badRequest(tooManyDiscovered(kind));
  return answer;
}

const length = (list: readonly unknown[]): number => list.length;

/** Fields counted with their children and options: each is a row of the mapping page. */
const fieldRows = (fields: readonly CrmField[]): number =>
  fields.reduce((sum, field) => sum + 1 + (field.options?.length ?? 0) + fieldRows(field.children ?? []), 0);

/** A login token kept in memory: checking new credentials must neither use nor overwrite the stored account's login. */
function freshTokens(): TokenStore & { saved(): { token: string; expires: number } | null } {
  let saved: { token: string; expires: number } | null = null;
  return {
    get: async () => (saved && saved.expires > Date.now() ? saved.token : null),
    set: async (token, expires) => {
      saved = { token, expires };
    },
    clear: async () => {
      saved = null;
    },
    saved: () => saved,
  };
}

/** Text cut to a column's length (names the CRM answers can be longer than ours). */
const clip = (text: unknown, max: number): string => String(text ?? '').slice(0, max);

// ---------------------------------------------------------------------------------------------
// Account

type AccountFormData = z.output<typeof accountFormSchema>;
type Params = Record<ParamKey, string>;

const paramsOf = (row: Params): Params => Object.fromEntries(PARAM_KEYS.map((key) => [key, row[key]])) as Params;

/** The account as the settings page shows it: secrets masked, the setup steps and the push connection. */
export async function getAccount(db: Db, customerId: number, crmCode: CrmCode): Promise<CrmAccount | null> {
  const row = await repo.findAccount(db, customerId, crmCode);
  if (!row) return null;
  const [info, schedule, connection] = await Promise.all([
    repo.hasRowsFor(db, 'crmFieldMappings', customerId, crmCode),
    repo.hasRowsFor(db, 'dailyArrangements', customerId, crmCode),
    connectionOf(db, customerId, crmCode),
  ]);
  const params = paramsOf(row);
  for (const key of SECRET_PARAMS[crmCode]) if (params[key]) params[key] = SECRET_MASK;
  return {
    id: row.id,
    crmCode,
    createTime: row.createTime,
    creater: row.creater,
    edition: row.edition,
    sync: row.sync,
    channelSourceName: row.channelSourceName,
    ...params,
    steps: {
      account: true,
      info,
      // Call-centre scheduling (step 3): anyone scheduled for this CRM, on any day.
      schedule,
      sync: row.sync === 1,
    },
    connection,
  };
}

/** The params of a save: a secret sent as the mask keeps the stored one; ec's style defaults to 1. */
function paramsToSave(form: AccountFormData, stored: Params | undefined): Params {
  const params = Object.fromEntries(PARAM_KEYS.map((key) => [key, form[key] ?? ''])) as Params;
  for (const key of SECRET_PARAMS[form.crmCode]) {
    if (params[key] !== SECRET_MASK) continue;
    if (!stored?.[key]) {
      // Nothing stored to keep: the field counts as empty.
      const rule = accountFieldsOf(form.crmCode, params.param10).find((field) => field.key === key);
      throw badRequest(rule?.required ?? CrmMessage.AccountVerifyFailed);
    }
    params[key] = stored[key];
  }
  if (form.crmCode === 'ec' && params.param10 === '') params.param10 = '1';
  return params;
}

const sameIdentity = (crmCode: CrmCode, a: Params, b: Params): boolean => IDENTITY_PARAMS[crmCode].every((key) => a[key] === b[key]);

/**
 * Saves the customer's account of a CRM (one per CRM). New or changed credentials are checked
 * with the CRM first: a refusal answers 400 '账号验证失败' (the CRM unreachable: '暂时不可用')
 * and saves nothing, so the page never reports a save that did not happen. A change of the sync
 * switch or source name alone is saved without asking the CRM (turning sync off must work while
 * the CRM is down). When an identity param (ec's CorpID...) changes, the configuration made
 * against the earlier tenant is deleted in the same transaction. Changed credentials start the
 * push connection afresh (failures, pause, login token). The form's `id` is not read: the account
 * is the customer's one of that CRM, so an id of another customer's account reaches nothing.
 */
export async function saveAccount({ db, crm }: SettingsDeps, customerId: number, form: AccountFormData): Promise<CrmAccount> {
  const crmCode = form.crmCode;
  const stored = await repo.findAccount(db, customerId, crmCode);
  const params = paramsToSave(form, stored && paramsOf(stored));
  const credentialsChanged = !stored || stored.edition !== form.edition || PARAM_KEYS.some((key) => stored[key] !== params[key]);

  let login: { token: string; expires: number } | null = null;
  if (credentialsChanged) {
    const account: CrmAccountParams = { crmCode, ...params, edition: form.edition };
    const tokens = freshTokens();
    try {
      await crm.connector(crmCode).verify(account, { ...crm.contextFor(db, customerId, account), tokens });
    } catch (error) {
      if (!(error instanceof CrmCallError)) throw error;
      // We refused the CRM's answer (a redirect, too large): its reason, not "check the account".
      if (error.cause === 'answer') throw badRequest(error.message);
      throw badRequest(error.cause === 'auth' || error.cause === 'refused' ? CrmMessage.AccountVerifyFailed : CrmMessage.CrmUnavailable);
    }
    login = tokens.saved();
  }

  await db.transaction().execute(async (tx) => {
    await repo.lockAccount(tx, customerId, crmCode);
    const current = await repo.findAccount(tx, customerId, crmCode);
    if (current && !sameIdentity(crmCode, paramsOf(current), params)) await repo.clearConfiguration(tx, customerId, crmCode);
    await repo.upsertAccount(
      tx,
      customerId,
      crmCode,
      {
        ...params,
        edition: form.edition,
        sync: Number(form.sync),
        channelSourceName: form.channelSourceName ?? '',
        ...(credentialsChanged
          ? { consecutiveFailures: 0, pausedAt: null, authToken: login?.token ?? null, authTokenExpires: login?.expires ?? null }
          : {}),
      },
      { createTime: shownNow(), creater: clip(await repo.findLoginAccount(tx, customerId), 50) },
    );
  });
  return (await getAccount(db, customerId, crmCode)) as CrmAccount;
}

// ---------------------------------------------------------------------------------------------
// Sources, staff, the notice creator, product fields

/** The product fields a mapping can take (the same list for every CRM). */
export const productFields = () => PRODUCT_FIELDS.map((field) => ({ wyFCode: field.code, wyFName: field.name, wyFType: field.type }));

const SOURCE_CODE_MAX = 64;

/** Pulls the ec channel sources into the customer's channel sources (the CRM's code as source code). */
async function syncSources(deps: SettingsDeps, customerId: number, account: StoredAccountParams): Promise<void> {
  const crmCode = account.crmCode;
  const sources = await discover(
    'sources',
    () => deps.crm.connector(crmCode).sources(account, deps.crm.contextFor(deps.db, customerId, account)),
    length,
  );
  const values = new Map<string, string>();
  for (const source of sources) {
    // A code longer than ours could not be matched back to the CRM: left out.
    if (source.code && source.code.length <= SOURCE_CODE_MAX) values.set(source.code, clip(source.name || source.code, 100));
  }
  await deps.db.transaction().execute(async (tx) => {
    await repo.lockAccount(tx, customerId, crmCode);
    await repo.replaceSyncedSources(
      tx,
      customerId,
      crmCode,
      [...values].map(([sourceCode, sourceName]) => ({ sourceCode, sourceName })),
    );
  });
}

/** GET /es/crmchannelsource/syncEcV2ChannelSource: ec's channel sources, pulled now. */
export async function syncEcSources(deps: SettingsDeps, customerId: number) {
  await syncSources(deps, customerId, await requireAccount(deps.db, customerId, 'ec'));
  return repo.listSyncedSources(deps.db, customerId, 'ec');
}

const staffAnswer = (row: { id: number; crmUserId: string | null; userName: string; phone: string; deptName: string }) => ({
  ...row,
  crmUserId: row.crmUserId ?? '',
});

/** The staff synced from a CRM (the notice creator's candidates). */
export const syncedStaff = async (db: Db, customerId: number, crmCode: CrmCode) =>
  (await repo.listSyncedStaff(db, customerId, crmCode)).map(staffAnswer);

/** GET /es/crmuser/synchro: the CRM's staff upserted into the customer's staff (by their CRM id). */
export async function syncStaff(deps: SettingsDeps, customerId: number, crmCode: CrmCode) {
  const account = await requireAccount(deps.db, customerId, crmCode);
  const staff = await discover('staff', () => deps.crm.connector(crmCode).staff(account, deps.crm.contextFor(deps.db, customerId, account)), length);
  const values = new Map<string, repo.StaffValues>();
  for (const member of staff) {
    if (!member.userId || member.userId.length > 64) continue;
    values.set(member.userId, {
      crmUserId: member.userId,
      userName: clip(member.userName || member.userId, 50),
      phone: clip(member.phone, 20),
      deptName: clip(member.deptName, 50),
    });
  }
  await deps.db.transaction().execute(async (tx) => {
    await repo.lockAccount(tx, customerId, crmCode);
    await repo.upsertSyncedStaff(tx, customerId, crmCode, [...values.values()]);
  });
  return syncedStaff(deps.db, customerId, crmCode);
}

export async function getCreator(db: Db, customerId: number, crmCode: CrmCode) {
  return (await repo.findCreator(db, customerId, crmCode)) ?? null;
}

/** POST /es/crmcreater/post: the notice creator, one of the staff synced from that CRM (else 404 '人员不存在，请先同步'). */
export async function saveCreator(db: Db, customerId: number, crmCode: CrmCode, userId: string) {
  const staff = await repo.findSyncedStaff(db, customerId, crmCode, userId);
  if (!staff) throw notFound(CrmMessage.UserNotFound);
  await repo.upsertCreator(db, customerId, crmCode, { userId, userName: staff.userName, account: staff.phone });
  return (await repo.findCreator(db, customerId, crmCode)) as NonNullable<Awaited<ReturnType<typeof repo.findCreator>>>;
}

// ---------------------------------------------------------------------------------------------
// Field mapping

/** The mapping page of a CRM and resType: the CRM's fields as last discovered and the saved rows. */
export async function getFieldMapping(db: Db, customerId: number, crmCode: CrmCode, resType: number = MappingResType.Form): Promise<FieldMapping> {
  const [discovery, rows] = await Promise.all([
    repo.findDiscovery(db, customerId, crmCode, 'fields'),
    repo.listFieldMappings(db, customerId, crmCode, resType),
  ]);
  return {
    crmCode,
    resType,
    updatedAt: discovery?.updatedAt ?? null,
    crmFields: parseJson<CrmField[]>(discovery?.data, []).map(toFieldAnswer),
    rows: rows.map(toFieldMappingRow),
  };
}

/** 'Update data' of the mapping page: the CRM's fields (and ec's channel sources) pulled now. */
export async function updateFieldMapping(deps: SettingsDeps, customerId: number, crmCode: CrmCode, resType?: number): Promise<FieldMapping> {
  const account = await requireAccount(deps.db, customerId, crmCode);
  const fields = await discover(
    'fields',
    () => deps.crm.connector(crmCode).fields(account, deps.crm.contextFor(deps.db, customerId, account)),
    fieldRows,
  );
  if (crmCode === 'ec') await syncSources(deps, customerId, account);
  await repo.saveDiscovery(deps.db, customerId, crmCode, 'fields', fields, shownNow());
  return getFieldMapping(deps.db, customerId, crmCode, resType);
}

type MappingRowInput = z.output<typeof fieldMappingRowSchema>;

/** 400 unless a row that sends a default ('找不到选项', or 'use default') has one, and a default of a choice field is one of its options. */
function checkDefault(field: CrmField, needsDefault: boolean, value: string | null | undefined, booleanValue?: boolean | null): void {
  const text = value?.trim() ?? '';
  if (needsDefault && text === '' && (booleanValue === null || booleanValue === undefined)) throw badRequest(CrmMessage.FieldInvalid);
  if (text !== '' && (field.type === 'option' || field.type === 'options') && field.options?.length) {
    if (!field.options.some((option) => option.value === text)) throw badRequest(CrmMessage.FieldInvalid);
  }
}

/**
 * Replaces the mapping of a CRM and resType with `list`, in one transaction. Every CRM field must
 * be one 'update data' found (400 'CRM字段不存在，请先更新数据'), each child one of its field's
 * children; projects and channels must be the customer's (404).
 */
export async function saveFieldMapping(
  db: Kysely<Database>,
  customerId: number,
  crmCode: CrmCode,
  resType: number,
  list: readonly MappingRowInput[],
): Promise<FieldMapping> {
  await requireAccount(db, customerId, crmCode);
  const fields = new Map(
    parseJson<CrmField[]>((await repo.findDiscovery(db, customerId, crmCode, 'fields'))?.data, []).map((field) => [field.code, field]),
  );
  const rows: repo.FieldMappingValues[] = list.map((row, sort) => {
    const field = fields.get(row.crmFCode);
    if (!field) throw badRequest(CrmMessage.FieldNotFound);
    checkDefault(field, row.wyFCode === 'noSelect' || row.wyUseDefault === true, row.wyDefaultValue, row.wyDefaultBooleanValue);
    const children = (row.children ?? []).map((child) => {
      const sub = field.children?.find((candidate) => candidate.code === child.crmFCode);
      if (!sub) throw badRequest(CrmMessage.FieldNotFound);
      checkDefault(sub, child.wyFChildCode === 'noSelect' || child.wyUseDefault === true, child.wyDefaultValue);
      return {
        crmFCode: sub.code,
        crmFName: clip(sub.name, 100),
        wyFChildCode: child.wyFChildCode ?? null,
        wyDefaultValue: child.wyDefaultValue ?? null,
        wyUseDefault: child.wyUseDefault ?? false,
      };
    });
    return {
      crmFCode: field.code,
      crmFName: clip(field.name, 100),
      wyFCode: row.wyFCode ?? null,
      itemId: row.itemId ?? null,
      channelId: row.channelId ?? null,
      wyDefaultValue: row.wyDefaultValue ?? null,
      wyDefaultBooleanValue: row.wyDefaultBooleanValue === null || row.wyDefaultBooleanValue === undefined ? null : Number(row.wyDefaultBooleanValue),
      wyUseDefault: row.wyUseDefault ? 1 : 0,
      children: JSON.stringify(children),
      sort,
    };
  });
  await checkOwnership(db, customerId, rows);
  await db.transaction().execute((tx) => repo.replaceFieldMappings(tx, customerId, crmCode, resType, rows));
  return getFieldMapping(db, customerId, crmCode, resType);
}

/** 404 unless every project and channel named is the customer's. */
async function checkOwnership(db: Db, customerId: number, rows: ReadonlyArray<{ itemId?: number | null; channelId?: number | null }>): Promise<void> {
  const itemIds = rows.flatMap((row) => (row.itemId ? [row.itemId] : []));
  const channelIds = rows.flatMap((row) => (row.channelId ? [row.channelId] : []));
  const [items, channels] = await Promise.all([repo.ownItemIds(db, customerId, itemIds), repo.ownChannelIds(db, customerId, channelIds)]);
  if (itemIds.some((id) => !items.has(id))) throw notFound(CrmMessage.ItemNotFound);
  if (channelIds.some((id) => !channels.has(id))) throw notFound(CrmMessage.ChannelNotFound);
}

// ---------------------------------------------------------------------------------------------
// Per-project rule rows

/** One row per project of the customer: the saved numbers, or the defaults (dataNum 1, distributeNum 0, sort 0, no daily cap). */
export async function listItemRules(db: Db, customerId: number, crmCode: CrmCode) {
  const [items, rows] = await Promise.all([repo.listItems(db, customerId), repo.listRuleRows(db, customerId, crmCode, ['item'])]);
  const byItem = new Map(rows.map((row) => [row.itemId, row]));
  return items
    .map((item) => {
      const row = byItem.get(item.id);
      return {
        itemId: item.id,
        itemName: item.title,
        crmCode,
        crmFCode: row?.crmFCode ?? null,
        crmFName: row?.crmFName ?? null,
        dataNum: row?.dataNum ?? 1,
        dataNumLimit: row?.dataNumLimit ?? null,
        distributeNum: row?.distributeNum ?? 0,
        sort: row?.sort ?? 0,
      };
    })
    .sort((a, b) => a.sort - b.sort || a.itemId - b.itemId);
}

/** Replaces the per-project rows (projects left out go back to the defaults); each project the customer's, once. */
export async function saveItemRules(db: Kysely<Database>, customerId: number, crmCode: CrmCode, list: z.output<typeof itemRuleSaveSchema>['list']) {
  await requireAccount(db, customerId, crmCode);
  if (new Set(list.map((row) => row.itemId)).size !== list.length) throw badRequest(CrmMessage.FieldInvalid);
  await checkOwnership(db, customerId, list);
  const rows: repo.RuleRowValues[] = list.map((row) => ({
    kind: 'item',
    itemId: row.itemId,
    crmFCode: row.crmFCode ?? null,
    crmFName: row.crmFName ?? null,
    dataNum: row.dataNum,
    dataNumLimit: row.dataNumLimit ?? null,
    distributeNum: row.distributeNum,
    sort: row.sort,
  }));
  await db.transaction().execute((tx) => repo.replaceRuleRows(tx, customerId, crmCode, ['item'], rows));
  return listItemRules(db, customerId, crmCode);
}

// ---------------------------------------------------------------------------------------------
// Templates (ec)

export const templateMappings = (db: Db, customerId: number) =>
  repo.listTemplateMappings(db, customerId, 'ec') as Promise<Array<{ id: number; crmCode: 'ec'; crmTemplateId: string; type: number }>>;

/** GET /es/crmtemplatemapping/listTemplate: ec's templates, pulled now (kept for the save's check). */
export async function listTemplates(deps: SettingsDeps, customerId: number): Promise<Array<{ id: string; name: string }>> {
  const account = await requireAccount(deps.db, customerId, 'ec');
  const connector = deps.crm.connector('ec');
  const templates = connector.templates
    ? await discover(
        'templates',
        () => (connector.templates as NonNullable<typeof connector.templates>)(account, deps.crm.contextFor(deps.db, customerId, account)),
        length,
      )
    : [];
  const list = templates.map((template) => ({ id: String(template.id), name: clip(template.name, 100) }));
  await repo.saveDiscovery(deps.db, customerId, 'ec', 'templates', list, shownNow());
  return list;
}

/** POST /es/crmtemplatemapping/post: the ec template of a type (1 form, 2 smart chat), one the last list named (else 404). */
export async function saveTemplateMapping(db: Db, customerId: number, crmTemplateId: string, type: number) {
  await requireAccount(db, customerId, 'ec');
  const templates = parseJson<Array<{ id: string }>>((await repo.findDiscovery(db, customerId, 'ec', 'templates'))?.data, []);
  if (!templates.some((template) => template.id === crmTemplateId)) throw notFound(CrmMessage.TemplateNotFound);
  await repo.upsertTemplateMapping(db, customerId, 'ec', type, crmTemplateId);
  const saved = (await templateMappings(db, customerId)).find((row) => row.type === type);
  return saved as NonNullable<typeof saved>;
}

// ---------------------------------------------------------------------------------------------
// Label mapping

export async function getLabelMapping(db: Db, customerId: number, crmCode: CrmCode) {
  const [discovery, rows] = await Promise.all([
    repo.findDiscovery(db, customerId, crmCode, 'labels'),
    repo.listLabelMappings(db, customerId, crmCode),
  ]);
  return { updatedAt: discovery?.updatedAt ?? null, classes: parseJson<CrmLabel[]>(discovery?.data, []), rows };
}

/** 'Update data' of the label page: the CRM's label classes pulled now. */
export async function updateLabels(deps: SettingsDeps, customerId: number, crmCode: CrmCode) {
  const account = await requireAccount(deps.db, customerId, crmCode);
  const labels = await discover(
    'labels',
    () => deps.crm.connector(crmCode).labels(account, deps.crm.contextFor(deps.db, customerId, account)),
    length,
  );
  const classes = new Map<string, string>();
  for (const label of labels) if (label.classId && label.classId.length <= 64) classes.set(label.classId, clip(label.className, 100));
  await repo.saveDiscovery(
    deps.db,
    customerId,
    crmCode,
    'labels',
    [...classes].map(([classId, className]) => ({ classId, className })),
    shownNow(),
  );
  return getLabelMapping(deps.db, customerId, crmCode);
}

/** Replaces the label rows: each class one 'update data' found (400), each project and channel the customer's (404). */
export async function saveLabelMapping(
  db: Kysely<Database>,
  customerId: number,
  crmCode: CrmCode,
  list: ReadonlyArray<z.output<typeof labelMappingRowSchema>>,
) {
  await requireAccount(db, customerId, crmCode);
  const classes = new Map(
    parseJson<CrmLabel[]>((await repo.findDiscovery(db, customerId, crmCode, 'labels'))?.data, []).map((label) => [label.classId, label]),
  );
  const rows: repo.LabelMappingValues[] = list.map((row) => {
    const label = classes.get(row.classId);
    if (!label) throw badRequest(CrmMessage.FieldNotFound);
    return { classId: label.classId, className: label.className, itemId: row.itemId, channelId: row.channelId ?? null, resType: row.resType };
  });
  await checkOwnership(db, customerId, rows);
  await db.transaction().execute((tx) => repo.replaceLabelMappings(tx, customerId, crmCode, rows));
  return getLabelMapping(db, customerId, crmCode);
}

// ---------------------------------------------------------------------------------------------
// Distribution rules and accept groups

/** The distribution type of a CRM (0 unlimited when none is saved) and its region and channel-type rows. */
export async function getRules(db: Db, customerId: number, crmCode: CrmCode): Promise<DistributeRule> {
  const [type, rows] = await Promise.all([
    repo.findRuleType(db, customerId, crmCode),
    repo.listRuleRows(db, customerId, crmCode, ['area', 'channelType']),
  ]);
  return {
    type: type ?? 0,
    areaRuleList: rows
      .filter((row) => row.kind === 'area')
      .map((row) => ({ acceptGroupId: row.acceptGroupId ?? 0, crmCode, provinceList: parseJson<string[]>(row.provinceList, []) })),
    channelTypeRuleList: rows
      .filter((row) => row.kind === 'channelType')
      .map((row) => ({ acceptGroupId: row.acceptGroupId ?? 0, crmCode, channelType: row.channelType ?? 0 })),
  };
}

/** Saves the type and its rows, each naming one of the customer's accept groups (else 404 '接收组不存在'). */
export async function saveRules(db: Kysely<Database>, customerId: number, rule: z.output<typeof distributeRuleSaveSchema>): Promise<DistributeRule> {
  const { crmCode } = rule;
  await requireAccount(db, customerId, crmCode);
  const groupIds = [...rule.areaRuleList, ...rule.channelTypeRuleList].map((row) => row.acceptGroupId);
  const rows: repo.RuleRowValues[] = [
    ...rule.areaRuleList.map((row) => ({ kind: 'area', acceptGroupId: row.acceptGroupId, provinceList: JSON.stringify(row.provinceList) })),
    ...rule.channelTypeRuleList.map((row) => ({ kind: 'channelType', acceptGroupId: row.acceptGroupId, channelType: row.channelType })),
  ];
  await db.transaction().execute(async (tx) => {
    // Checked in the transaction that names them, after any concurrent change of the groups.
    await repo.lockAcceptGroups(tx, customerId);
    await checkAcceptGroups(tx, customerId, groupIds);
    await repo.saveRuleType(tx, customerId, crmCode, rule.type);
    await repo.replaceRuleRows(tx, customerId, crmCode, ['area', 'channelType'], rows);
  });
  return getRules(db, customerId, crmCode);
}

/** 404 '接收组不存在' unless every id is one of the customer's accept groups. */
async function checkAcceptGroups(db: Db, customerId: number, ids: readonly number[]): Promise<void> {
  const owned = await repo.ownAcceptGroupIds(db, customerId, ids);
  if (ids.some((id) => !owned.has(id))) throw notFound(CrmMessage.AcceptGroupNotFound);
}

export const acceptGroups = (db: Db, customerId: number) => repo.listAcceptGroups(db, customerId);

/** Replaces the customer's accept groups with the list: ids must be the customer's (404), groups left out are deleted. */
export async function saveAcceptGroups(db: Kysely<Database>, customerId: number, groups: z.output<typeof acceptGroupSaveSchema>) {
  const ids = groups.flatMap((group) => (group.id === undefined ? [] : [group.id]));
  if (new Set(ids).size !== ids.length) throw badRequest(CrmMessage.FieldInvalid);
  await db.transaction().execute(async (tx) => {
    await repo.lockAcceptGroups(tx, customerId);
    await checkAcceptGroups(tx, customerId, ids);
    await repo.replaceAcceptGroups(tx, customerId, groups);
  });
  return repo.listAcceptGroups(db, customerId);
}
