import { randomBytes } from 'node:crypto';
import type { CrmCode } from '@portal/contracts';
import {
  ARRANGEMENT_DEFAULTS,
  type DailyArrangement,
  type ImportResult,
  type importRepeatSchema,
  importFieldsSchema,
  type SaveDay,
  SCHEDULE_LIMITS,
  ScheduleMessage,
  type ScheduleStaff,
  type scheduleItemSchema,
} from '@portal/contracts/schedule';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database, Db } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../http/errors';
import { addDays, chinaToday, nowIso, toChinaDateTime } from '../../lib/time';
import type { ServerEvents } from '../../realtime/events';
import { drainQueue } from '../distribution/service';
import * as repo from './repo';
import { listNames, readImportSheet, rowMessage, type SheetRow } from './sheet';
import type { SheetParser } from './sheet-pool';

/**
 * Call-centre scheduling (spec 001 sections 2-5 and 7): which staff take a project's leads on a
 * day, in which order, how many per round, up to which cap, in which hours. A day is scheduled for
 * a project (and CRM) while it has rows. Every function works on the given customer's projects,
 * staff and groups only: another customer's ids answer 404 like missing ones, and nothing changes.
 * A write that changes today's rows lets the distribution engine hand out the leads waiting for
 * the project (after the commit).
 */

export interface ScheduleDeps {
  db: Kysely<Database>;
  events: ServerEvents;
  log: FastifyBaseLogger;
}

type ScheduleItem = z.infer<typeof scheduleItemSchema>;
type ImportRepeat = z.infer<typeof importRepeatSchema>;

/** Days a call may name, either side of today (ours): nobody writes far-future or long-past junk. */
export const DATE_SPAN_DAYS = 366;
/** The staff tree's rows at most. */
export const STAFF_LIST_MAX = 2000;
/** The longest staff name (crm_users.user_name). */
const STAFF_NAME_MAX = 50;
/** How long an import waits for its repeated names to be resolved. */
export const PENDING_IMPORT_MS = 60 * 60 * 1000;

/** The first and last day a call may name. */
export const dateBounds = (today: string = chinaToday()) => ({ from: addDays(today, -DATE_SPAN_DAYS), to: addDays(today, DATE_SPAN_DAYS) });

function checkDates(dates: readonly string[]): void {
  const { from, to } = dateBounds();
  if (dates.some((date) => date < from || date > to)) throw badRequest(ScheduleMessage.DateInvalid);
}

function checkMonth(month: string): void {
  const { from, to } = dateBounds();
  if (month < from.slice(0, 7) || month > to.slice(0, 7)) throw badRequest(ScheduleMessage.MonthInvalid);
}

async function requireItem(db: Db, customerId: number, itemId: number): Promise<{ id: number; title: string }> {
  const item = await repo.findItem(db, customerId, itemId);
  if (!item) throw notFound(ScheduleMessage.ItemNotFound);
  return item;
}

/** 400 '当前没有项目，不能排班' for a customer without any project (checked first by every write that adds rows). */
async function requireProjects(db: Db, customerId: number): Promise<void> {
  if (!(await repo.hasItems(db, customerId))) throw badRequest(ScheduleMessage.NoProjects);
}

/** 404 unless every id is schedulable staff of the customer for the CRM (synced from it or entered here). */
async function requireStaff(db: Db, customerId: number, crmCode: CrmCode, ids: readonly number[]): Promise<void> {
  const found = await repo.staffByIds(db, customerId, crmCode, ids);
  if (found.length !== new Set(ids).size) throw notFound(ScheduleMessage.StaffNotFound);
}

/** 404 unless every (non-null) id is one of the customer's accept groups. */
async function requireGroups(db: Db, customerId: number, ids: ReadonlyArray<number | null>): Promise<void> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  const own = await repo.ownGroupIds(db, customerId, wanted);
  if (wanted.some((id) => !own.has(id))) throw notFound(ScheduleMessage.AcceptGroupNotFound);
}

