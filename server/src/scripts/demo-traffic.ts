import { parseArgs } from 'node:util';
import { ChannelType, ItemStatus, ResType } from '@portal/contracts';
import { LEAD_KIND_LABELS, type LeadKind } from '@portal/contracts/leads';
import { type DailyFiguresRow, INGEST_KEY_HEADER, type IngestDailyFigures, type IngestLead, ingestLeadSchema } from '@portal/contracts/ingest';
import { ingestEndpoints } from '@portal/contracts/endpoints';
import type { Kysely } from 'kysely';
import { loadDemoConfig } from '../demo/config';
import { openDatabase } from '../db/database';
import type { Database } from '../db/schema';
import { chinaToday } from '../lib/time';
import { DEMO_LEAD_TEXTS as T } from '../db/seed-leads';
import { ensureIngestKey } from '../modules/ingest/service';

const USAGE = `Usage: demo-traffic [--rate 2] [--account demo] [--url http://localhost:8080] [--key <ingest key>] [--count N]

Sends realistic leads to POST <url>/rest/open/leads, --rate per second, until Ctrl+C (or --count
leads), and today's delivery figures of the projects they reach to PUT <url>/rest/open/daily-stats
(every 5 s and at the end), so the workbench's charts move. The account's ingestion key, items,
channels and today's figures are read from the server's database (DATABASE_URL / SQLITE_PATH, as
the server); --key uses a key of your own instead.`;

export interface TrafficTarget {
  items: Array<{ id: number; title: string }>;
  channels: Array<{ id: number; title: string; channelType: number }>;
}

/** Mostly smart investment, bidding and form leads, as real traffic is. */
const KIND_WEIGHTS: Array<[LeadKind, number]> = [
  ['resource', 0.4],
  ['feedback', 0.25],
  ['infoList', 0.2],
  ['baiList', 0.1],
  ['todayHeader', 0.05],
];

/** One plausible lead for the target's items and channels, valid for ingestLeadSchema. */
export function randomLead(target: TrafficTarget, random: () => number = Math.random): IngestLead {
  const pick = <V>(list: readonly V[]): V => list[Math.floor(random() * list.length)];
  let roll = random();
  const listKind = (KIND_WEIGHTS.find(([, weight]) => (roll -= weight) < 0) ?? KIND_WEIGHTS[0])[0];
  const item = pick(target.items);
  const [province, city] = pick(T.places);
  const feeds = target.channels.filter((channel) => channel.channelType === ChannelType.InformationFeed);
  const bidding = target.channels.filter((channel) => channel.channelType === ChannelType.Bidding);
  const pool = listKind === 'infoList' || listKind === 'todayHeader' ? feeds : listKind === 'resource' ? target.channels : bidding;
  const channel = pool.length ? pick(pool) : undefined;
  const chat = listKind === 'resource' && random() < 0.4;
  const word = pick(T.keywordPatterns).replace('{}', item.title.replace(/(加盟|连锁|中心)$/u, ''));
  const domain = pick(T.engines);
  const suspected = random() < 0.05;
  return {
    listKind,
    resType: chat ? ResType.SmartChat : ResType.Form,
    itemId: item.id,
    channelId: channel?.id,
    name: random() < 0.2 ? `${pick(T.surnames)}${pick(['先生', '女士'])}` : `${pick(T.surnames)}${pick(T.given)}`,
    mobile: suspected
      ? `0${Math.floor(random() * 1e10)}`.padEnd(11, '0')
      : `1${pick(['3', '5', '7', '8', '9'])}${String(Math.floor(random() * 1e9)).padStart(9, '0')}`,
    province,
    city,
    searchWord: listKind === 'infoList' ? undefined : word,
    searchDomain: listKind === 'infoList' ? undefined : domain,
    referrerUrl: listKind === 'infoList' ? undefined : `https://${domain}/s?wd=${encodeURIComponent(word)}`,
    pageUrl: `https://lp.portal-demo.cn/item${item.id}/p${1 + Math.floor(random() * 8)}.html`,
    content: chat
      ? { feedback: pick(T.chatFeedback), visitTime: `${1 + Math.floor(random() * 10)}分钟`, sex: pick(['男', '女']), budget: pick(T.budgets) }
      : random() < 0.6
        ? pick(T.messages)
        : undefined,
    descrip: random() < 0.4 ? pick(T.portraits) : undefined,
    otherInfo: random() < 0.3 ? pick(T.otherInfo) : undefined,
    genreId: 1 + Math.floor(random() * 5),
    templateStyle: 1 + Math.floor(random() * 4),
    ipArea: `${province}${city === province ? '' : city}`,
    source: pick(['PC端', '移动端', 'APP']),
    questionnaire:
      listKind === 'infoList' && random() < 0.3 ? T.questions.map(([question, answers]) => ({ question, answer: pick(answers) })) : undefined,
  };
}

