import {
  ASSIGN_SEARCH_LIMIT,
  AssignMessage,
  canAssignManually,
  type ChannelSource,
  type CrmUser,
  LEAD_TABLE_NAMES,
  LeadApiMessage,
  type LeadKind,
  type ResourceRef,
} from '@portal/contracts';
import type { Kysely } from 'kysely';
import type { Database, Db } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../http/errors';
import { enqueuePushes, syncedCrms } from '../crm/push/outbox';
import { leaveQueue } from '../distribution/service';
import * as leadsRepo from '../leads/repo';
import { moveReceiver } from '../reports/rollup';
import * as repo from './repo';

/** How many refused leads the refusal names before '等N条'. */
const NAMED_MAX = 10;

export const assignResourceType = (db: Db, customerId: number): Promise<number> => repo.findAssignResourceType(db, customerId);

export const searchUsers = (db: Db, customerId: number, userName = ''): Promise<CrmUser[]> =>
  repo.searchCrmUsers(db, customerId, userName.trim(), ASSIGN_SEARCH_LIMIT);

export const searchSources = (db: Db, customerId: number, sourceName = ''): Promise<ChannelSource[]> =>
  repo.searchChannelSources(db, customerId, sourceName.trim(), ASSIGN_SEARCH_LIMIT);

interface Receiver {
  crmFollower: string;
  crmFollowerId: number | null;
  channelSourceCode: string | null;
}

/** '以下线索已分配或已推送，不能手动分配：张三(13800138000)、李四(13900139000)'. */
export function refusalMessage(leads: ReadonlyArray<{ name: string; mobile: string }>): string {
  const named = leads
    .slice(0, NAMED_MAX)
    .map((lead) => `${lead.name}(${lead.mobile})`)
    .join('、');
  return `${AssignMessage.AlreadyAssigned}${named}${leads.length > NAMED_MAX ? `等${leads.length}条` : ''}`;
}

type AssignmentRow = Awaited<ReturnType<typeof leadsRepo.findForAssignment>>[number];

/**
 * The listed leads, checked inside the assignment's transaction: each must be the customer's
 * live lead on the list its tableName names (else 404 '数据不存在'), and still assignable: no
 * receiver, not pushed to a CRM, no CRM-duplicate remark, nor `taken` (else 400 naming them).
 */
async function assignableLeads(
  tx: Db,
  customerId: number,
  resourceList: readonly ResourceRef[],
  taken: (row: AssignmentRow) => boolean = () => false,
): Promise<AssignmentRow[]> {
  const ids = [...new Set(resourceList.map((ref) => ref.id))];
  const rows = await leadsRepo.findForAssignment(tx, customerId, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const ref of resourceList) {
    const row = byId.get(ref.id);
    if (!row || LEAD_TABLE_NAMES[row.listKind as LeadKind] !== ref.tableName) throw notFound(LeadApiMessage.NotFound);
  }
  const refused = rows.filter((row) => !canAssignManually(row) || taken(row));
  if (refused.length > 0) throw badRequest(refusalMessage(refused));
  return rows;
}

/**
 * Gives every listed lead the receiver, all or nothing, in one transaction (the leads checked by
 * assignableLeads). Leads waiting for distribution leave its queue, and their CRM push, held back
 * while they waited, is enqueued now (with the receiver as follower).
 */
async function assign(db: Kysely<Database>, customerId: number, resourceList: readonly ResourceRef[], receiver: Receiver): Promise<number> {
  const ids = [...new Set(resourceList.map((ref) => ref.id))];
  return db.transaction().execute(async (tx) => {
    const rows = await assignableLeads(tx, customerId, resourceList);
    // The queue before the rollups and the leads: the distribution's lock order.
    const waited = await leaveQueue(tx, customerId, ids);
    // The receive reports' counts follow the leads to their receiver (rolled back with a 409).
    await moveReceiver(tx, customerId, ids, receiver.crmFollower);
    const changed = await leadsRepo.assignLeads(tx, customerId, ids, receiver);
    // Another assignment took some of them between the check and the update.
    if (changed !== ids.length) throw new AppError(409, '409', refusalMessage(rows));
    await enqueuePushes(tx, customerId, waited, 'auto');
    return changed;
  });
}

/** Assign resource type 1: to one of the customer's call-centre staff. */
export async function assignToUser(db: Kysely<Database>, customerId: number, resourceList: readonly ResourceRef[], userId: number): Promise<number> {
  const user = await repo.findCrmUser(db, customerId, userId);
  if (!user) throw notFound(AssignMessage.UserNotFound);
  return assign(db, customerId, resourceList, { crmFollower: user.userName, crmFollowerId: user.id, channelSourceCode: null });
}

/** Assign resource type 2: to one of the customer's CRM channel sources (its name becomes the receiver shown). */
export async function assignToChannelSource(
  db: Kysely<Database>,
  customerId: number,
  resourceList: readonly ResourceRef[],
  channelSourceCode: string,
): Promise<number> {
  const source = await repo.findChannelSource(db, customerId, channelSourceCode);
  if (!source) throw notFound(AssignMessage.SourceNotFound);
  return assign(db, customerId, resourceList, { crmFollower: source.sourceName, crmFollowerId: null, channelSourceCode: source.sourceCode });
}

/**
 * Assign resource type 3: pushes the listed leads to the customer's CRMs whose sync is on (400
 * '请先完成CRM推送设置' without one), through the outbox: one push job per lead and CRM, all or
 * nothing, in one transaction; the push worker delivers them. The distribution rules do not
 * apply (the customer chose these leads). The leads are checked like modes 1 and 2, and a lead
 * that already has its push to one of those CRMs is refused like an assigned one. Leads waiting
 * for distribution leave its queue.
 */
export async function assignByThirdPush(db: Kysely<Database>, customerId: number, resourceList: readonly ResourceRef[]): Promise<number> {
  const ids = [...new Set(resourceList.map((ref) => ref.id))];
  return db.transaction().execute(async (tx) => {
    const crmCodes = await syncedCrms(tx, customerId);
    if (crmCodes.length === 0) throw badRequest(AssignMessage.ThirdPushNotConfigured);
    const queued = await tx
      .selectFrom('crmPushJobs')
      .select('leadId')
      .where('customerId', '=', customerId)
      .where('leadId', 'in', ids)
      .where('crmCode', 'in', crmCodes)
      .execute();
    const hasJob = new Set(queued.map((row) => row.leadId));
    const rows = await assignableLeads(tx, customerId, resourceList, (row) => hasJob.has(row.id));
    // Leads waiting for distribution leave its queue: the customer pushes them now.
    await leaveQueue(tx, customerId, ids);
    const written = await enqueuePushes(
      tx,
      customerId,
      rows.map((row) => ({ id: row.id })),
      'manual',
      { crmCodes },
    );
    // Another push of the same leads got in between the check and the insert.
    if (written !== ids.length * crmCodes.length) throw new AppError(409, '409', refusalMessage(rows));
    return ids.length;
  });
}