async function stampOf(db: Db, customerId: number): Promise<{ createTime: string; creater: string }> {
  return { createTime: toChinaDateTime(nowIso()), creater: (await repo.loginAccountOf(db, customerId)).slice(0, 50) };
}

/** After a committed write of `dates`: when today is one of them, the project's waiting leads may now find someone. */
async function distributeWaiting(deps: ScheduleDeps, customerId: number, itemId: number, dates: readonly string[]): Promise<void> {
  if (!dates.includes(chinaToday())) return;
  try {
    await drainQueue(deps.db, deps.events, customerId, [itemId]);
  } catch (error) {
    // The schedule is saved; the queue's own timer retries the waiting leads.
    deps.log.error({ err: error }, 'distributing the waiting leads after a schedule write failed');
  }
}

// ---------------------------------------------------------------------------------------------
// Reading

/** itemList: every project of the customer, by id, with the days scheduled from today on (this CRM). */
export async function listItems(db: Db, customerId: number, crmCode: CrmCode): Promise<ScheduleItem[]> {
  const [items, days] = await Promise.all([repo.listItems(db, customerId), repo.scheduledDayCounts(db, customerId, crmCode, chinaToday())]);
  return items.map((item) => ({ itemId: item.id, itemTitle: item.title, status: item.status, scheduledDays: days.get(item.id) ?? 0 }));
}

/** getDateExists: the month's scheduled days ('YYYY-MM-DD') of the project. */
export async function scheduledDays(db: Db, customerId: number, crmCode: CrmCode, itemId: number, month: string): Promise<string[]> {
  checkMonth(month);
  await requireItem(db, customerId, itemId);
  return repo.scheduledDates(db, customerId, crmCode, itemId, `${month}-01`, `${month}-31`);
}

/** Each person's leads of the day as the engine counted them (distribution_days.state `counts`); anything unreadable counts 0. */
function distributedCounts(state: string | undefined): (userId: number) => number {
  let counts: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(state ?? '{}') as { counts?: unknown } | null;
    if (parsed && typeof parsed.counts === 'object' && parsed.counts !== null) counts = parsed.counts as Record<string, unknown>;
  } catch {
    // A state the engine has not written yet, or not as JSON: nobody has had a lead.
  }
  return (userId) => {
    const count = counts[String(userId)];
    return typeof count === 'number' && Number.isFinite(count) ? count : 0;
  };
}

async function dayAnswer(db: Db, key: repo.DayKey, itemTitle: string): Promise<DailyArrangement[]> {
  const [rows, state] = await Promise.all([repo.dayRows(db, key), repo.distributionState(db, key)]);
  const distributed = distributedCounts(state);
  return rows.map((row) => ({
    id: row.id,
    createTime: row.createTime,
    creater: row.creater,
    crmCode: row.crmCode,
    dataNum: row.dataNum,
    dataNumLimit: row.dataNumLimit,
    date: row.date,
    deptId: '',
    deptName: row.deptName,
    itemsId: row.itemId,
    itemsTitle: itemTitle,
    phone: row.phone,
    sort: row.sort,
    userId: row.userId,
    userName: row.userName,
    wyCustomerId: key.customerId,
    timeStr: row.timeStr,
    status: row.status,
    acceptGroupId: row.acceptGroupId,
    distributedNum: distributed(row.userId),
  }));
}

/** GET {date}/{itemId}: the day's rows in drag order; an unscheduled day has none. */
export async function getDay(db: Db, customerId: number, crmCode: CrmCode, date: string, itemId: number): Promise<DailyArrangement[]> {
  checkDates([date]);
  const item = await requireItem(db, customerId, itemId);
  return dayAnswer(db, { customerId, crmCode, itemId, date }, item.title);
}

