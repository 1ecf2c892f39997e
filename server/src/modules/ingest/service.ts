import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { LeadStatus, MobileStatus, PHONE_PATTERN, PlatformMessage, ReadStatus } from '@portal/contracts';
import { LEAD_TABLE_NAMES } from '@portal/contracts/leads';
import { type DailyFiguresRow, IDEMPOTENCY_KEY_TTL_MS, INGEST_SIGNATURE_MAX_SKEW_S, type IngestLead, IngestMessage } from '@portal/contracts/ingest';
import type { Kysely, Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import type { ServerEvents } from '../../realtime/events';
import { type PublishAfterCommit, withEvents } from '../../realtime/with-events';
import { crmsOfLead, enqueuePushes } from '../crm/push/outbox';
import { distributeNewLead } from '../distribution/service';
import { checkDuplicate, leadRules } from '../leads/duplicates';
import { checkAtArrival } from '../phone-check/service';
import * as leadsRepo from '../leads/repo';
import { recordArrival } from '../reports/rollup';
import * as repo from './repo';

/** A key is 32 random bytes in hex. */
export const newIngestKey = (): string => randomBytes(32).toString('hex');
const KEY_FORMAT = /^[0-9a-f]{64}$/;

/** The customer's key, made on first request. */
export async function ensureIngestKey(db: Db, customerId: number): Promise<string> {
  const existing = await repo.findKey(db, customerId);
  if (existing) return existing;
  await repo.insertKeyIfMissing(db, customerId, newIngestKey());
  return (await repo.findKey(db, customerId))!;
}

/** A new key for the customer; the old one stops working. */
export async function regenerateIngestKey(db: Db, customerId: number): Promise<string> {
  const key = newIngestKey();
  await repo.replaceKey(db, customerId, key);
  return key;
}

/** The customer a key belongs to; null for a malformed or unknown key. */
export async function customerIdForKey(db: Db, key: string | undefined): Promise<number | null> {
  if (!key || !KEY_FORMAT.test(key)) return null;
  return repo.findCustomerIdByKey(db, key);
}

/** Whether the customer has a signing secret (never the secret itself) and requires signatures. */
export async function signingSettings(db: Db, customerId: number): Promise<{ hasSecret: boolean; required: boolean }> {
  const row = await repo.findSigning(db, customerId);
  return { hasSecret: Boolean(row?.ingestSigningSecret), required: row?.ingestSignatureRequired === 1 };
}

/** A new signing secret (32 random bytes in hex), answered this once; the old one stops verifying at once. */
export async function generateSigningSecret(db: Db, customerId: number): Promise<string> {
  const secret = randomBytes(32).toString('hex');
  await repo.upsertSigning(db, customerId, { ingestSigningSecret: secret });
  return secret;
}

/** Requires signatures (or not); requiring them needs a secret first (409). */
export async function setSignatureRequired(db: Db, customerId: number, required: boolean): Promise<{ hasSecret: boolean; required: boolean }> {
  if (required && !(await signingSettings(db, customerId)).hasSecret) throw new AppError(409, '409', IngestMessage.SigningSecretMissing);
  await repo.upsertSigning(db, customerId, { ingestSignatureRequired: required ? 1 : 0 });
  return signingSettings(db, customerId);
}

/** The hex HMAC-SHA256 a signed send carries: of `timestamp + '.' + raw body`, keyed by the signing secret. */
export const signatureOf = (secret: string, timestamp: string, rawBody: Buffer): string =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');

/**
 * The signature check of a lead send (its headers' formats are the entry's header schema's): a
 * send that carries a signature must be signed with the customer's secret over its raw body and a
 * timestamp within INGEST_SIGNATURE_MAX_SKEW_S of `now`; one that carries none passes unless the
 * customer requires signatures. Refusals are 401; the comparison is constant-time.
 */
export async function checkSignature(
  db: Db,
  customerId: number,
  rawBody: Buffer,
  sent: { signature?: string; timestamp?: string },
  now: Date = new Date(),
): Promise<void> {
  const settings = await repo.findSigning(db, customerId);
  if (sent.signature === undefined) {
    if (settings?.ingestSignatureRequired === 1) throw new AppError(401, '401', IngestMessage.SignatureRequired);
    return;
  }
  if (!settings?.ingestSigningSecret || sent.timestamp === undefined) throw new AppError(401, '401', IngestMessage.SignatureInvalid);
  if (Math.abs(now.getTime() / 1000 - Number(sent.timestamp)) > INGEST_SIGNATURE_MAX_SKEW_S)
    throw new AppError(401, '401', IngestMessage.SignatureStale);
  const expected = Buffer.from(signatureOf(settings.ingestSigningSecret, sent.timestamp, rawBody), 'hex');
  const given = Buffer.from(sent.signature.slice('sha256='.length), 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError(401, '401', IngestMessage.SignatureInvalid);
}

const orNull = <T>(value: T | undefined): T | null => (value === undefined || value === '' ? null : value);

/**
 * Stores one arriving lead (unread) in one transaction: distributed to the person on shift whose
 * turn it is (or queued while nobody qualifies), counted in the report rollups under its
 * receiver, with its CRM push jobs (the outbox; held back while it waits); then publishes
 * `lead.arrived` (and `lead.pushed` for older waiting leads of its group handed over first). The
 * item and channel must be the customer's; the phone is classified: PHONE_PATTERN is normal, any
 * other digits suspected. A repeat of an earlier lead is marked duplicate and, by the customer's
 * rule, held back (storeLead, checkDuplicate). `now` is the arrival time (the tests' clock).
 */
export async function ingestLead(
  db: Kysely<Database>,
  events: ServerEvents,
  customerId: number,
  lead: IngestLead,
  now: Date = new Date(),
): Promise<number> {
  // `lead.arrived` goes out after the commit: listeners only ever hear of leads that are really there.
  return withEvents(db, events, (tx, publish) => storeLead(tx, publish, customerId, lead, now));
}

/** An Idempotency-Key of one lead send, with the SHA-256 (hex) of the raw body it came with. */
export interface IdempotencyClaim {
  key: string;
  bodyHash: string;
}

/**
 * ingestLead for a send carrying an Idempotency-Key: the key is claimed in the lead's own
 * transaction, first (an insert on the unique (customer, key); a row older than
 * IDEMPOTENCY_KEY_TTL_MS is taken over), so the lead, its rollup counts, distribution and push
 * jobs exist exactly when the key does. A send whose claim finds the key taken (a concurrent
 * second sender waits for the first's commit on PostgreSQL, and runs after it under SQLite's
 * write lock) stores nothing: the same body gets the first lead's id (`replayed`), another body
 * a 409. A first send that fails (404...) rolls its claim back, so the key stays free.
 */
export async function ingestLeadOnce(
  db: Kysely<Database>,
  events: ServerEvents,
  customerId: number,
  lead: IngestLead,
  claim: IdempotencyClaim,
  now: Date = new Date(),
): Promise<{ id: number; replayed: boolean }> {
  return withEvents(db, events, async (tx, publish) => {
    const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS).toISOString();
    const claimed = await repo.claimIdempotencyKey(tx, { customerId, ...claim, createdAt: now.toISOString() }, expiredBefore);
    if (claimed === null) {
      const stored = await repo.findIdempotencyKey(tx, customerId, claim.key);
      // (A key taken but answerless or gone cannot be a replay either.)
      if (!stored || stored.leadId === null || stored.bodyHash !== claim.bodyHash) throw new AppError(409, '409', IngestMessage.IdempotencyConflict);
      return { id: stored.leadId, replayed: true };
    }
    const id = await storeLead(tx, publish, customerId, lead, now);
    await repo.setIdempotencyLead(tx, claimed, id);
    return { id, replayed: false };
  });
}

/** Forgets at most `limit` of the customer's Idempotency-Keys older than IDEMPOTENCY_KEY_TTL_MS (bounded work per send). */
export async function forgetExpiredIdempotencyKeys(db: Db, customerId: number, now: Date = new Date(), limit = 100): Promise<number> {
  return repo.deleteExpiredIdempotencyKeys(db, customerId, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS).toISOString(), limit);
}

