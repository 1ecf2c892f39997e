import { parseArgs } from 'node:util';
import {
  ChannelType,
  INGEST_KEY_HEADER,
  type IngestLead,
  ingestLeadSchema,
  ItemStatus,
  LEAD_KIND_LABELS,
  type LeadKind,
  ResType,
} from '@portal/contracts';
import { ingestEndpoints } from '@portal/contracts/endpoints';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { DEMO_LEAD_TEXTS as T } from '../db/seed-leads';
import { ensureIngestKey } from '../modules/ingest/service';

const USAGE = `Usage: demo-traffic [--rate 2] [--account demo] [--url http://localhost:8080] [--key <ingest key>] [--count N]

Sends realistic leads to POST <url>/rest/open/leads, --rate per second, until Ctrl+C (or --count
leads). The account's ingestion key, items and channels are read from the server's database
(DATABASE_URL / SQLITE_PATH, as the server); --key uses a key of your own instead.`;

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

/** The account's key (made when it has none), items on air (all when none is) and channels. */
async function readAccount(loginAccount: string): Promise<TrafficTarget & { key: string }> {
  const db = openDatabase(loadConfig().database);
  try {
    const customer = await db.selectFrom('customers').select('id').where('loginAccount', '=', loginAccount).executeTakeFirst();
    if (!customer) throw new Error(`No account "${loginAccount}" in the database`);
    const items = await db.selectFrom('items').select(['id', 'title', 'status']).where('customerId', '=', customer.id).orderBy('id').execute();
    const onAir = items.filter((item) => item.status === ItemStatus.OnAir);
    const channels = await db.selectFrom('channels').select(['id', 'title', 'channelType']).where('customerId', '=', customer.id).execute();
    if (items.length === 0) throw new Error(`The account "${loginAccount}" has no items`);
    return { key: await ensureIngestKey(db, customer.id), items: onAir.length ? onAir : items, channels };
  } finally {
    await db.destroy();
  }
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

  const account = await readAccount(options.account);
  const key = options.key ?? account.key;
  const endpoint = new URL(`/rest${ingestEndpoints.lead.path}`, options.url).toString();
  console.log(`Sending ${rate} lead(s)/s for ${options.account} to ${endpoint} (Ctrl+C stops)`);

  let stopped = false;
  process.once('SIGINT', () => {
    stopped = true;
  });
  let sent = 0;
  let failed = 0;
  const started = Date.now();
  while (!stopped && sent + failed < count) {
    const lead = ingestLeadSchema.parse(randomLead(account));
    const item = account.items.find((candidate) => candidate.id === lead.itemId)!;
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [INGEST_KEY_HEADER]: key },
        body: JSON.stringify(lead),
      });
      const body = (await response.json().catch(() => ({}))) as { message?: string; data?: { id?: number } };
      if (response.status === 201) {
        sent++;
        console.log(`201 #${body.data?.id} ${LEAD_KIND_LABELS[lead.listKind]} ${lead.name} ${lead.mobile} ${item.title}`);
      } else {
        failed++;
        console.log(`${response.status} ${body.message ?? ''}`);
      }
    } catch (error) {
      failed++;
      console.log(`failed: ${(error as Error).message} (is the server running at ${options.url}?)`);
    }
    // Keep the rate whatever the answer time.
    const due = started + ((sent + failed) * 1000) / rate;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
  }
  console.log(`Done: ${sent} sent, ${failed} failed.`);
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