/** crmuser/list/{itemId}/{date}: the staff that may be scheduled (this CRM's and those entered here), marking who is on the day. */
export async function listStaff(db: Db, customerId: number, crmCode: CrmCode, itemId: number, date: string): Promise<ScheduleStaff[]> {
  checkDates([date]);
  await requireItem(db, customerId, itemId);
  const [staff, rows] = await Promise.all([
    repo.listStaff(db, customerId, crmCode, STAFF_LIST_MAX),
    repo.storedDayRows(db, { customerId, crmCode, itemId, date }),
  ]);
  const onDay = new Set(rows.map((row) => row.userId));
  return staff.map((member) => ({
    id: member.id,
    crmUserId: member.crmUserId ?? '',
    userName: member.userName,
    phone: member.phone,
    deptName: member.deptName,
    scheduled: onDay.has(member.id),
  }));
}

// ---------------------------------------------------------------------------------------------
// Writing

/** DELETE {date}/{itemId}: the day is no longer scheduled; 400 '暂无数据可删' when it was not. Answers how many rows went. */
export async function deleteDay(deps: ScheduleDeps, customerId: number, crmCode: CrmCode, date: string, itemId: number): Promise<{ count: number }> {
  checkDates([date]);
  await requireItem(deps.db, customerId, itemId);
  const count = await deps.db.transaction().execute(async (tx) => {
    await repo.lockItem(tx, customerId, itemId);
    const deleted = await repo.deleteDay(tx, { customerId, crmCode, itemId, date });
    if (deleted === 0) throw badRequest(ScheduleMessage.NothingToDelete);
    return deleted;
  });
  await distributeWaiting(deps, customerId, itemId, [date]);
  return { count };
}

/**
 * copyList: the source day's rows (persons, groups, quantities, times, order) become each target
 * day's rows, replacing theirs, in one transaction. 400 '请在上面选择已排班的日期' when the source
 * day has none. Answers the rows written.
 */
export async function copyDay(
  deps: ScheduleDeps,
  customerId: number,
  body: { crmCode: CrmCode; itemId: number; date: string; dates: string[] },
): Promise<{ count: number }> {
  const targets = [...new Set(body.dates)];
  checkDates([body.date, ...targets]);
  await requireItem(deps.db, customerId, body.itemId);
  const stamp = await stampOf(deps.db, customerId);
  const count = await deps.db.transaction().execute(async (tx) => {
    await repo.lockItem(tx, customerId, body.itemId);
    const source = await repo.storedDayRows(tx, { customerId, crmCode: body.crmCode, itemId: body.itemId, date: body.date });
    if (source.length === 0) throw badRequest(ScheduleMessage.PickScheduledDay);
    for (const date of targets) await repo.replaceDay(tx, { customerId, crmCode: body.crmCode, itemId: body.itemId, date }, source, stamp);
    return source.length * targets.length;
  });
  await distributeWaiting(deps, customerId, body.itemId, targets);
  return { count };
}

/**
 * insertCrmUser: adds staff to the day after its rows, each with the defaults (one per round, no
 * cap, all day). Staff already on the day are left as they are; 400 '没有可添加人员' when nobody
 * is left to add. Answers how many rows the day now has.
 */
export async function insertStaff(
  deps: ScheduleDeps,
  customerId: number,
  body: { crmCode: CrmCode; itemId: number; date: string; userIds: number[] },
): Promise<{ count: number }> {
  checkDates([body.date]);
  await requireProjects(deps.db, customerId);
  await requireItem(deps.db, customerId, body.itemId);
  await requireStaff(deps.db, customerId, body.crmCode, body.userIds);
  const key: repo.DayKey = { customerId, crmCode: body.crmCode, itemId: body.itemId, date: body.date };
  const stamp = await stampOf(deps.db, customerId);
  const count = await deps.db.transaction().execute(async (tx) => {
    await repo.lockItem(tx, customerId, body.itemId);
    const existing = await repo.storedDayRows(tx, key);
    const onDay = new Set(existing.map((row) => row.userId));
    const adding = [...new Set(body.userIds)].filter((userId) => !onDay.has(userId));
    if (adding.length === 0) throw badRequest(ScheduleMessage.NoStaffToAdd);
    if (existing.length + adding.length > SCHEDULE_LIMITS.rowsPerDay) throw badRequest(ScheduleMessage.TooManyRows);
    const next = existing.reduce((max, row) => Math.max(max, row.sort + 1), 0);
    await repo.insertRows(
      tx,
      key,
      adding.map((userId, index) => ({ userId, acceptGroupId: null, ...ARRANGEMENT_DEFAULTS, sort: next + index })),
      stamp,
    );
    return existing.length + adding.length;
  });
  await distributeWaiting(deps, customerId, body.itemId, [body.date]);
  return { count };
}

