/**
 * The engine's memory of one project's day (one `distribution_days` row, per CRM), stored as JSON:
 * whose turn it is in each receiving group, and how many leads each person was given that day
 * (what the daily cap counts). A missing or unreadable state is a fresh day.
 */

/** Whose turn it is in a group: the person, how many they took this round, which round (1-based). */
export interface Cursor {
  userId: number;
  taken: number;
  round: number;
}

export interface DayState {
  /** By group key: the accept group's id, or 0 for the whole day's list (rule type 0). */
  turns: Record<string, Cursor>;
  /** By the staff member's id (crm_users.id): leads given that day. */
  counts: Record<string, number>;
  /**
   * Whether leads of the project (this CRM) may be waiting in the queue: unknown (absent) until
   * first looked up that day, true once one is queued, false when a look-up found none. Only
   * queueing adds to the queue, under this row's lock, so false is certain; true may be stale
   * (leads left the queue since) until the next look-up. Saves ingestion the look-up.
   */
  waiting?: boolean;
}

/** The list a lead is distributed over: an accept group's rows (rule types 1 and 2), or every row of the day (0). */
export const groupKeyOf = (acceptGroupId: number | null): number => acceptGroupId ?? 0;

export const freshState = (): DayState => ({ turns: {}, counts: {} });

const isCursor = (value: unknown): value is Cursor =>
  typeof value === 'object' &&
  value !== null &&
  Number.isInteger((value as Cursor).userId) &&
  Number.isInteger((value as Cursor).taken) &&
  Number.isInteger((value as Cursor).round);

export function parseState(text: string | null | undefined): DayState {
  let value: unknown;
  try {
    value = JSON.parse(text || '{}');
  } catch {
    return freshState();
  }
  const state = freshState();
  if (typeof value !== 'object' || value === null) return state;
  const { turns, counts } = value as Partial<Record<keyof DayState, unknown>>;
  if (typeof turns === 'object' && turns !== null) {
    for (const [key, cursor] of Object.entries(turns)) if (isCursor(cursor)) state.turns[key] = cursor;
  }
  if (typeof counts === 'object' && counts !== null) {
    for (const [key, count] of Object.entries(counts)) if (Number.isInteger(count)) state.counts[key] = count as number;
  }
  const { waiting } = value as { waiting?: unknown };
  if (typeof waiting === 'boolean') state.waiting = waiting;
  return state;
}

export const stringifyState = (state: DayState): string => JSON.stringify(state);
