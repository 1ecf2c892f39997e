import { parseArgs } from 'node:util';
import { GOODS_SECTIONS } from '@portal/contracts/mall';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { AppError } from '../../http/errors';
import * as mall from './service';

/** The points mall commands of the operator CLI (server/src/cli.ts); the rules are the service's. */
export const MALL_COMMANDS = ['mall-good', 'mall-stock', 'mall-ship', 'mall-track', 'mall-complete', 'mall-cancel'] as const;
export type MallCommandName = (typeof MALL_COMMANDS)[number];

export const MALL_USAGE = `  mall-good --section ${GOODS_SECTIONS.join('|')} --title <t> --points <n> --min-price <yuan> --max-price <yuan> --stock <n>
          [--pic <url>]... [--details <text>] [--link-url <url>]
                                                              add a good to the points mall (section 1 gifts, 2 intelligent-
                                                              investment tools, 3 brand tools, 4 media tools); prints its id
  mall-stock --good <id> --add <n>                            add stock to a good
  mall-ship --order <id> --company <courier> --code <tracking code>
                                                              ship an order awaiting shipment (status 1 -> 2)
  mall-track --order <id> --context <text> [--time <ISO time>] add a tracking event to an order
  mall-complete --order <id>                                  complete an order awaiting receipt (2 -> 3)
  mall-cancel --order <id>                                    cancel an order (-1): its points and stock are returned`;

type MallCommand =
  | { kind: 'mall-good'; good: mall.NewGood }
  | { kind: 'mall-stock'; goodId: number; add: number }
  | { kind: 'mall-ship'; orderId: number; company: string; code: string }
  | { kind: 'mall-track'; orderId: number; context: string; time?: string }
  | { kind: 'mall-complete' | 'mall-cancel'; orderId: number };

const whole = (text: string | undefined, flag: string): number => {
  if (text === undefined || !/^\d{1,10}$/.test(text) || Number(text) > 2_147_483_647) throw new Error(`--${flag} is a whole number`);
  return Number(text);
};
const yuanToFen = (text: string | undefined, flag: string): number => {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text ?? '');
  if (!match) throw new Error(`--${flag} is yuan with at most 2 decimals`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
};
const section = (text: string | undefined): number => {
  const value = whole(text, 'section');
  if (!(GOODS_SECTIONS as readonly number[]).includes(value)) throw new Error(`--section is one of ${GOODS_SECTIONS.join(', ')}`);
  return value;
};
const isoTime = (text: string | undefined): string | undefined => {
  if (text !== undefined && (!/^\d{4}-\d{2}-\d{2}T/.test(text) || Number.isNaN(Date.parse(text)))) throw new Error('--time is an ISO time');
  return text === undefined ? undefined : new Date(text).toISOString();
};
const required = (text: string | undefined, flag: string): string => {
  if (text === undefined) throw new Error(`--${flag} is required`);
  return text;
};

/** Parses the arguments of one mall command; throws on a usage error. */
export function parseMallCommand(command: MallCommandName, args: string[]): MallCommand {
  const { values } = parseArgs({
    args,
    options: {
      section: { type: 'string' },
      title: { type: 'string' },
      points: { type: 'string' },
      'min-price': { type: 'string' },
      'max-price': { type: 'string' },
      stock: { type: 'string' },
      pic: { type: 'string', multiple: true },
      details: { type: 'string' },
      'link-url': { type: 'string' },
      good: { type: 'string' },
      add: { type: 'string' },
      order: { type: 'string' },
      company: { type: 'string' },
      code: { type: 'string' },
      context: { type: 'string' },
      time: { type: 'string' },
    },
    allowPositionals: false,
  });
  switch (command) {
    case 'mall-good':
      return {
        kind: command,
        good: {
          section: section(values.section),
          title: required(values.title, 'title'),
          exchangeScore: whole(values.points, 'points'),
          minMarketPrice: yuanToFen(values['min-price'], 'min-price'),
          maxMarketPrice: yuanToFen(values['max-price'], 'max-price'),
          stock: whole(values.stock, 'stock'),
          productPics: values.pic ?? [],
          details: values.details,
          linkUrl: values['link-url'],
        },
      };
    case 'mall-stock':
      return { kind: command, goodId: whole(values.good, 'good'), add: whole(values.add, 'add') };
    case 'mall-ship':
      return {
        kind: command,
        orderId: whole(values.order, 'order'),
        company: required(values.company, 'company'),
        code: required(values.code, 'code'),
      };
    case 'mall-track':
      return { kind: command, orderId: whole(values.order, 'order'), context: required(values.context, 'context'), time: isoTime(values.time) };
    default:
      return { kind: command, orderId: whole(values.order, 'order') };
  }
}

/** Runs one mall command against the configured database; the process exit code. */
export async function runMallCli(command: MallCommandName, args: string[], env: NodeJS.ProcessEnv, usage: string): Promise<number> {
  let parsed: MallCommand;
  try {
    parsed = parseMallCommand(command, args);
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  const config = loadConfig(env);
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db, config.database);
    switch (parsed.kind) {
      case 'mall-good':
        console.log(`Added good ${await mall.addGood(db, parsed.good)}.`);
        break;
      case 'mall-stock':
        console.log(`Good ${parsed.goodId} now has ${await mall.addGoodStock(db, parsed.goodId, parsed.add)} in stock.`);
        break;
      case 'mall-ship':
        await mall.shipOrder(db, parsed.orderId, parsed.company, parsed.code);
        console.log(`Order ${parsed.orderId} shipped.`);
        break;
      case 'mall-track':
        await mall.addTrack(db, parsed.orderId, parsed.context, parsed.time);
        console.log(`Added a tracking event to order ${parsed.orderId}.`);
        break;
      case 'mall-complete':
        await mall.completeOrder(db, parsed.orderId);
        console.log(`Order ${parsed.orderId} completed.`);
        break;
      case 'mall-cancel': {
        const { points, balance } = await mall.cancelOrder(db, parsed.orderId);
        console.log(`Order ${parsed.orderId} cancelled: ${points} points returned (balance ${balance}), stock returned.`);
        break;
      }
    }
    return 0;
  } catch (error) {
    console.error(error instanceof AppError ? error.message : error);
    return 1;
  } finally {
    await db.destroy();
  }
}
