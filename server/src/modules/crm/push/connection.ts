import { type CrmCode } from '@portal/contracts';
import { type CrmConnection, PushStatus } from '@portal/contracts/crm';
import type { Db } from '../../../db/schema';

/**
 * A customer's push connection to one CRM as the settings and push-log screens show it: paused
 * (after a run of consecutive failures, until a retry succeeds or the customer resumes it), the
 * failure run, and how many pushes wait and how many failed.
 */
export async function connectionOf(db: Db, customerId: number, crmCode: CrmCode): Promise<CrmConnection> {
  const [account, counts] = await Promise.all([
    db
      .selectFrom('crmAccounts')
      .select(['consecutiveFailures', 'pausedAt'])
      .where('customerId', '=', customerId)
      .where('crmCode', '=', crmCode)
      .executeTakeFirst(),
    db
      .selectFrom('crmPushJobs')
      .select(['status', (eb) => eb.fn.countAll<number | string>().as('count')])
      .where('customerId', '=', customerId)
      .where('crmCode', '=', crmCode)
      .where('status', 'in', [PushStatus.Pending, PushStatus.Refused, PushStatus.Failed])
      .groupBy('status')
      .execute(),
  ]);
  const count = (status: string) => Number(counts.find((row) => row.status === status)?.count ?? 0);
  return {
    paused: account?.pausedAt != null,
    consecutiveFailures: account?.consecutiveFailures ?? 0,
    pausedAt: account?.pausedAt ?? null,
    pending: count(PushStatus.Pending),
    failed: count(PushStatus.Refused) + count(PushStatus.Failed),
  };
}
