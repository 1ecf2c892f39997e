import {
  DEFAULT_LEAD_RULES,
  DUPLICATE_WINDOW_OFF,
  duplicateReason,
  duplicateSourceLabel,
  otherKeyOf,
  phoneKeyOf,
  type DuplicateAction,
  type DuplicateScope,
  type LeadRules,
  type LeadRulesSave,
  PhoneCheckText,
} from '@portal/contracts/leads';
import { daysInRange } from '@portal/contracts';
import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';
import { isPostgres } from '../../db/dialect';
import { badRequest } from '../../http/errors';
import { chinaToday, toChinaDateTime } from '../../lib/time';

/**
 * The customer's lead rules: the duplicate rule (the defaults, 30 days, all projects, hold back,
 * without a row) and the phone hold-back; `phoneChecker` says whether this server has a checker.
 */
export async function leadRules(db: Db, customerId: number, phoneChecker = false): Promise<LeadRules> {
  const row = await db
    .selectFrom('customerSettings')
    .select(['duplicateWindowDays', 'duplicateScope', 'duplicateAction', 'phoneHoldBack'])
    .where('customerId', '=', customerId)
    .executeTakeFirst();
  if (!row) return { ...DEFAULT_LEAD_RULES, phoneChecker };
  return {
    duplicateWindowDays: row.duplicateWindowDays,
    duplicateScope: row.duplicateScope as DuplicateScope,
    duplicateAction: row.duplicateAction as DuplicateAction,
    phoneHoldBack: row.phoneHoldBack === 1,
    phoneChecker,
  };
}

/**
 * Saves the rules (the body schema bounds them); leads arriving from then on follow them. The
 * phone hold-back can be turned on only where a checker is configured (else 400
 * '未配置号码检测服务'); absent, it is kept.
 */
export async function saveLeadRules(db: Db, customerId: number, rules: LeadRulesSave, phoneChecker = false): Promise<LeadRules> {
  if (rules.phoneHoldBack === true && !phoneChecker) throw badRequest(PhoneCheckText.NoChecker);
  const { phoneHoldBack, ...duplicate } = rules;
  const values = { ...duplicate, ...(phoneHoldBack === undefined ? {} : { phoneHoldBack: phoneHoldBack ? 1 : 0 }) };
  await db
    .insertInto('customerSettings')
    .values({ customerId, ...values })
    .onConflict((oc) => oc.column('customerId').doUpdateSet(values))
    .execute();
  return leadRules(db, customerId, phoneChecker);
}

/** What the check reads of an arriving lead. */
export interface ArrivingContact {
  mobile: string;
  other: string | null;
  itemId: number;
}

/** An arriving lead's duplicate keys and, when it repeats an original, what it stores and does. */
export interface DuplicateCheck {
  phoneKey: string | null;
  otherKey: string | null;
  /** The original it repeats, null for a new lead. */
  duplicateOf: number | null;
  duplicateReason: string | null;
  /** Held back from distribution and push (the rule's 'hold' and 'note'). */
  holdBack: boolean;
  /** A follow-up about it goes on the first lead's CRM records (the rule's 'note'). */
  note: boolean;
}

/**
 * Looks for the original an arriving lead repeats, in the lead's own transaction: the earliest
 * live lead of the customer (or of its project, by the rule) that is no duplicate itself, whose
 * phone or other contact matches, within the rule's window of days before `now`. Each key is
 * one lookup of its (customer, key, time) index. On PostgreSQL the keys are locked for the rest
 * of the transaction first (transaction-scoped advisory locks, in key order), so of two
 * concurrent arrivals of one number the second waits for the first's commit and finds it;
 * SQLite runs one write transaction at a time. A window of 0 days checks nothing (the keys are
 * still stored, so turning the check on again finds these leads).
 */
export async function checkDuplicate(
  tx: Transaction<Database>,
  customerId: number,
  lead: ArrivingContact,
  now: Date,
  /** The customer's rules when the caller has read them (ingestion reads them once for every check). */
  known?: LeadRules,
): Promise<DuplicateCheck> {
  const phoneKey = phoneKeyOf(lead.mobile);
  const otherKey = otherKeyOf(lead.other);
  const fresh: DuplicateCheck = { phoneKey, otherKey, duplicateOf: null, duplicateReason: null, holdBack: false, note: false };
  const keys = [phoneKey && `p:${phoneKey}`, otherKey && `o:${otherKey}`].filter((key): key is string => Boolean(key)).sort();
  if (keys.length === 0) return fresh;
  const rules = known ?? (await leadRules(tx, customerId));
  if (rules.duplicateWindowDays === DUPLICATE_WINDOW_OFF) return fresh;
  if (isPostgres(tx)) {
    for (const key of keys) await sql`select pg_advisory_xact_lock(${customerId}::int, hashtext(${key}))`.execute(tx);
  }
  const since = new Date(now.getTime() - rules.duplicateWindowDays * 86_400_000).toISOString();
  // Plain SQL, as every statement an ingested lead runs (distribution/repo.ts): Kysely's builder
  // costs about as much as SQLite's lookup itself (bench/README.md, issue 24).
  const earliest = async (column: 'phoneKey' | 'otherKey', key: string | null) => {
    if (!key) return undefined;
    const { rows } = await sql<{ id: number; createTime: string; resType: number; listKind: string }>`
      select id, create_time, res_type, list_kind from leads
      where customer_id = ${customerId} and ${column === 'phoneKey' ? sql`phone_key` : sql`other_key`} = ${key}
        and create_time >= ${since} and status = 0 and duplicate_of is null
        ${rules.duplicateScope === 'project' ? sql`and item_id = ${lead.itemId}` : sql``}
      order by create_time, id limit 1`.execute(tx);
    return rows[0];
  };
  const found = [await earliest('phoneKey', phoneKey), await earliest('otherKey', otherKey)].filter((row) => row !== undefined);
  const first = found.sort((a, b) => (a.createTime === b.createTime ? a.id - b.id : a.createTime < b.createTime ? -1 : 1))[0];
  if (!first) return fresh;
  const daysAgo = daysInRange(toChinaDateTime(first.createTime).slice(0, 10), chinaToday(now)) - 1;
  return {
    phoneKey,
    otherKey,
    duplicateOf: first.id,
    duplicateReason: duplicateReason(daysAgo, duplicateSourceLabel(first)),
    holdBack: rules.duplicateAction !== 'new',
    note: rules.duplicateAction === 'note',
  };
}
