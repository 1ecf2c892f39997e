import type { CrmCode } from '@portal/contracts';
import {
  type DailyArrangement,
  formatMinutes,
  parseTimeStr,
  quantityProblem,
  SCHEDULE_LIMITS,
  type SaveDay,
  ScheduleMessage,
} from '@portal/contracts/schedule';
import { PersonText } from './texts';

/**
 * The person table's model: a day's rows as the page edits them (a draft over the server's rows,
 * kept until 保存), the time slots of a row, their checks, the order, and the body of the save.
 * Rows are keyed by the staff member (`userId`: one row per person and day).
 */

/** One time slot being edited: 'HH:mm' ends, null until chosen. */
export interface TimeSlot {
  start: string | null;
  end: string | null;
}

/** A row of the table: the staff member (from the server) and what the page edits. */
export interface PersonRow {
  userId: number;
  userName: string;
  phone: string;
  deptName: string;
  /** Edited: null 不限. */
  acceptGroupId: number | null;
  /** Edited: quantity per round; null or 0 takes no leads in rounds. */
  dataNum: number | null;
  /** Edited: daily cap; null unlimited, 0 none. */
  dataNumLimit: number | null;
  /** Edited: none is all day. */
  slots: TimeSlot[];
  /** Leads given to this person that day (the server's). */
  distributedNum: number;
}

type EditedField = 'acceptGroupId' | 'dataNum' | 'dataNumLimit' | 'slots';
const EDITED: readonly EditedField[] = ['acceptGroupId', 'dataNum', 'dataNumLimit', 'slots'];

/** A timeStr ('09:00-12:00 14:00-18:00', '' all day) as slots, read by the contracts' grammar. */
export function slotsOf(timeStr: string): TimeSlot[] {
  const parsed = parseTimeStr(timeStr);
  return parsed.ok ? parsed.ranges.map((range) => ({ start: formatMinutes(range.start), end: formatMinutes(range.end) })) : [];
}

/** Slots back to a timeStr (complete slots only: the checks refuse a save with incomplete ones). */
export const timeStrOf = (slots: readonly TimeSlot[]): string =>
  slots
    .filter((slot) => slot.start !== null && slot.end !== null)
    .map((slot) => `${slot.start}-${slot.end}`)
    .join(' ');

/** The server's rows as the table's, in the server's (drag) order. */
export const rowsFromAnswer = (list: readonly DailyArrangement[]): PersonRow[] =>
  list.map((row) => ({
    userId: row.userId,
    userName: row.userName,
    phone: row.phone,
    deptName: row.deptName,
    acceptGroupId: row.acceptGroupId,
    dataNum: row.dataNum,
    dataNumLimit: row.dataNumLimit,
    slots: slotsOf(row.timeStr),
    distributedNum: row.distributedNum,
  }));

const sameValue = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);
const byUser = (rows: readonly PersonRow[]) => new Map(rows.map((row) => [row.userId, row] as const));
const ids = (rows: readonly PersonRow[]) => rows.map((row) => row.userId);
const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id, index) => id === b[index]);

/** Whether two lists show the same people in the same order with the same edited values. */
export const sameRows = (a: readonly PersonRow[], b: readonly PersonRow[]): boolean =>
  sameIds(ids(a), ids(b)) && a.every((row, index) => EDITED.every((field) => sameValue(row[field], b[index][field])));

/**
 * The rows to show when the server's rows changed under a draft (staff added, an import, a save
 * read back, a group deleted): the draft made over `base`, replayed over `server`. A value the
 * draft changed wins; one it left alone takes the server's. People the draft removed stay
 * removed, people the server no longer has go, people the server added come last. The draft's
 * order is kept when it moved someone, else the server's.
 */
