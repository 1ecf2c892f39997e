import { type CrmCode, isCrmCode } from '@portal/contracts';
import { PushStatus, DistributionType } from '@portal/contracts/crm';
import { FOLLOWER_CHANGE_CRMS } from '@portal/contracts/schedule';
import type { Db } from '../../../db/schema';
import { toChinaDateTime } from '../../../lib/time';
import { normaliseProvince } from '../../reports/rollup';

/**
 * The outbox of the push pipeline: a push job (crm_push_jobs, one per lead and CRM) is written
 * in the transaction that stores the lead (ingestion) or hands it over (manual assignment mode
 * 3), so a lead is never stored without its push nor pushed without being stored. The unique
 * (lead_id, crm_code) makes enqueueing twice a no-op: a lead is pushed at most once per CRM.
 */

/**
 * Why a job is: 'auto' a lead's push at arrival or hand-over, 'manual' the customer's push, 'note'
 * a duplicate's follow-up on its first lead's record (the duplicate rule 'note'; no record of its own).
 */
export type PushOrigin = 'auto' | 'manual' | 'note';

/** The CRMs a lead has a push job for (queued or done), of the customer's synced ones. */
export async function crmsOfLead(db: Db, customerId: number, leadId: number): Promise<CrmCode[]> {
  const rows = await db
    .selectFrom('crmPushJobs as j')
    .innerJoin('crmAccounts as a', (join) => join.onRef('a.customerId', '=', 'j.customerId').onRef('a.crmCode', '=', 'j.crmCode'))
    .select('j.crmCode')
    .where('j.customerId', '=', customerId)
    .where('j.leadId', '=', leadId)
    .where('j.origin', '!=', 'note')
    .where('a.sync', '=', 1)
    .orderBy('j.crmCode')
    .execute();
  return rows.map((row) => row.crmCode).filter(isCrmCode);
}

/** What the rules look at in a lead (a 'manual' push needs the id alone). */
export interface OutboxLead {
  id: number;
  province?: string | null;
  region?: string | null;
  channelId?: number | null;
}

/**
 * Arms the CRM follower change of a lead recycled to someone else (follow-up/service.ts), in the
 * caller's transaction: one per CRM its push was delivered to whose API can change a follower
 * (FOLLOWER_CHANGE_CRMS), due at `now`; a change already there is armed again (the record follows
 * the receiver of the moment it is sent). Answers how many were armed.
 */
export async function queueFollowerChanges(tx: Db, customerId: number, leadId: number, now: number): Promise<number> {
  const pushed = await tx
    .selectFrom('crmPushJobs')
    .select('crmCode')
    .where('customerId', '=', customerId)
    .where('leadId', '=', leadId)
    .where('status', '=', PushStatus.Delivered)
    .where('origin', '!=', 'note')
    .where('crmCode', 'in', [...FOLLOWER_CHANGE_CRMS])
    .execute();
  if (pushed.length === 0) return 0;
  const createTime = toChinaDateTime(new Date(now).toISOString());
  await tx
    .insertInto('crmFollowerChanges')
    .values(pushed.map(({ crmCode }) => ({ leadId, crmCode, customerId, status: PushStatus.Pending, attempts: 0, nextAttemptAt: now, createTime })))
    .onConflict((oc) =>
      oc
        .columns(['leadId', 'crmCode'])
        .doUpdateSet({ status: PushStatus.Pending, attempts: 0, nextAttemptAt: now, lastReason: null, createTime, doneAt: null }),
    )
    .execute();
  return pushed.length;
}

/** The CRM codes of the customer's accounts whose sync switch is on. */
export async function syncedCrms(db: Db, customerId: number): Promise<CrmCode[]> {
  const rows = await db
    .selectFrom('crmAccounts')
    .select('crmCode')
    .where('customerId', '=', customerId)
    .where('sync', '=', 1)
    .orderBy('crmCode')
    .execute();
  return rows.map((row) => row.crmCode).filter(isCrmCode);
}

/** A stored province list: JSON of names (what the rules screen saves), or names separated by commas. */
export function provincesOf(text: string | null): string[] {
  if (!text) return [];
  let names: unknown;
  try {
    names = JSON.parse(text);
  } catch {
    names = text.split(/[,，、]/);
  }
  return (Array.isArray(names) ? names : [])
    .map((name) => normaliseProvince(typeof name === 'string' ? name : null))
    .filter((name): name is string => name !== null);
}

