import { randomBytes } from 'node:crypto';
import { CRM_LABELS, type CrmCode, isCrmCode, LeadStatus } from '@portal/contracts';
import { DuplicateText, duplicateNoteContent, type LeadKind } from '@portal/contracts/leads';
import { FollowUpText } from '@portal/contracts/schedule';
import { CrmMessage, PUSH_LOG_DAYS, PushStatus } from '@portal/contracts/crm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Kysely, PostgresAdapter } from 'kysely';
import type { Database, Db } from '../../../db/schema';
import { toChinaDateTime } from '../../../lib/time';
import type { ServerEvents } from '../../../realtime/events';
import { withEvents } from '../../../realtime/with-events';
import { createNotice } from '../../messages/service';
import { moveReceiver } from '../../reports/rollup';
import type { CrmAccountParams, PushOutcome, PushRecord } from '../connectors/types';
import { boundReason } from '../limits';
import type { CrmRuntime } from '../runtime';
import { findAccountParams, loadPushLabels, loadPushMapping, type PushMapping } from '../settings/service';
import { mappingResTypeOf, sentFields, toPushRecord } from './mapper';
import { readFollowUpRecords } from './records';
import * as repo from './repo';
import { DEFAULT_RATE_BUDGET, type RateBudget, retryDelay, RETRY_SCHEDULE_MS, TokenBuckets } from './schedule';

/**
 * The push worker: claims due outbox jobs, maps their leads, pushes them through the CRM's
 * connector and records what happened (crm_push_attempts), each job in its own transaction.
 *
 * - Claim: due pending jobs of accounts that are not paused, under a lease (repo.claimDue). A
 *   worker that dies leaves its lease to expire; the job is then claimed again. A job whose push
 *   may have reached the CRM before the crash is kept single by the connector's duplicate check
 *   (ec queryExist) and the one job per lead and CRM.
 * - Connections (one customer's CRM account) run apart: the loop starts each claimed
 *   connection's jobs on their own and claims again at once, skipping the connections that have
 *   `perConnection` claims in flight in this worker, up to `maxInFlight` claims in all; so a slow
 *   or hanging CRM (each call ends at the call timeout, CRM_TIMEOUT_MS) holds its customer's
 *   pushes only. With one claim per connection, a connection's pushes go in the order they fell due.
 * - Calls: jobs of one customer's CRM go together, at most the connector's batchLimit per call,
 *   one token per call from that customer's CRM's bucket; without a token the rest wait (released,
 *   due when a token is back); a 429's Retry-After empties the bucket until then.
 * - Records: each lead mapped (mapper.ts), its receiver, when synced from this CRM, as the record's
 *   follower (`followerId`; the account's default follower otherwise), read with the leads in one query.
 * - Outcomes: delivered -> the CRM's id, the lead crmPushed with its follower (the account's
 *   follow-up staff, else the CRM's name; a lead that has a receiver keeps it), `lead.pushed`;
 *   refused -> kept with the CRM's reason, never retried; retry -> the next try from the schedule
 *   (Retry-After when later) or, the schedule spent, failed and a notice to the customer.
 * - Connection: a call that delivers nothing and meets a network, server or login failure
 *   counts a consecutive failure of the account; at `pauseAfter` the account pauses (its jobs
 *   wait, none dropped) with a notice; a paused account gets one probe job every `probeEveryMs`,
 *   and a delivery (probe or not) resumes it. The customer may resume it (push log).
 * - Retention: attempts and finished jobs older than PUSH_LOG_DAYS are deleted, a bounded number per sweep.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export interface PushWorkerOptions {
  /** The clock (epoch ms); tests drive it. */
  now?: () => number;
  /** The jitter's source, [0, 1). */
  random?: () => number;
  /** Names this worker's leases. */
  workerId?: string;
  /** Jobs per claim. */
  batchSize?: number;
  /** Claims of one connection (customer and CRM) the loop runs at once (default 1: in order). */
  perConnection?: number;
  /** Claims the loop runs at once over all connections; it claims no more while they run. */
  maxInFlight?: number;
  /** How long a claim holds before another worker may take the job. */
  leaseMs?: number;
  /** Calls per second and burst per customer's CRM. */
  rate?: RateBudget;
  /** Consecutive failures that pause an account. */
  pauseAfter?: number;
  /** How often a paused account gets one probe job. */
  probeEveryMs?: number;
  schedule?: readonly number[];
  /** How often the loop sweeps old log rows, and how many rows a sweep deletes at most. */
  sweepEveryMs?: number;
  sweepLimit?: number;
  /** Idle wait of the loop between claims that found nothing. */
  pollMs?: number;
  log?: FastifyBaseLogger;
}

