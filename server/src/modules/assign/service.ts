import { canAssignManually } from '@portal/contracts';
import {
  ASSIGN_CANDIDATES_MAX,
  ASSIGN_SEARCH_LIMIT,
  type AssignCandidate,
  AssignIneligible,
  AssignMessage,
  type ChannelSource,
  type CrmUser,
  LEAD_TABLE_NAMES,
  LeadApiMessage,
  type LeadKind,
  type ResourceRef,
} from '@portal/contracts/leads';
import type { Kysely } from 'kysely';
import type { Database, Db } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../http/errors';
import { enqueuePushes, syncedCrms } from '../crm/push/outbox';
import { chinaToday } from '../../lib/time';
import { leaveQueue } from '../distribution/service';
import { parseState } from '../distribution/state';
import * as leadsRepo from '../leads/repo';
import { moveReceiver } from '../reports/rollup';
import * as repo from './repo';

/** How many refused leads the refusal names before '等N条'. */
const NAMED_MAX = 10;

export const assignResourceType = (db: Db, customerId: number): Promise<number> => repo.findAssignResourceType(db, customerId);

export const searchUsers = (db: Db, customerId: number, userName = ''): Promise<CrmUser[]> =>
  repo.searchCrmUsers(db, customerId, userName.trim(), ASSIGN_SEARCH_LIMIT);

/** What decides who may take a set of leads today (see AssignIneligible). */
interface EligibilityContext {
  /** The leads' projects: how many of the leads each, and its title. */
  projects: ReadonlyArray<{ itemId: number; itemTitle: string; count: number }>;
  /** Today's schedule rows of those projects (synced CRMs only). */
  rows: ReadonlyArray<{ itemId: number; crmCode: string; userId: number; dataNumLimit: number | null }>;
  /** What distribution gave each person today, by project and CRM ('itemId:crmCode' -> userId -> count). */
  given: ReadonlyMap<string, Readonly<Record<string, number>>>;
}

async function eligibilityContext(db: Db, customerId: number, leadIds: readonly number[], now: Date): Promise<EligibilityContext> {
  const crms = await syncedCrms(db, customerId);
  // Without a CRM with sync on no schedule is used: everyone may take leads.
  if (crms.length === 0) return { projects: [], rows: [], given: new Map() };
  const byProject = new Map<number, { itemId: number; itemTitle: string; count: number }>();
  for (const lead of await repo.leadProjects(db, customerId, leadIds)) {
    if (lead.itemId === null) continue;
    const project = byProject.get(lead.itemId) ?? { itemId: lead.itemId, itemTitle: lead.itemTitle, count: 0 };
    project.count += 1;
    byProject.set(lead.itemId, project);
  }
  const itemIds = [...byProject.keys()];
  const today = chinaToday(now);
  const rows = await repo.scheduleRows(db, customerId, today, itemIds, crms);
  const given = new Map<string, Record<string, number>>();
  for (const day of await repo.dayStates(db, customerId, today, itemIds)) given.set(`${day.itemId}:${day.crmCode}`, parseState(day.state).counts);
  return { projects: [...byProject.values()], rows, given };
}

/** Why `user` cannot take the leads of `context` now (an AssignIneligible text), or null when they can. */
export function ineligibility(user: { id: number }, context: EligibilityContext): string | null {
  for (const project of context.projects) {
    for (const row of context.rows) {
      if (row.itemId !== project.itemId || row.userId !== user.id || row.dataNumLimit === null) continue;
      const taken = context.given.get(`${row.itemId}:${row.crmCode}`)?.[user.id] ?? 0;
      if (taken + project.count > row.dataNumLimit)
        return context.projects.length > 1
          ? AssignIneligible.dailyCapOn(row.dataNumLimit, project.itemTitle)
          : AssignIneligible.dailyCap(row.dataNumLimit);
    }
  }
  return null;
}

/**
 * The assignment dialog's staff: every staff member whose name contains `userName` (up to
 * ASSIGN_CANDIDATES_MAX), each with whether they can take the leads `leadIds` now and why not.
 */
export async function assignCandidates(
  db: Db,
  customerId: number,
  leadIds: readonly number[],
  userName = '',
  now: Date = new Date(),
): Promise<AssignCandidate[]> {
  const users = await repo.candidateUsers(db, customerId, userName.trim(), ASSIGN_CANDIDATES_MAX);
  const context = await eligibilityContext(db, customerId, leadIds, now);
  return users.map((user) => {
    const reason = ineligibility(user, context);
    return { ...user, eligible: reason === null, reason };
  });
}

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
async function assign(
  db: Kysely<Database>,
  customerId: number,
  resourceList: readonly ResourceRef[],
  receiver: Receiver,
  /** Refuses the receiver for these leads (400), once the leads are known to be assignable. */
  checkReceiver: (tx: Db, ids: readonly number[]) => Promise<void> = async () => undefined,
): Promise<number> {
  const ids = [...new Set(resourceList.map((ref) => ref.id))];
  return db.transaction().execute(async (tx) => {
    const rows = await assignableLeads(tx, customerId, resourceList);
    await checkReceiver(tx, ids);
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

/** Assign resource type 1: to one of the customer's call-centre staff who can take the leads now (see ineligibility). */
export async function assignToUser(
  db: Kysely<Database>,
  customerId: number,
  resourceList: readonly ResourceRef[],
  userId: number,
  now: Date = new Date(),
): Promise<number> {
  const user = await repo.findCrmUser(db, customerId, userId);
  if (!user) throw notFound(AssignMessage.UserNotFound);
  return assign(db, customerId, resourceList, { crmFollower: user.userName, crmFollowerId: user.id, channelSourceCode: null }, async (tx, ids) => {
    // The dialog's rule (assignCandidates): a staff member it shows disabled is refused, with the reason.
    const reason = ineligibility(user, await eligibilityContext(tx, customerId, ids, now));
    if (reason !== null) throw badRequest(`${AssignMessage.UserIneligible}${user.userName}：${reason}`);
  });
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