/** The province a lead came from: its province, else the first word of its region ('广东省 深圳' -> '广东'). */
export const provinceOfLead = (lead: Pick<OutboxLead, 'province' | 'region'>): string | null =>
  normaliseProvince(lead.province) ?? normaliseProvince(lead.region?.trim().split(/\s+/)[0]);

/**
 * The leads of `leads` that the customer's distribution rules of one CRM select: type 0 (or no
 * rule saved) every one; 1 by region: those whose province is in some region row; 2 by channel
 * type: those whose channel's type is in some channel-type row.
 */
export async function selectByRules(db: Db, customerId: number, crmCode: CrmCode, leads: readonly OutboxLead[]): Promise<OutboxLead[]> {
  if (leads.length === 0) return [];
  const rule = await db
    .selectFrom('distributeRules')
    .select('type')
    .where('customerId', '=', customerId)
    .where('crmCode', '=', crmCode)
    .executeTakeFirst();
  const type = rule?.type ?? DistributionType.Unlimited;
  if (type === DistributionType.ByRegion) {
    const rows = await db
      .selectFrom('distributeRuleRows')
      .select('provinceList')
      .where('customerId', '=', customerId)
      .where('crmCode', '=', crmCode)
      .where('kind', '=', 'area')
      .execute();
    const provinces = new Set(rows.flatMap((row) => provincesOf(row.provinceList)));
    return leads.filter((lead) => {
      const province = provinceOfLead(lead);
      return province !== null && provinces.has(province);
    });
  }
  if (type === DistributionType.ByChannelType) {
    const channelIds = [...new Set(leads.map((lead) => lead.channelId).filter((id): id is number => typeof id === 'number'))];
    if (channelIds.length === 0) return [];
    const [rows, channels] = await Promise.all([
      db
        .selectFrom('distributeRuleRows')
        .select('channelType')
        .where('customerId', '=', customerId)
        .where('crmCode', '=', crmCode)
        .where('kind', '=', 'channelType')
        .execute(),
      db.selectFrom('channels').select(['id', 'channelType']).where('customerId', '=', customerId).where('id', 'in', channelIds).execute(),
    ]);
    const types = new Set(rows.map((row) => row.channelType));
    const typeOf = new Map(channels.map((channel) => [channel.id, channel.channelType]));
    return leads.filter((lead) => typeof lead.channelId === 'number' && types.has(typeOf.get(lead.channelId) ?? null));
  }
  return [...leads];
}

/**
 * Writes the push jobs of `leads`, in the caller's transaction `tx`: one per lead and CRM of the
 * customer whose sync is on (`crmCodes` narrows them); 'auto' only for the leads each CRM's
 * distribution rules select, 'manual' for every one (the customer chose them); `selected`: CRMs
 * whose rules the caller found to select every one of `leads` in this transaction (distribution),
 * not read again. Due at once. Answers how many jobs were written (a lead that already has its
 * job for a CRM is skipped).
 */
export async function enqueuePushes(
  tx: Db,
  customerId: number,
  leads: readonly OutboxLead[],
  origin: PushOrigin,
  options: { crmCodes?: readonly CrmCode[]; now?: number; selected?: readonly CrmCode[] } = {},
): Promise<number> {
  if (leads.length === 0) return 0;
  const crmCodes = options.crmCodes ?? (await syncedCrms(tx, customerId));
  const now = options.now ?? Date.now();
  const createTime = toChinaDateTime(new Date(now).toISOString());
  let written = 0;
  for (const crmCode of crmCodes) {
    const chosen = origin === 'auto' && !options.selected?.includes(crmCode) ? await selectByRules(tx, customerId, crmCode, leads) : leads;
    if (chosen.length === 0) continue;
    const result = await tx
      .insertInto('crmPushJobs')
      .values(
        chosen.map((lead) => ({
          customerId,
          crmCode,
          leadId: lead.id,
          status: PushStatus.Pending,
          origin,
          attempts: 0,
          nextAttemptAt: now,
          createdAt: now,
          createTime,
        })),
      )
      .onConflict((oc) => oc.columns(['leadId', 'crmCode']).doNothing())
      .executeTakeFirst();
    written += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return written;
}
