import { randomBytes } from 'node:crypto';
import {
  type DailyFiguresRow,
  type IngestLead,
  IngestMessage,
  LEAD_TABLE_NAMES,
  LeadStatus,
  MobileStatus,
  PHONE_PATTERN,
  PlatformMessage,
  ReadStatus,
} from '@portal/contracts';
import type { Kysely } from 'kysely';
import type { Database, Db } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { ServerEvents } from '../../realtime/events';
import { withEvents } from '../../realtime/with-events';
import { enqueuePushes } from '../crm/push/outbox';
import { distributeNewLead } from '../distribution/service';
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

const orNull = <T>(value: T | undefined): T | null => (value === undefined || value === '' ? null : value);

/**
 * Stores one arriving lead (unread) in one transaction: distributed to the person on shift whose
 * turn it is (or queued while nobody qualifies), counted in the report rollups under its
 * receiver, with its CRM push jobs (the outbox; held back while it waits); then publishes
 * `lead.arrived` (and `lead.pushed` for older waiting leads of its group handed over first). The
 * item and channel must be the customer's; the phone is classified: PHONE_PATTERN is normal, any
 * other digits suspected. `now` is the arrival time (the tests' clock).
 */
export async function ingestLead(
  db: Kysely<Database>,
  events: ServerEvents,
  customerId: number,
  lead: IngestLead,
  now: Date = new Date(),
): Promise<number> {
  // `lead.arrived` goes out after the commit: listeners only ever hear of leads that are really there.
  return withEvents(db, events, async (tx, publish) => {
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
    // Distribution first (it takes the project's day lock before any rollup row: one lock order
    // everywhere); it stores the lead once it has chosen the receiver, in one statement.
    const distribution = await distributeNewLead(
      tx,
      customerId,
      {
        ...where,
        itemId: item.id,
        channelType: channel?.channelType ?? null,
        insert: (receiver) =>
          leadsRepo.insertLead(tx, { ...stored, crmFollower: receiver?.userName ?? null, crmFollowerId: receiver?.userId ?? null }),
      },
      now,
    );
    const { id } = distribution;
    const pushLead = { id, ...where };
    // The report rollups count it under its receiver in the same transaction (two upserts).
    await recordArrival(tx, { ...stored, crmFollower: distribution.receiver });
    // The CRM push (outbox): a job per CRM with sync on whose rules select the lead, committed with
    // it; a lead waiting for someone on shift is pushed when it is handed over.
    if (distribution.pushNow) {
      const { syncedCrms: crmCodes, selectedBy: selected } = distribution;
      await enqueuePushes(tx, customerId, [pushLead], 'auto', { crmCodes, selected, now: now.getTime() });
    }
    publish('lead.arrived', { customerId, listKind: lead.listKind, id });
    for (const older of distribution.drained) publish('lead.pushed', { customerId, ...older });
    return id;
  });
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