/**
 * POST /es/dailyarrange: the day's whole list in drag order replaces its rows (a person who stays
 * keeps their row); an empty list unschedules the day. Answers the saved rows.
 */
export async function saveDay(deps: ScheduleDeps, customerId: number, body: SaveDay): Promise<DailyArrangement[]> {
  checkDates([body.date]);
  await requireProjects(deps.db, customerId);
  const item = await requireItem(deps.db, customerId, body.itemId);
  await requireStaff(
    deps.db,
    customerId,
    body.crmCode,
    body.list.map((row) => row.userId),
  );
  await requireGroups(
    deps.db,
    customerId,
    body.list.map((row) => row.acceptGroupId),
  );
  const key: repo.DayKey = { customerId, crmCode: body.crmCode, itemId: body.itemId, date: body.date };
  const stamp = await stampOf(deps.db, customerId);
  await deps.db.transaction().execute(async (tx) => {
    await repo.lockItem(tx, customerId, body.itemId);
    await repo.replaceDay(tx, key, body.list, stamp);
  });
  await distributeWaiting(deps, customerId, body.itemId, [body.date]);
  return dayAnswer(deps.db, key, item.title);
}

// ---------------------------------------------------------------------------------------------
// Import

/** A sheet row with its person (null until a repeated name is resolved) and its group. */
interface ImportRow {
  row: number;
  userName: string;
  userId: number | null;
  acceptGroupId: number | null;
  dataNum: number | null;
  dataNumLimit: number | null;
  timeStr: string;
}

/** What a pending import keeps (schedule_imports.payload). */
interface PendingPayload {
  rows: ImportRow[];
  repeats: ImportRepeat[];
}

/** The multipart request of an import: its text fields and its file. */
export interface ImportUpload {
  fields: Record<string, string>;
  file: { fileName: string; bytes: Buffer } | null;
}

/** 400 with the first problem of the import's text fields; crmCode defaults to 'ec' (spec "Shift import form"). */
function importFields(fields: Record<string, string>) {
  const parsed = importFieldsSchema.safeParse({ crmCode: 'ec', ...fields });
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? ScheduleMessage.SelectProjectFirst);
  return parsed.data;
}

/** Each name's group id (400 '找不到接收组：X' for names the customer has no group of). */
async function resolveGroups(db: Db, customerId: number, rows: readonly SheetRow[]): Promise<Map<string, number>> {
  const groups = new Map<string, number>();
  for (const group of await repo.listGroups(db, customerId)) if (!groups.has(group.name)) groups.set(group.name, group.id);
  const unknown = [...new Set(rows.map((row) => row.acceptGroup).filter((name) => name !== '' && !groups.has(name)))];
  if (unknown.length) throw badRequest(`${ScheduleMessage.ImportUnknownGroup}${listNames(unknown)}`);
  return groups;
}

/**
 * Each row's person: the schedulable staff carrying its name, narrowed by its phone when that
 * matches any of them. One left: that person. Several: a repeated name, for the customer to
 * resolve. None: 400 '找不到员工：X' (every such name).
 */
