import type { CrmCode } from '@portal/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { nowIso, toChinaDateTime } from '../../../lib/time';
import type { TestApp } from '../../../test/harness';
import type { CrmAccountParams } from '../connectors/types';
import { PushWorker, type PushWorkerOptions } from './worker';

/** What the push pipeline's tests share: a clock they move, accounts, workers, ingestion. */

/** A clock that runs with real time plus an offset the test moves forward (jobs written at real time stay comparable). */
export class TestClock {
  offset = 0;
  readonly now = (): number => Date.now() + this.offset;
  advance(ms: number): void {
    this.offset += ms;
  }
}

/** Saves (or replaces) the customer's account of a CRM with the given params, sync on by default, never paused. */
export async function saveAccount(db: Kysely<Database>, customerId: number, params: CrmAccountParams, sync = 1): Promise<void> {
  const values = {
    param1: params.param1 ?? '',
    param2: params.param2 ?? '',
    param3: params.param3 ?? '',
    param4: params.param4 ?? '',
    param5: params.param5 ?? '',
    param6: params.param6 ?? '',
    param7: params.param7 ?? '',
    param8: params.param8 ?? '',
    param9: params.param9 ?? '',
    param10: params.param10 ?? '',
    edition: params.edition ?? '1',
    sync,
    consecutiveFailures: 0,
    pausedAt: null,
  };
  await db
    .insertInto('crmAccounts')
    .values({ customerId, crmCode: params.crmCode, createTime: toChinaDateTime(nowIso()), ...values })
    .onConflict((oc) => oc.columns(['customerId', 'crmCode']).doUpdateSet(values))
    .execute();
}

/** Forgets every push of every customer (between tests). */
export async function clearPushes(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('crmPushJobs').execute();
}

/** A worker on the test app, on the test's clock, without jitter (random 0.5: the schedule's own waits). */
export const testWorker = (t: TestApp, clock: TestClock, options: PushWorkerOptions = {}): PushWorker =>
  new PushWorker({ db: t.db, events: t.app.events, crm: t.app.crm }, { now: clock.now, random: () => 0.5, ...options });

/** Posts a lead to the open ingestion call with the customer's key; answers its id. */
export async function ingestLead(t: TestApp, key: string, lead: Record<string, unknown>): Promise<number> {
  const response = await t.app.inject({ method: 'POST', url: '/rest/open/leads', payload: lead, headers: { 'x-ingest-key': key } });
  if (response.statusCode !== 201) throw new Error(`ingest failed: ${response.statusCode} ${response.body}`);
  return response.json().data.id as number;
}

/** The customer's push jobs of a CRM, by lead. */
export const jobsOf = (db: Kysely<Database>, customerId: number, crmCode: CrmCode = 'ec') =>
  db.selectFrom('crmPushJobs').selectAll().where('customerId', '=', customerId).where('crmCode', '=', crmCode).orderBy('id').execute();

export { freshMobile } from '../../../test/leads';

/** Leaves the customers' leads nothing to wait for: no schedule, rules, mappings or CRM account (each test saves the account it pushes to). */
export async function pushAtOnce(db: Kysely<Database>, customerIds: readonly number[]): Promise<void> {
  for (const customerId of customerIds) {
    await db.deleteFrom('dailyArrangements').where('customerId', '=', customerId).execute();
    for (const table of ['distributeRules', 'crmFieldMappings', 'crmLabelMappings', 'crmAccounts'] as const) {
      await db.deleteFrom(table).where('customerId', '=', customerId).execute();
    }
  }
}