export interface PushWorkerDeps {
  db: Kysely<Database>;
  events: ServerEvents;
  crm: CrmRuntime;
}

/** Texts of the notices the pipeline sends the customer. */
export const PushNotice = {
  PausedTitle: 'CRM推送已暂停',
  paused: (crm: string, failures: number): string =>
    `${crm}推送连续失败${failures}次，已暂停推送。请检查${crm}账号设置与服务状态后，在推送记录中点击恢复推送；暂停期间的线索不会丢失，恢复后继续推送。`,
  FailedTitle: 'CRM推送失败',
  failed: (crm: string, count: number, example: string): string =>
    `${count}条线索推送到${crm}多次重试后仍失败（${example}），请在推送记录中查看原因并重新推送。`,
} as const;

/** The reason a job is given up without a call. */
const LeadDeleted = '线索已删除';
/** How long a duplicate's note waits for its first lead's push to be delivered before it looks again. */
const NOTE_WAIT_MS = 30_000;
const DuplicateFound = 'CRM中已存在该客户，已关联';

/** A job's work: the claimed row, its lead and the record sent. */
interface Work {
  job: repo.PushJobRow;
  lead: repo.PushLeadRow;
  record: PushRecord;
}

interface Finished {
  work?: Work;
  job: repo.PushJobRow;
  outcome: PushOutcome | { kind: 'failed'; reason: string };
}

/** The follow-up staff id of an account, where its CRM has one (ec param5, xbb param4). */
const followUpIdOf = (account: CrmAccountParams): string | null =>
  (account.crmCode === 'ec' ? account.param5 : account.crmCode === 'xbb' ? account.param4 : null) || null;

const chinaTimeOf = (ms: number): string => toChinaDateTime(new Date(ms).toISOString());
const pausedAtMs = (pausedAt: string): number => Date.parse(`${pausedAt.replace(' ', 'T')}+08:00`);

class JobTakenOver extends Error {}

export class PushWorker {
  readonly workerId: string;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly batchSize: number;
  private readonly perConnection: number;
  private readonly maxInFlight: number;
  private readonly leaseMs: number;
  private readonly pauseAfter: number;
  private readonly probeEveryMs: number;
  private readonly schedule: readonly number[];
  private readonly sweepEveryMs: number;
  private readonly sweepLimit: number;
  private readonly pollMs: number;
  private readonly buckets: TokenBuckets;
  private readonly lastProbe = new Map<string, number>();
  private lastSweep = 0;
  private stopped = true;
  private loop: Promise<void> = Promise.resolve();
  private wake: (() => void) | null = null;
  /** Claims under way per connection (`customerId:crmCode`), and their runs. */
  private readonly inFlight = new Map<string, number>();
  private readonly running = new Set<Promise<void>>();
  /** A run ended since the loop last claimed: its connection may have more due. */
  private freed = false;
  /** The follower changes' and record reads' run under way, if any. */
  private sideRun: Promise<void> | null = null;

  constructor(
    private readonly deps: PushWorkerDeps,
    private readonly options: PushWorkerOptions = {},
  ) {
    this.workerId = options.workerId ?? `w-${randomBytes(6).toString('hex')}`;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.batchSize = options.batchSize ?? 100;
    this.perConnection = Math.max(1, options.perConnection ?? 1);
    this.maxInFlight = Math.max(1, options.maxInFlight ?? 16);
    this.leaseMs = options.leaseMs ?? 60_000;
    this.pauseAfter = options.pauseAfter ?? 5;
    this.probeEveryMs = options.probeEveryMs ?? 15_000;
    this.schedule = options.schedule ?? RETRY_SCHEDULE_MS;
    this.sweepEveryMs = options.sweepEveryMs ?? 60 * 60_000;
    this.sweepLimit = options.sweepLimit ?? 5000;
    this.pollMs = options.pollMs ?? 500;
    this.buckets = new TokenBuckets(options.rate ?? DEFAULT_RATE_BUDGET, this.now);
  }

  /**
   * Claims one batch of due jobs (and the probes of paused accounts) and pushes them, then the due
   * follower changes and follow-up record reads; answers how many were claimed.
   */
  async runOnce(): Promise<number> {
    const { claimed, runs } = await this.claim();
    await Promise.all(runs);
    return claimed + (await this.runSideWork());
  }

  /** The follower changes of recycled leads, then the follow-up records of pushed leads whose deadline runs (records.ts). */
  private async runSideWork(): Promise<number> {
    const changes = await this.runFollowerChanges();
    const reads = await readFollowUpRecords(this.deps, { now: this.now(), batchSize: this.batchSize, buckets: this.buckets, log: this.options.log });
    return changes + reads;
  }