async function resolveStaff(db: Db, customerId: number, crmCode: CrmCode, rows: readonly SheetRow[], groups: ReadonlyMap<string, number>) {
  const byName = new Map<string, Array<{ id: number; userName: string; phone: string; deptName: string }>>();
  // A name longer than the staff's column matches nobody: not worth a query parameter.
  const names = rows.map((row) => row.userName).filter((name) => name.length <= STAFF_NAME_MAX);
  for (const member of await repo.staffByNames(db, customerId, crmCode, names)) {
    const list = byName.get(member.userName) ?? [];
    list.push({ id: member.id, userName: member.userName, phone: member.phone, deptName: member.deptName });
    byName.set(member.userName, list);
  }
  const unknown = [...new Set(rows.filter((row) => !byName.has(row.userName)).map((row) => row.userName))];
  if (unknown.length) throw badRequest(`${ScheduleMessage.ImportUnknownStaff}${listNames(unknown)}`);

  const repeats = new Map<string, ImportRepeat>();
  const resolved: ImportRow[] = rows.map((row) => {
    const named = byName.get(row.userName) ?? [];
    const byPhone = row.phone === '' ? [] : named.filter((member) => member.phone === row.phone);
    const candidates = byPhone.length ? byPhone : named;
    const userId = candidates.length === 1 ? candidates[0].id : null;
    if (userId === null) {
      const repeat = repeats.get(row.userName);
      // One choice per name: the same unresolved name twice would put one person on the day twice.
      if (repeat) throw badRequest(rowMessage(row.row, ScheduleMessage.StaffRepeated));
      repeats.set(row.userName, { userName: row.userName, rows: [row.row], candidates });
    }
    return {
      row: row.row,
      userName: row.userName,
      userId,
      acceptGroupId: row.acceptGroup === '' ? null : (groups.get(row.acceptGroup) ?? null),
      dataNum: row.dataNum,
      dataNumLimit: row.dataNumLimit,
      timeStr: row.timeStr,
    };
  });
  return { rows: resolved, repeats: [...repeats.values()] };
}

/** 400 '第N行：同一人员在一天中只能排班一次' at the first row naming a person a row above already names. */
function checkNoRepeatedPerson(rows: ReadonlyArray<{ row: number; userId: number | null }>): void {
  const seen = new Set<number>();
  for (const row of rows) {
    if (row.userId === null) continue;
    if (seen.has(row.userId)) throw badRequest(rowMessage(row.row, ScheduleMessage.StaffRepeated));
    seen.add(row.userId);
  }
}

/**
 * The import's rows replace the day's (in the sheet's order), in one transaction: their staff and
 * groups are checked again there (a pending import may be an hour old). `pendingId`: the pending
 * import is deleted in the same transaction (404 when another submit took it first).
 */
async function applyImport(deps: ScheduleDeps, key: repo.DayKey, rows: readonly ImportRow[], pendingId?: string): Promise<ImportResult> {
  const values = rows.map((row) => ({
    userId: row.userId as number,
    acceptGroupId: row.acceptGroupId,
    dataNum: row.dataNum,
    dataNumLimit: row.dataNumLimit,
    timeStr: row.timeStr,
  }));
  const stamp = await stampOf(deps.db, key.customerId);
  await deps.db.transaction().execute(async (tx) => {
    await repo.lockItem(tx, key.customerId, key.itemId);
    if (pendingId !== undefined && !(await repo.deletePendingImport(tx, key.customerId, pendingId))) throw notFound(ScheduleMessage.ImportExpired);
    await requireStaff(
      tx,
      key.customerId,
      key.crmCode,
      values.map((row) => row.userId),
    );
    await requireGroups(
      tx,
      key.customerId,
      values.map((row) => row.acceptGroupId),
    );
    await repo.replaceDay(tx, key, values, stamp);
  });
  await distributeWaiting(deps, key.customerId, key.itemId, [key.date]);
  return { status: 'done', count: values.length };
}