/** A project's figures of one day, as PUT /rest/open/daily-stats carries them. */
export type Figures = Omit<DailyFiguresRow, 'itemId' | 'date'>;

const NO_FIGURES: Figures = { impressions: 0, clicks: 0, validConversations: 0, phoneRequests: 0 };

/**
 * A project's figures of the day after one more lead: the clicks that brought it (3 to 6, as the
 * seed's history has them), the impressions behind those clicks, and sometimes a valid
 * conversation or a phone request. Each figure only grows.
 */
export function withOneLead(figures: Figures, random: () => number = Math.random): Figures {
  const clicks = 3 + Math.floor(random() * 4);
  return {
    impressions: figures.impressions + clicks * (15 + Math.floor(random() * 26)),
    clicks: figures.clicks + clicks,
    validConversations: figures.validConversations + (random() < 0.55 ? 1 : 0),
    phoneRequests: figures.phoneRequests + (random() < 0.2 ? 1 : 0),
  };
}

/** The body of PUT /rest/open/daily-stats giving `date`'s figures of the projects in `figures`. */
export const figuresBody = (date: string, figures: ReadonlyMap<number, Figures>): IngestDailyFigures => ({
  rows: [...figures].map(([itemId, day]) => ({ itemId, date, ...day })),
});

export interface TrafficAccount extends TrafficTarget {
  key: string;
  /** Today's stored figures of the account's projects (China day), where it has any. */
  figures: Map<number, Figures>;
}

/** The account's key (made when it has none), items on air (all when none is), channels and today's figures. */
export async function readAccount(db: Kysely<Database>, loginAccount: string, today: string = chinaToday()): Promise<TrafficAccount> {
  const customer = await db.selectFrom('customers').select('id').where('loginAccount', '=', loginAccount).executeTakeFirst();
  if (!customer) throw new Error(`No account "${loginAccount}" in the database`);
  const items = await db.selectFrom('items').select(['id', 'title', 'status']).where('customerId', '=', customer.id).orderBy('id').execute();
  const onAir = items.filter((item) => item.status === ItemStatus.OnAir);
  const channels = await db.selectFrom('channels').select(['id', 'title', 'channelType']).where('customerId', '=', customer.id).execute();
  if (items.length === 0) throw new Error(`The account "${loginAccount}" has no items`);
  const stored = await db
    .selectFrom('dailyStats')
    .select(['itemId', 'impressions', 'clicks', 'validConversations', 'phoneRequests'])
    .where('customerId', '=', customer.id)
    .where('date', '=', today)
    .execute();
  const figures = new Map(stored.map(({ itemId, ...day }) => [itemId, day]));
  return { key: await ensureIngestKey(db, customer.id), items: onAir.length ? onAir : items, channels, figures };
}

export interface TrafficOptions {
  account: TrafficAccount;
  /** The key sent (the account's unless --key). */
  key: string;
  /** The server, e.g. http://localhost:8080. */
  url: string;
  /** Leads per second. */
  rate: number;
  /** Leads to send (Infinity: until stopped). */
  count: number;
  stopped?: () => boolean;
  log?: (line: string) => void;
  random?: () => number;
}

/** The figures go out at most this often while leads flow, and once more at the end. */
const FIGURES_EVERY_MS = 5_000;

/**
 * Sends leads at `rate` until `count` or `stopped()`, and today's figures of the projects that
 * received them, grown by withOneLead from what was stored (a re-send replaces the day's row, so
 * each call carries the day's totals so far). A new China day starts from nothing.
 */