/**
 * The body of ingestLead, in the caller's transaction (its events through `publish`, sent after the
 * commit): for a caller that must store the lead together with its own rows (a chat conversation's
 * lead id), as every lead is stored.
 */
export async function storeLead(
  tx: Transaction<Database>,
  publish: PublishAfterCommit,
  customerId: number,
  lead: IngestLead,
  now: Date,
): Promise<number> {
  const item = await repo.findItem(tx, customerId, lead.itemId);
  if (!item) throw notFound(PlatformMessage.ItemNotFound);
  const channel = lead.channelId === undefined ? undefined : await repo.findChannel(tx, customerId, lead.channelId);
  if (lead.channelId !== undefined && !channel) throw notFound(IngestMessage.ChannelNotFound);
  const region = lead.region || [lead.province, lead.city].filter(Boolean).join(' ');
  const stored = {
    customerId,
    listKind: lead.listKind,
    tableName: LEAD_TABLE_NAMES[lead.listKind],
    itemId: item.id,
    itemTitle: item.title,
    modeType: item.modeType,
    name: lead.name,
    mobile: lead.mobile,
    mobileStatus: PHONE_PATTERN.test(lead.mobile) ? MobileStatus.Normal : MobileStatus.Suspected,
    other: orNull(lead.other),
    channelId: channel?.id ?? null,
    channelTitle: channel?.title ?? null,
    searchWord: orNull(lead.searchWord),
    region: orNull(region),
    province: orNull(lead.province),
    city: orNull(lead.city),
    resType: lead.resType,
    platform: lead.platform ?? null,
    descrip: orNull(lead.descrip),
    otherInfo: orNull(lead.otherInfo),
    createTime: now.toISOString(),
    crmPushed: 0,
    readStatus: ReadStatus.Unread,
    status: LeadStatus.Normal,
    genreId: lead.genreId ?? null,
    templateStyle: lead.templateStyle ?? null,
    searchDomain: orNull(lead.searchDomain),
    referrerUrl: orNull(lead.referrerUrl),
    pageUrl: orNull(lead.pageUrl),
    content: lead.content === undefined ? null : typeof lead.content === 'string' ? lead.content : JSON.stringify(lead.content),
    callData: null,
    questionnaire: lead.questionnaire ? JSON.stringify(lead.questionnaire) : null,
    feedbackId: orNull(lead.feedbackId),
    clientId: orNull(lead.clientId),
    source: orNull(lead.source),
    qq: orNull(lead.qq),
    address: orNull(lead.address),
    ipArea: orNull(lead.ipArea),
  };
  const where = { province: stored.province, region: stored.region, channelId: stored.channelId };
  // A repeat of an earlier lead (issue 24) is stored marked, with its reason; by the customer's
  // rule it is held back: no receiver, no push (still counted as received, under no receiver).
  // The customer's lead rules, read once for both checks below.
  const rules = await leadRules(tx, customerId);
  const duplicate = await checkDuplicate(tx, customerId, { mobile: lead.mobile, other: stored.other, itemId: item.id }, now, rules);
  // Its number's class (issue 24): known from the cache, else queued for the checker; under the
  // hold-back setting it waits for that class (and stays held for an empty or risky one).
  const phone = await checkAtArrival(tx, customerId, duplicate.phoneKey, now, rules.phoneHoldBack);
  const marked = {
    ...stored,
    ...phone.columns,
    phoneHeld: duplicate.holdBack ? null : phone.columns.phoneHeld,
    phoneKey: duplicate.phoneKey,
    otherKey: duplicate.otherKey,
    duplicateOf: duplicate.duplicateOf,
    duplicateReason: duplicate.duplicateReason,
  };
  if (duplicate.holdBack || phone.holdBack) {
    const id = await leadsRepo.insertLead(tx, { ...marked, crmFollower: null, crmFollowerId: null });
    await recordArrival(tx, { ...marked, crmFollower: null });
    // Under 'note', a follow-up about it goes on the first lead's record in each CRM the first
    // lead is queued or pushed to (the worker writes it once that push has delivered).
    if (duplicate.note && duplicate.duplicateOf !== null) {
      const crmCodes = await crmsOfLead(tx, customerId, duplicate.duplicateOf);
      await enqueuePushes(tx, customerId, [{ id, ...where }], 'note', { crmCodes, now: now.getTime() });
    }
    publish('lead.arrived', { customerId, listKind: lead.listKind, id });
    return id;
  }
  // Distribution first (it takes the project's day lock before any rollup row: one lock order
  // everywhere); it stores the lead once it has chosen the receiver, in one statement.
  const distribution = await distributeNewLead(
    tx,
    customerId,
    {
      ...where,
      itemId: item.id,
      channelType: channel?.channelType ?? null,
      insert: (receiver) => leadsRepo.insertLead(tx, { ...marked, crmFollower: receiver?.userName ?? null, crmFollowerId: receiver?.userId ?? null }),
    },
    now,
  );
  const { id } = distribution;
  const pushLead = { id, ...where };
  // The report rollups count it under its receiver in the same transaction (two upserts).
  await recordArrival(tx, { ...marked, crmFollower: distribution.receiver });
  // The CRM push (outbox): a job per CRM with sync on whose rules select the lead, committed with
  // it; a lead waiting for someone on shift is pushed when it is handed over.
  if (distribution.pushNow) {
    const { syncedCrms: crmCodes, selectedBy: selected } = distribution;
    await enqueuePushes(tx, customerId, [pushLead], 'auto', { crmCodes, selected, now: now.getTime() });
  }
  publish('lead.arrived', { customerId, listKind: lead.listKind, id });
  for (const older of distribution.drained) publish('lead.pushed', { customerId, ...older });
  return id;
}

/**
 * Stores the ad platform's daily figures of the customer's projects (PUT /rest/open/daily-stats,
 * and the demo seed's history), all or nothing: every project must be the customer's (else 404
 * and nothing is written), then one upsert replaces what each (itemId, date) had, so a re-send
 * counts once. The bounds (days, figures, batch size, no repeated project-day) are the body
 * schema's. Returns the rows stored.
 */
export async function storeDailyFigures(db: Db, customerId: number, rows: readonly DailyFiguresRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const own = await repo.ownItemIds(db, customerId, [...new Set(rows.map((row) => row.itemId))]);
  if (rows.some((row) => !own.has(row.itemId))) throw notFound(PlatformMessage.ItemNotFound);
  await repo.upsertDailyFigures(
    db,
    rows.map(({ itemId, date, impressions, clicks, validConversations, phoneRequests }) => ({
      customerId,
      itemId,
      date,
      impressions,
      clicks,
      validConversations,
      phoneRequests,
    })),
  );
  return rows.length;
}
