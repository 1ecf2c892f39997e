import { onShift, type SkipReason, type TimeRange } from '@portal/contracts/schedule';
import type { Cursor } from './state';

/**
 * The round robin of one receiving group, pure (ARCHITECTURE.md section 5, issue 12):
 *
 * - The candidates are the group's rows of the day in drag order. The cursor says whose turn it is,
 *   how many they took this round, and the round (1 = the day's first pass over the list).
 * - A person qualifies when their quantity per round is at least 1 (0 or empty: 'noQuota'), they
 *   are on shift at this minute ('offShift'), and their daily cap is not reached (empty: no cap; 0:
 *   none at all; 'dailyCap').
 * - The lead goes to the person at the cursor when they qualify; having taken their quantity,
 *   the turn passes to the next row. A person who does not qualify is passed over (named, with the
 *   reason) and loses this round's turn; passing the end of the list starts the next round.
 * - One full pass at most: when nobody qualifies, nobody gets the lead and the cursor stays.
 *
 * A cursor naming someone no longer on the list starts again at the top (same round); one who
 * took their quantity already (lowered since) gives the turn on.
 */

export interface Candidate {
  userId: number;
  userName: string;
  /** Quantity per round; null: empty. */
  dataNum: number | null;
  /** Daily cap; null: none. */
  dataNumLimit: number | null;
  /** On shift in these (none: all day); null: an unreadable time, never on shift. */
  ranges: readonly TimeRange[] | null;
}

export interface Skip {
  userId: number;
  userName: string;
  reason: SkipReason;
}

export interface Turn {
  candidates: readonly Candidate[];
  cursor: Cursor | undefined;
  /** Leads each person was given today, by userId. */
  counts: Readonly<Record<string, number>>;
  /** Minute of the China day, 0..1439. */
  minute: number;
}

export type Decision =
  { given: { userId: number; userName: string; round: number }; skipped: Skip[]; cursor: Cursor } | { given: null; skipped: Skip[] };

/** Why `person` cannot take a lead now, or null when they can. */
export function disqualification(person: Candidate, count: number, minute: number): SkipReason | null {
  if (!person.dataNum || person.dataNum < 1) return 'noQuota';
  if (!person.ranges || !onShift(person.ranges, minute)) return 'offShift';
  if (person.dataNumLimit !== null && count >= person.dataNumLimit) return 'dailyCap';
  return null;
}

export function decide({ candidates, cursor, counts, minute }: Turn): Decision {
  const size = candidates.length;
  const skipped: Skip[] = [];
  let index = cursor ? candidates.findIndex((person) => person.userId === cursor.userId) : -1;
  let taken = index >= 0 ? cursor!.taken : 0;
  let round = cursor?.round ?? 1;
  if (index < 0) index = 0;
  const next = () => {
    taken = 0;
    index += 1;
    if (index === size) {
      index = 0;
      round += 1;
    }
  };
  if (size > 0 && taken >= (candidates[index].dataNum ?? 0) && taken > 0) next();

  for (let step = 0; step < size; step += 1) {
    const person = candidates[index];
    const reason = disqualification(person, counts[person.userId] ?? 0, minute);
    if (reason === null) {
      const given = { userId: person.userId, userName: person.userName, round };
      taken += 1;
      if (taken >= person.dataNum!) next();
      return { given, skipped, cursor: { userId: candidates[index].userId, taken, round } };
    }
    skipped.push({ userId: person.userId, userName: person.userName, reason });
    next();
  }
  return { given: null, skipped };
}