export async function runTraffic(options: TrafficOptions): Promise<{ sent: number; failed: number; figureCalls: number }> {
  const { account, key, rate, count, stopped = () => false, log = console.log, random = Math.random } = options;
  const leadUrl = new URL(`/rest${ingestEndpoints.lead.path}`, options.url).toString();
  const figuresUrl = new URL(`/rest${ingestEndpoints.dailyFigures.path}`, options.url).toString();
  const headers = { 'content-type': 'application/json', [INGEST_KEY_HEADER]: key };
  let day = chinaToday();
  let figures = new Map(account.figures);
  const changed = new Set<number>();
  let sent = 0;
  let failed = 0;
  let figureCalls = 0;
  let figuresSentAt = Date.now();

  const sendFigures = async () => {
    if (changed.size === 0) return;
    const body = figuresBody(day, new Map([...changed].map((itemId) => [itemId, figures.get(itemId)!])));
    changed.clear();
    figuresSentAt = Date.now();
    try {
      const response = await fetch(figuresUrl, { method: ingestEndpoints.dailyFigures.method, headers, body: JSON.stringify(body) });
      const answer = (await response.json().catch(() => ({}))) as { message?: string };
      figureCalls++;
      log(`${response.status} figures of ${day}: ${response.status === 200 ? `${body.rows.length} project(s)` : (answer.message ?? '')}`);
    } catch (error) {
      log(`figures failed: ${(error as Error).message}`);
    }
  };

  const started = Date.now();
  while (!stopped() && sent + failed < count) {
    const lead = ingestLeadSchema.parse(randomLead(account, random));
    const item = account.items.find((candidate) => candidate.id === lead.itemId)!;
    try {
      const response = await fetch(leadUrl, { method: ingestEndpoints.lead.method, headers, body: JSON.stringify(lead) });
      const body = (await response.json().catch(() => ({}))) as { message?: string; data?: { id?: number } };
      if (response.status === 201) {
        sent++;
        log(`201 #${body.data?.id} ${LEAD_KIND_LABELS[lead.listKind]} ${lead.name} ${lead.mobile} ${item.title}`);
        if (chinaToday() !== day) {
          await sendFigures();
          day = chinaToday();
          figures = new Map();
        }
        figures.set(item.id, withOneLead(figures.get(item.id) ?? NO_FIGURES, random));
        changed.add(item.id);
      } else {
        failed++;
        log(`${response.status} ${body.message ?? ''}`);
      }
    } catch (error) {
      failed++;
      log(`failed: ${(error as Error).message} (is the server running at ${options.url}?)`);
    }
    if (Date.now() - figuresSentAt >= FIGURES_EVERY_MS) await sendFigures();
    // Keep the rate whatever the answer time.
    const due = started + ((sent + failed) * 1000) / rate;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
  }
  await sendFigures();
  return { sent, failed, figureCalls };
}

async function main(argv: string[]): Promise<number> {
  let options;
  try {
    options = parseArgs({
      args: argv,
      options: {
        rate: { type: 'string', default: '2' },
        account: { type: 'string', default: 'demo' },
        url: { type: 'string', default: 'http://localhost:8080' },
        key: { type: 'string' },
        count: { type: 'string' },
        help: { type: 'boolean' },
      },
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const rate = Number(options.rate);
  const count = options.count === undefined ? Infinity : Number(options.count);
  if (options.help || !(rate > 0 && rate <= 100) || !(count > 0)) {
    console.error(USAGE);
    return options.help ? 0 : 2;
  }

  const db = openDatabase(loadDemoConfig().server.database);
  let account: TrafficAccount;
  try {
    account = await readAccount(db, options.account);
  } finally {
    await db.destroy();
  }
  console.log(`Sending ${rate} lead(s)/s and today's figures for ${options.account} to ${options.url} (Ctrl+C stops)`);

  let stopped = false;
  process.once('SIGINT', () => {
    stopped = true;
  });
  const { sent, failed, figureCalls } = await runTraffic({
    account,
    key: options.key ?? account.key,
    url: options.url,
    rate,
    count,
    stopped: () => stopped,
  });
  console.log(`Done: ${sent} sent, ${failed} failed, figures sent ${figureCalls} time(s).`);
  return failed > 0 && sent === 0 ? 1 : 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