  /**
   * Claims the due follower changes of recycled leads (at most `batchSize`) and sends each, one at
   * a time; answers how many were claimed. The claim moves a change's next try on by the lease,
   * guarded by the value read, so of two workers one sends it; a recycle meanwhile re-arms it
   * (due now), and the result of the older send is then not written over it.
   */
  async runFollowerChanges(): Promise<number> {
    const { db } = this.deps;
    const now = this.now();
    const due = await db
      .selectFrom('crmFollowerChanges')
      .select(['leadId', 'crmCode', 'nextAttemptAt'])
      .where('status', '=', PushStatus.Pending)
      .where('nextAttemptAt', '<=', now)
      .orderBy('nextAttemptAt')
      .limit(this.batchSize)
      .execute();
    let claimed = 0;
    for (const row of due) {
      const lease = now + this.leaseMs;
      const taken = await db
        .updateTable('crmFollowerChanges')
        .set({ nextAttemptAt: lease })
        .where('leadId', '=', row.leadId)
        .where('crmCode', '=', row.crmCode)
        .where('status', '=', PushStatus.Pending)
        .where('nextAttemptAt', '=', row.nextAttemptAt)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) continue;
      claimed += 1;
      await this.changeFollower(row.leadId, row.crmCode, lease);
    }
    return claimed;
  }

  /** Sends one claimed follower change (held by `lease`) and records its outcome as a push's. */
  private async changeFollower(leadId: number, crmCode: string, lease: number): Promise<void> {
    const { db, crm } = this.deps;
    const change = await db
      .selectFrom('crmFollowerChanges')
      .select(['customerId', 'attempts'])
      .where('leadId', '=', leadId)
      .where('crmCode', '=', crmCode)
      .executeTakeFirst();
    if (!change) return;
    const { customerId } = change;
    const record = async (
      set: Partial<{ status: string; attempts: number; nextAttemptAt: number; lastReason: string | null; followerCrmId: string; doneAt: string }>,
    ) => {
      await db
        .updateTable('crmFollowerChanges')
        .set(set)
        .where('leadId', '=', leadId)
        .where('crmCode', '=', crmCode)
        .where('nextAttemptAt', '=', lease)
        .execute();
    };
    const account = isCrmCode(crmCode) ? await findAccountParams(db, customerId, crmCode) : null;
    if (!account || !isCrmCode(crmCode)) {
      await record({ status: PushStatus.Failed, attempts: change.attempts + 1, lastReason: CrmMessage.AccountNotConfigured });
      return;
    }
    const connector = crm.connector(crmCode);
    const push = (await repo.firstLeadPushes(db, customerId, crmCode, [leadId])).get(leadId);
    const receiver = await db
      .selectFrom('leads as l')
      .leftJoin('crmUsers as u', (join) =>
        join.onRef('u.id', '=', 'l.crmFollowerId').onRef('u.customerId', '=', 'l.customerId').on('u.crmCode', '=', crmCode),
      )
      .select(['l.status', 'u.crmUserId'])
      .where('l.id', '=', leadId)
      .where('l.customerId', '=', customerId)
      .executeTakeFirst();
    const refuse = (reason: string) => record({ status: PushStatus.Refused, attempts: change.attempts + 1, lastReason: reason });
    if (!connector.reassign) return refuse(FollowUpText.CrmFollowerUnsupported);
    if (!push || push.status !== PushStatus.Delivered || !push.crmId) return refuse(FollowUpText.CrmRecordMissing);
    if (!receiver || receiver.status === LeadStatus.Deleted) return refuse(LeadDeleted);
    if (!receiver.crmUserId) return refuse(FollowUpText.CrmFollowerNotSynced);
    const bucketKey = `${customerId}:${crmCode}`;
    const wait = this.buckets.take(bucketKey);
    if (wait > 0) return record({ nextAttemptAt: this.now() + wait });
    let outcome: PushOutcome;
    try {
      outcome = await connector.reassign(account, { crmId: push.crmId, followerId: receiver.crmUserId }, crm.contextFor(db, customerId, account));
    } catch (err) {
      this.options.log?.warn({ err, customerId, crmCode }, 'crm push: the connector threw on a follower change');
      outcome = { kind: 'retry', cause: 'server', reason: '推送出错' };
    }
    const attempts = change.attempts + 1;
    switch (outcome.kind) {
      case 'delivered':
        return record({
          status: PushStatus.Delivered,
          attempts,
          lastReason: FollowUpText.CrmFollowerChanged,
          followerCrmId: receiver.crmUserId,
          doneAt: chinaTimeOf(this.now()),
        });
      case 'refused':
        return refuse(boundReason(outcome.reason));
      case 'deferred':
        return record({ nextAttemptAt: this.now() + outcome.retryAfterMs });
      case 'retry': {
        if (outcome.retryAfterMs) this.buckets.block(bucketKey, outcome.retryAfterMs);
        const delay = retryDelay(attempts, { schedule: this.schedule, random: this.random, retryAfterMs: outcome.retryAfterMs });
        const reason = boundReason(outcome.reason);
        return delay === null
          ? record({ status: PushStatus.Failed, attempts, lastReason: reason })
          : record({ attempts, lastReason: reason, nextAttemptAt: this.now() + delay });
      }
    }
  }

  /**
   * Claims due jobs of the connections that have a claim to spare (and the probes of paused
   * accounts) and starts each connection's run; answers how many were claimed and the runs.
   */
  private async claim(): Promise<{ claimed: number; runs: Promise<void>[] }> {
    const now = this.now();
    const skip = [...this.inFlight.entries()]
      .filter(([, count]) => count >= this.perConnection)
      .map(([key]) => {
        const [customerId, crmCode] = key.split(':');
        return { customerId: Number(customerId), crmCode };
      });
    const claimed = await repo.claimDue(this.deps.db, { now, leaseMs: this.leaseMs, workerId: this.workerId, limit: this.batchSize, skip });
    claimed.push(...(await this.claimProbes(now)));
    const groups = new Map<string, repo.PushJobRow[]>();
    for (const job of claimed) {
      const key = `${job.customerId}:${job.crmCode}`;
      groups.set(key, [...(groups.get(key) ?? []), job]);
    }
    return { claimed: claimed.length, runs: [...groups].map(([key, jobs]) => this.startGroup(key, jobs)) };
  }

  /** Runs one connection's claimed jobs, counted in flight until their results are recorded. */
  private startGroup(key: string, jobs: repo.PushJobRow[]): Promise<void> {
    this.inFlight.set(key, (this.inFlight.get(key) ?? 0) + 1);
    const run = this.pushGroup(jobs)
      .catch((err: unknown) => {
        // The leases run out and the jobs are claimed again.
        this.options.log?.error({ err, customerId: jobs[0].customerId, crmCode: jobs[0].crmCode }, 'crm push: a batch failed');
      })
      .finally(() => {
        const left = (this.inFlight.get(key) ?? 1) - 1;
        if (left > 0) this.inFlight.set(key, left);
        else this.inFlight.delete(key);
        this.running.delete(run);
        this.freed = true;
        this.wake?.();
      });
    this.running.add(run);
    return run;
  }

  /** Runs until no job is due (tests, the CLI); answers how many were claimed in all. */
  async drain(maxRounds = 1000): Promise<number> {
    let total = 0;
    for (let round = 0; round < maxRounds; round += 1) {
      const claimed = await this.runOnce();
      if (claimed === 0) break;
      total += claimed;
    }
    return total;
  }

  /** One probe job per paused account whose probe is due. */
  private async claimProbes(now: number): Promise<repo.PushJobRow[]> {
    const out: repo.PushJobRow[] = [];
    for (const account of await repo.pausedAccounts(this.deps.db)) {
      const key = `${account.customerId}:${account.crmCode}`;
      if ((this.inFlight.get(key) ?? 0) >= this.perConnection) continue;
      const since = Math.max(pausedAtMs(account.pausedAt ?? ''), this.lastProbe.get(key) ?? 0) || 0;
      if (now - since < this.probeEveryMs) continue;
      const probe = await repo.claimDue(this.deps.db, {
        now,
        leaseMs: this.leaseMs,
        workerId: this.workerId,
        limit: 1,
        account: { customerId: account.customerId, crmCode: account.crmCode },
      });
      if (probe.length > 0) this.lastProbe.set(key, now);
      out.push(...probe);
    }
    return out;
  }

  /** Pushes the claimed jobs of one customer's CRM. */
  private async pushGroup(jobs: repo.PushJobRow[]): Promise<void> {
    const { db, crm } = this.deps;
    const { customerId } = jobs[0];
    const crmCode = jobs[0].crmCode;
    const finished: Finished[] = [];
    const account = isCrmCode(crmCode) ? await findAccountParams(db, customerId, crmCode) : null;
    if (!account || !isCrmCode(crmCode)) {
      for (const job of jobs) finished.push({ job, outcome: { kind: 'failed', reason: CrmMessage.AccountNotConfigured } });
      await this.finish(customerId, crmCode, null, finished);
      return;
    }
    const leads = new Map(
      (
        await repo.leadsForPush(
          db,
          customerId,
          crmCode,
          jobs.map((job) => job.leadId),
        )
      ).map((lead) => [lead.id, lead]),
    );
    const mappings = new Map<number, PushMapping>();
    const labelRows = await loadPushLabels(db, customerId, crmCode);
    const works: Work[] = [];
    for (const job of jobs.filter((one) => one.origin !== 'note')) {
      const lead = leads.get(job.leadId);
      if (!lead || lead.status === LeadStatus.Deleted) {
        finished.push({ job, outcome: { kind: 'refused', reason: LeadDeleted } });
        continue;
      }
      const resType = mappingResTypeOf(lead.resType);
      let mapping = mappings.get(resType);
      if (!mapping) {
        mapping = await loadPushMapping(db, customerId, crmCode, resType);
        mappings.set(resType, mapping);
      }
      works.push({ job, lead, record: toPushRecord(lead, mapping, labelRows) });
    }

    const connector = crm.connector(crmCode);
    const ctx = crm.contextFor(db, customerId, account);
    const bucketKey = `${customerId}:${crmCode}`;
    const limit = Math.max(1, connector.batchLimit);
    for (let start = 0; start < works.length; start += limit) {
      const wait = this.buckets.take(bucketKey);
      if (wait > 0) {
        // The rate budget is spent: the rest wait for it, untried.
        await repo.releaseJobs(
          db,
          works.slice(start).map((work) => work.job.id),
          this.workerId,
          this.now() + wait,
        );
        break;
      }
      const batch = works.slice(start, start + limit);
      const startedMs = this.now();
      let outcomes: PushOutcome[];
      try {
        outcomes = await connector.push(
          account,
          batch.map((work) => work.record),
          ctx,
        );
      } catch (err) {
        // Connectors never throw for CRM or network failures; anything else is retried like one.
        this.options.log?.warn({ err, customerId, crmCode }, 'crm push: the connector threw');
        outcomes = batch.map(() => ({ kind: 'retry', cause: 'server', reason: '推送出错' }));
      }
      const rate = outcomes.find((outcome) => (outcome?.kind === 'retry' || outcome?.kind === 'deferred') && outcome.retryAfterMs !== undefined);
      if ((rate?.kind === 'retry' || rate?.kind === 'deferred') && rate.retryAfterMs) this.buckets.block(bucketKey, rate.retryAfterMs);
      // Deferred by the CRM's documented rate: never sent, so released untried (no try counted), like the budget's wait.
      const deferred = batch.filter((_, index) => outcomes[index]?.kind === 'deferred');
      if (deferred.length > 0) {
        const waitMs = Math.max(...deferred.map((work) => (outcomes[batch.indexOf(work)] as { retryAfterMs: number }).retryAfterMs));
        await repo.releaseJobs(
          db,
          deferred.map((work) => work.job.id),
          this.workerId,
          this.now() + waitMs,
        );
      }
      const results = batch
        .map((work, index): Finished => ({
          work,
          job: work.job,
          outcome: outcomes[index] ?? { kind: 'retry', cause: 'server', reason: 'CRM未返回该条结果' },
        }))
        .filter((result) => result.outcome.kind !== 'deferred');
      await this.finish(customerId, crmCode, account, results, startedMs);
      await this.countConnection(customerId, crmCode, results);
    }
    if (finished.length > 0) await this.finish(customerId, crmCode, account, finished);
    await this.writeNotes(
      customerId,
      crmCode,
      account,
      jobs.filter((job) => job.origin === 'note'),
      leads,
    );
  }

  /**
   * Writes the follow-ups of duplicates (origin 'note') on their first leads' records, one call
   * each from the connection's call budget: refused where the CRM's API has no follow-up call or
   * the first lead's push was refused or given up (never retried), waiting while that push is
   * still on its way, else the connector's outcome as for a push. A note marks no lead pushed:
   * the duplicate has no record of its own.
   */
  private async writeNotes(
    customerId: number,
    crmCode: CrmCode,
    account: CrmAccountParams,
    jobs: repo.PushJobRow[],
    leads: Map<number, repo.PushLeadRow>,
  ): Promise<void> {
    if (jobs.length === 0) return;
    const { db, crm } = this.deps;
    const connector = crm.connector(crmCode);
    const ctx = crm.contextFor(db, customerId, account);
    const bucketKey = `${customerId}:${crmCode}`;
    const firsts = await repo.firstLeadPushes(
      db,
      customerId,
      crmCode,
      [...leads.values()].flatMap((lead) => (lead.duplicateOf === null ? [] : [lead.duplicateOf])),
    );
    const refused: Finished[] = [];
    const waiting: number[] = [];
    for (const [index, job] of jobs.entries()) {
      const lead = leads.get(job.leadId);
      const first = lead?.duplicateOf == null ? undefined : firsts.get(lead.duplicateOf);
      const refuse = (reason: string) => refused.push({ job, outcome: { kind: 'refused', reason } });
      if (!lead || lead.status === LeadStatus.Deleted || lead.duplicateOf === null) refuse(DuplicateText.NoteFirstDeleted);
      else if (!connector.followUp) refuse(DuplicateText.NoteUnsupported);
      else if (
        !first ||
        first.status === PushStatus.Refused ||
        first.status === PushStatus.Failed ||
        (first.status === PushStatus.Delivered && !first.crmId)
      )
        refuse(DuplicateText.NoteFirstNotPushed);
      else if (first.status !== PushStatus.Delivered) waiting.push(job.id);
      else {
        const wait = this.buckets.take(bucketKey);
        if (wait > 0) {
          waiting.push(...jobs.slice(index).map((rest) => rest.id));
          await repo.releaseJobs(db, waiting, this.workerId, this.now() + wait);
          waiting.length = 0;
          break;
        }
        const startedMs = this.now();
        let outcome: PushOutcome;
        try {
          outcome = await connector.followUp(
            account,
            {
              crmId: first.crmId!,
              at: Date.parse(lead.createTime),
              content: duplicateNoteContent({
                name: lead.name,
                mobile: lead.mobile,
                at: toChinaDateTime(lead.createTime),
                itemTitle: lead.itemTitle,
                reason: lead.duplicateReason,
              }),
            },
            ctx,
          );
        } catch (err) {
          this.options.log?.warn({ err, customerId, crmCode }, 'crm push: the connector threw on a follow-up');
          outcome = { kind: 'retry', cause: 'server', reason: '推送出错' };
        }
        if (outcome.kind === 'deferred') {
          await repo.releaseJobs(db, [job.id], this.workerId, this.now() + outcome.retryAfterMs);
          continue;
        }
        if (outcome.kind === 'retry' && outcome.retryAfterMs) this.buckets.block(bucketKey, outcome.retryAfterMs);
        const result: Finished = { job, outcome };
        await this.finish(customerId, crmCode, account, [result], startedMs);
        await this.countConnection(customerId, crmCode, [result]);
      }
    }
    // The first lead's push is on its way: the note is due again later, no try counted.
    if (waiting.length > 0) await repo.releaseJobs(db, waiting, this.workerId, this.now() + NOTE_WAIT_MS);
    if (refused.length > 0) await this.finish(customerId, crmCode, account, refused);
  }

  /** Records the outcome of each job (an attempt row and the job's new state) in its own transaction; then the notices. */
  private async finish(
    customerId: number,
    crmCode: string,
    account: CrmAccountParams | null,
    results: Finished[],
    startedMs?: number,
  ): Promise<void> {
    const { db, events } = this.deps;
    const attemptNos = await this.lastAttemptNos(results.map((result) => result.job.id));
    let follower: string | null = null;
    const failed: Finished[] = [];
    for (const result of results) {
      const { job, outcome, work } = result;
      const now = this.now();
      const started = startedMs ?? now;
      const attempts = job.attempts + 1;
      let status: string = PushStatus.Pending;
      let reason: string | null = null;
      let crmId: string | null = null;
      let nextAttemptAt: number | null = null;
      switch (outcome.kind) {
        case 'delivered':
          status = PushStatus.Delivered;
          crmId = outcome.crmId;
          reason = job.origin === 'note' ? DuplicateText.NoteWritten : outcome.duplicate ? DuplicateFound : null;
          follower ??= account && isCrmCode(crmCode) ? await this.followerOf(customerId, account) : null;
          break;
        case 'refused':
          status = PushStatus.Refused;
          reason = outcome.reason;
          break;
        case 'failed':
          status = PushStatus.Failed;
          reason = outcome.reason;
          break;
        case 'retry': {
          reason = outcome.reason;
          const delay = retryDelay(attempts, { schedule: this.schedule, random: this.random, retryAfterMs: outcome.retryAfterMs });
          if (delay === null) status = PushStatus.Failed;
          else nextAttemptAt = now + delay;
          break;
        }
      }
      // A CRM's text can be any length: stored cut to the column, saying how long it was.
      if (reason !== null) reason = boundReason(reason);
      try {
        await withEvents(db, events, async (tx, publish) => {
          const changed = await tx
            .updateTable('crmPushJobs')
            .set({
              status,
              attempts,
              lastReason: reason,
              crmId,
              leaseUntil: null,
              claimedBy: null,
              ...(nextAttemptAt !== null ? { nextAttemptAt } : {}),
              ...(status === PushStatus.Delivered ? { deliveredAt: chinaTimeOf(now) } : {}),
            })
            .where('id', '=', job.id)
            .where('claimedBy', '=', this.workerId)
            .where('status', '=', PushStatus.Pending)
            .executeTakeFirst();
          // Another worker took the job over (this one's lease ran out): its result stands.
          if (Number(changed.numUpdatedRows) === 0) throw new JobTakenOver();
          await tx
            .insertInto('crmPushAttempts')
            .values({
              jobId: job.id,
              customerId,
              attemptNo: (attemptNos.get(job.id) ?? 0) + 1,
              startedAt: chinaTimeOf(started),
              finishedAt: chinaTimeOf(now),
              startedMs: started,
              outcome: status === PushStatus.Pending ? 'retry' : status,
              reason,
              fields: JSON.stringify(work ? sentFields(work.record) : []),
              crmId,
              nextRetryAt: nextAttemptAt === null ? null : chinaTimeOf(nextAttemptAt),
            })
            .execute();
          if (status === PushStatus.Delivered && job.origin !== 'note')
            await this.markPushed(tx, customerId, job.leadId, follower ?? CRM_LABELS[crmCode as CrmCode] ?? crmCode);
          if (status !== PushStatus.Pending && work) publish('lead.pushed', { customerId, listKind: work.lead.listKind as LeadKind, id: job.leadId });
        });
      } catch (err) {
        if (err instanceof JobTakenOver) continue;
        throw err;
      }
      if (status === PushStatus.Failed && outcome.kind === 'retry') failed.push(result);
    }
    if (failed.length > 0) {
      const label = CRM_LABELS[crmCode as CrmCode] ?? crmCode;
      const example = failed[0].outcome.kind === 'retry' ? failed[0].outcome.reason : '';
      await createNotice(db, events, {
        customerId,
        title: PushNotice.FailedTitle,
        contents: PushNotice.failed(label, failed.length, example.slice(0, 200)),
      });
    }
  }

  /** The highest attempt number so far of each job (a requeued job goes on counting). */
  private async lastAttemptNos(jobIds: number[]): Promise<Map<number, number>> {
    if (jobIds.length === 0) return new Map();
    const rows = await this.deps.db
      .selectFrom('crmPushAttempts')
      .select(['jobId', (eb) => eb.fn.max('attemptNo').as('last')])
      .where('jobId', 'in', jobIds)
      .groupBy('jobId')
      .execute();
    return new Map(rows.map((row) => [row.jobId, Number(row.last)]));
  }

  /** The follower a pushed lead shows: the account's follow-up staff by name when synced, else the CRM's name. */
  private async followerOf(customerId: number, account: CrmAccountParams): Promise<string> {
    const id = followUpIdOf(account);
    const name = id ? await repo.staffName(this.deps.db, customerId, account.crmCode, id) : null;
    return name ?? CRM_LABELS[account.crmCode];
  }

  /** The lead is pushed: crmPushed, and the follower unless it has a receiver already (the receive reports follow it). */
  private async markPushed(tx: Db, customerId: number, leadId: number, follower: string): Promise<void> {
    let current = tx.selectFrom('leads').select('crmFollower').where('customerId', '=', customerId).where('id', '=', leadId);
    if (tx.getExecutor().adapter instanceof PostgresAdapter) current = current.forUpdate();
    const lead = await current.executeTakeFirst();
    if (!lead) return;
    if (!lead.crmFollower) {
      await moveReceiver(tx, customerId, [leadId], follower);
      await tx
        .updateTable('leads')
        .set({ crmPushed: 1, crmFollower: follower })
        .where('customerId', '=', customerId)
        .where('id', '=', leadId)
        .execute();
    } else {
      await tx.updateTable('leads').set({ crmPushed: 1 }).where('customerId', '=', customerId).where('id', '=', leadId).execute();
    }
  }

  /** Counts the call in the account's run of failures: a delivery ends the run (and a pause), a passing failure adds one. */
  private async countConnection(customerId: number, crmCode: string, results: Finished[]): Promise<void> {
    const { db, events } = this.deps;
    const account = () => db.updateTable('crmAccounts').where('customerId', '=', customerId).where('crmCode', '=', crmCode);
    if (results.some((result) => result.outcome.kind === 'delivered')) {
      const recovered = await account()
        .set({ consecutiveFailures: 0, pausedAt: null })
        .where((eb) => eb.or([eb('consecutiveFailures', '>', 0), eb('pausedAt', 'is not', null)]))
        .executeTakeFirst();
      // The CRM answers again after a run of failures: what waited for it is due now.
      if (Number(recovered.numUpdatedRows) > 0) await repo.wakeWaitingJobs(db, customerId, crmCode, this.now());
      this.lastProbe.delete(`${customerId}:${crmCode}`);
      return;
    }
    const failing = results.some((result) => result.outcome.kind === 'retry' && result.outcome.cause !== 'rate');
    if (!failing) return;
    const row = await account()
      .set((eb) => ({ consecutiveFailures: eb('consecutiveFailures', '+', 1) }))
      .returning(['consecutiveFailures', 'pausedAt'])
      .executeTakeFirst();
    if (!row || row.pausedAt !== null || row.consecutiveFailures < this.pauseAfter) return;
    const paused = await account()
      .set({ pausedAt: chinaTimeOf(this.now()) })
      .where('pausedAt', 'is', null)
      .executeTakeFirst();
    if (Number(paused.numUpdatedRows) === 0) return;
    const label = CRM_LABELS[crmCode as CrmCode] ?? crmCode;
    await createNotice(db, events, { customerId, title: PushNotice.PausedTitle, contents: PushNotice.paused(label, row.consecutiveFailures) });
    this.options.log?.warn({ customerId, crmCode, failures: row.consecutiveFailures }, 'crm push: connection paused');
  }

  /**
   * Deletes attempts and finished jobs older than PUSH_LOG_DAYS, at most `sweepLimit` rows of
   * each; answers how many. A pending job is never deleted, whatever its age.
   */
  async sweep(): Promise<{ attempts: number; jobs: number }> {
    const { db } = this.deps;
    const cutoff = this.now() - PUSH_LOG_DAYS * DAY_MS;
    const attempts = await db
      .deleteFrom('crmPushAttempts')
      .where('id', 'in', db.selectFrom('crmPushAttempts').select('id').where('startedMs', '<', cutoff).orderBy('startedMs').limit(this.sweepLimit))
      .executeTakeFirst();
    const jobs = await db
      .deleteFrom('crmPushJobs')
      .where(
        'id',
        'in',
        db
          .selectFrom('crmPushJobs')
          .select('id')
          .where('status', '!=', PushStatus.Pending)
          .where('createdAt', '<', cutoff)
          .orderBy('createdAt')
          .limit(this.sweepLimit),
      )
      .executeTakeFirst();
    return { attempts: Number(attempts.numDeletedRows), jobs: Number(jobs.numDeletedRows) };
  }

  /** Starts the loop: claim and push while jobs are due, else wait `pollMs`; sweep now and then. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.loop = this.run();
  }

  /** Stops the loop after the claims under way (their results are recorded). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      let claimed = 0;
      const full = this.running.size >= this.maxInFlight;
      try {
        this.freed = false;
        if (!full) claimed = (await this.claim()).claimed;
        // Follower changes and record reads run beside the pushes, one run at a time (a slow CRM holds only them).
        if (!this.sideRun) {
          const run = this.runSideWork()
            .catch((err: unknown) => this.options.log?.error({ err }, 'crm push: follower changes or record reads failed'))
            .then(() => undefined)
            .finally(() => {
              this.running.delete(run);
              this.sideRun = null;
            });
          this.sideRun = run;
          this.running.add(run);
        }
        if (this.now() - this.lastSweep >= this.sweepEveryMs) {
          this.lastSweep = this.now();
          const swept = await this.sweep();
          if (swept.attempts + swept.jobs > 0) this.options.log?.info(swept, 'crm push: old log rows deleted');
        }
      } catch (err) {
        this.options.log?.error({ err }, 'crm push: the worker loop failed');
      }
      // Claims again at once while it finds work and has room, or when a run has ended meanwhile.
      if ((claimed === 0 || full) && !this.freed && !this.stopped) await this.idle();
    }
    await Promise.all(this.running);
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.pollMs);
      timer.unref();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The push worker of this process, when config.crm.worker is on. */
    pushWorker: PushWorker | null;
  }
}

/**
 * Runs the push worker in the server when `enabled` (config.crm.worker): started once the server
 * listens (start.ts migrates before that), stopped on close after the batch under way.
 */
export const pushWorkerPlugin = fp<{ enabled: boolean; options?: PushWorkerOptions }>(
  async (app: FastifyInstance, { enabled, options }) => {
    if (!enabled) {
      app.decorate('pushWorker', null);
      return;
    }
    const worker = new PushWorker({ db: app.db, events: app.events, crm: app.crm }, { pollMs: app.crm.config.pollMs, log: app.log, ...options });
    app.decorate('pushWorker', worker);
    app.addHook('onListen', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  },
  { name: 'crm-push-worker', dependencies: ['db', 'events', 'crm-runtime'] },
);