export function replayDraft(base: readonly PersonRow[], draft: readonly PersonRow[], server: readonly PersonRow[]): PersonRow[] {
  const baseRows = byUser(base);
  const draftRows = byUser(draft);
  const serverRows = byUser(server);
  const merged = (row: PersonRow): PersonRow => {
    const before = baseRows.get(row.userId);
    const edited = draftRows.get(row.userId);
    const fresh = serverRows.get(row.userId) as PersonRow;
    if (!before || !edited) return fresh;
    const next: PersonRow = { ...fresh };
    for (const field of EDITED) {
      if (!sameValue(edited[field], before[field])) (next as unknown as Record<EditedField, unknown>)[field] = edited[field];
    }
    return next;
  };
  const kept = (row: PersonRow) => serverRows.has(row.userId) && (!baseRows.has(row.userId) || draftRows.has(row.userId));
  const moved = !sameIds(
    ids(base).filter((id) => draftRows.has(id)),
    ids(draft),
  );
  if (!moved) return server.filter(kept).map(merged);
  const added = server.filter((row) => !baseRows.has(row.userId));
  return [...draft.filter(kept), ...added].map(merged);
}

/** The list with the row at `from` put at `to` (drag and drop, 上移, 下移). */
export function moveRow<T>(rows: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= rows.length || to >= rows.length) return [...rows];
  const next = [...rows];
  const [row] = next.splice(from, 1);
  next.splice(to, 0, row);
  return next;
}

/** What is wrong with a row's time slots: per slot, and for the slots as a whole (overlaps). */
export interface SlotCheck {
  slots: Array<string | undefined>;
  whole?: string;
}

/**
 * Checks slots as the server will (parseTimeStr): an end not after its start says
 * '结束时间不能小于开始时间' at once; a slot missing an end says so only when `complete` is asked
 * (after 保存, not while it is being filled in); overlapping slots are refused as a whole.
 */
export function checkSlots(slots: readonly TimeSlot[], complete: boolean): SlotCheck {
  const messages = slots.map((slot) => {
    if (slot.start === null || slot.end === null) return complete ? PersonText.SlotIncomplete : undefined;
    const parsed = parseTimeStr(`${slot.start}-${slot.end}`);
    return parsed.ok ? undefined : parsed.message;
  });
  if (messages.some(Boolean) || slots.some((slot) => slot.start === null || slot.end === null)) return { slots: messages };
  if (slots.length > SCHEDULE_LIMITS.rangesPerRow) return { slots: messages, whole: ScheduleMessage.TooManyRanges };
  const parsed = parseTimeStr(timeStrOf(slots));
  return { slots: messages, whole: parsed.ok ? undefined : parsed.message };
}

/** The first problem of a slot check, or null. */
export const slotProblem = (check: SlotCheck): string | null => check.slots.find(Boolean) ?? check.whole ?? null;

/**
 * The first problem of the rows (a save is refused while there is one), or null: a quantity the
 * server would refuse (-3, 1.5, 1000: said, never coerced), then the time slots.
 */
export function firstProblem(rows: readonly PersonRow[]): string | null {
  for (const row of rows) {
    const problem =
      quantityProblem('dataNum', row.dataNum) ?? quantityProblem('dataNumLimit', row.dataNumLimit) ?? slotProblem(checkSlots(row.slots, true));
    if (problem) return problem;
  }
  return null;
}

/** POST /es/dailyarrange: the day's whole list in the table's order. */
export const saveBodyOf = (day: { crmCode: CrmCode; itemId: number; date: string }, rows: readonly PersonRow[]): SaveDay => ({
  ...day,
  list: rows.map((row) => ({
    userId: row.userId,
    acceptGroupId: row.acceptGroupId,
    dataNum: row.dataNum,
    dataNumLimit: row.dataNumLimit,
    timeStr: timeStrOf(row.slots),
  })),
});

const minutes = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const hhmm = (value: number): string => `${String(Math.floor(value / 60)).padStart(2, '0')}:${String(value % 60).padStart(2, '0')}`;
const STEP = 30;

/**
 * The times offered: every half hour, starts 00:00 to 23:30, ends 00:30 to 24:00 (a shift over
 * midnight ends at 24:00 and goes on the next day from 00:00); a time read from the server off
 * that grid (an import's 09:15) is offered too, in its place.
 */
export function timeOptions(kind: 'start' | 'end', current: string | null): string[] {
  const times = Array.from({ length: 48 }, (_, index) => hhmm((index + (kind === 'end' ? 1 : 0)) * STEP));
  if (current !== null && !times.includes(current)) {
    times.push(current);
    times.sort((a, b) => minutes(a) - minutes(b));
  }
  return times;
}