/**
 * POST files: the sheet's rows overwrite the project's day (spec section 5). Without repeated
 * names it is applied at once ('done'); with some, it waits (an hour) for submitRepeat and the
 * answer lists each repeated name with its candidates ('repeat'). Any problem: 400 with its
 * reason, nothing changed.
 */
export async function importDay(deps: ScheduleDeps, customerId: number, upload: ImportUpload, parser: SheetParser): Promise<ImportResult> {
  const fields = importFields(upload.fields);
  checkDates([fields.date]);
  await requireProjects(deps.db, customerId);
  await requireItem(deps.db, customerId, fields.itemId);
  if (!upload.file) throw badRequest(ScheduleMessage.ImportFileRequired);
  const sheetRows = await readImportSheet(parser, upload.file.fileName, upload.file.bytes);

  const key: repo.DayKey = { customerId, crmCode: fields.crmCode, itemId: fields.itemId, date: fields.date };
  const groups = await resolveGroups(deps.db, customerId, sheetRows);
  const { rows, repeats } = await resolveStaff(deps.db, customerId, fields.crmCode, sheetRows, groups);
  checkNoRepeatedPerson(rows);
  if (repeats.length === 0) return applyImport(deps, key, rows);

  const importId = randomBytes(16).toString('hex');
  const now = Date.now();
  const payload: PendingPayload = { rows, repeats };
  await deps.db
    .transaction()
    .execute((tx) => repo.savePendingImport(tx, { id: importId, ...key, payload: JSON.stringify(payload), createdAt: now }, now - PENDING_IMPORT_MS));
  return { status: 'repeat', importId, repeats };
}

/**
 * submitRepeat: each repeated name of the customer's pending import takes the chosen candidate,
 * or the first one when none is chosen (spec section 4), and the import is applied. 404
 * '导入已过期，请重新导入' for an import that is not the customer's, applied or older than an hour;
 * 400 for a choice that is not one of the name's candidates.
 */
export async function submitRepeat(
  deps: ScheduleDeps,
  customerId: number,
  body: { importId: string; choices: Array<{ userName: string; userId: number | null }> },
): Promise<ImportResult> {
  const pending = await repo.findPendingImport(deps.db, customerId, body.importId);
  if (!pending || pending.createdAt < Date.now() - PENDING_IMPORT_MS) throw notFound(ScheduleMessage.ImportExpired);
  let payload: PendingPayload;
  try {
    payload = JSON.parse(pending.payload) as PendingPayload;
  } catch {
    throw notFound(ScheduleMessage.ImportExpired);
  }

  const chosen = new Map<string, number>();
  const answered = new Set<string>();
  for (const choice of body.choices) {
    const repeat = payload.repeats.find((candidate) => candidate.userName === choice.userName);
    if (!repeat || answered.has(choice.userName)) throw badRequest(ScheduleMessage.RepeatChoiceInvalid);
    answered.add(choice.userName);
    if (choice.userId !== null && !repeat.candidates.some((candidate) => candidate.id === choice.userId)) {
      throw badRequest(ScheduleMessage.RepeatChoiceInvalid);
    }
    if (choice.userId !== null) chosen.set(choice.userName, choice.userId);
  }
  const firstOf = new Map(payload.repeats.map((repeat) => [repeat.userName, repeat.candidates[0]?.id]));
  const rows = payload.rows.map((row) => ({
    ...row,
    userId: row.userId ?? chosen.get(row.userName) ?? firstOf.get(row.userName) ?? null,
  }));
  if (rows.some((row) => row.userId === null)) throw notFound(ScheduleMessage.ImportExpired);
  checkNoRepeatedPerson(rows);
  const key: repo.DayKey = { customerId, crmCode: pending.crmCode, itemId: pending.itemId, date: pending.date };
  return applyImport(deps, key, rows, pending.id);
}

/** Thrown by the upload reader for a file over SCHEDULE_LIMITS.importBytes. */
export const importTooLarge = (): AppError => new AppError(413, '413', ScheduleMessage.ImportTooLarge);
