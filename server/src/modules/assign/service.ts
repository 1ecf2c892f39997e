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

/**
 * Gives every listed lead the receiver, all or nothing, in one transaction. Each lead must be
 * the customer's live lead on the list its tableName names (else 404 '数据不存在'), and still
 * assignable: no receiver, not pushed to a CRM, no CRM-duplicate remark (else 400 naming them).
 */
async function assign(db: Kysely<Database>, customerId: number, resourceList: readonly ResourceRef[], receiver: Receiver): Promise<number> {
  const ids = [...new Set(resourceList.map((ref) => ref.id))];
  return db.transaction().execute(async (tx) => {
    const rows = await leadsRepo.findForAssignment(tx, customerId, ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const ref of resourceList) {
      const row = byId.get(ref.id);
      if (!row || LEAD_TABLE_NAMES[row.listKind as LeadKind] !== ref.tableName) throw notFound(LeadApiMessage.NotFound);
    }
    const refused = rows.filter((row) => !canAssignManually(row));
    if (refused.length > 0) throw badRequest(refusalMessage(refused));
    // The receive reports' counts follow the leads to their receiver (rolled back with a 409).
    await moveReceiver(tx, customerId, ids, receiver.crmFollower);
    const changed = await leadsRepo.assignLeads(tx, customerId, ids, receiver);
    // Another assignment took some of them between the check and the update.
    if (changed !== ids.length) throw new AppError(409, '409', refusalMessage(rows));
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

/** Assign resource type 3 pushes to the customer's CRM, which the CRM push issue builds: refused until then. */
export function assignByThirdPush(): never {
  throw badRequest(AssignMessage.ThirdPushNotConfigured);
}
