import { parseArgs } from 'node:util';
import { GOODS_SECTIONS } from '@portal/contracts/mall';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { AppError } from '../../http/errors';
import { choiceOption, optionalWholeOption, refuseUsage, requiredOption, wholeOption, yuanOption } from '../../lib/cli-options';
import * as mall from './service';
import * as tasks from './tasks';

/** The points mall commands of the operator CLI (server/src/cli.ts); the rules are the service's. */
export const MALL_COMMANDS = [
  'mall-good',
  'mall-stock',
  'mall-banner',
  'mall-case',
  'mall-ship',
  'mall-track',
  'mall-complete',
  'mall-cancel',
  'mall-task',
] as const;
export type MallCommandName = (typeof MALL_COMMANDS)[number];

export const MALL_USAGE = `  mall-good --section ${GOODS_SECTIONS.join('|')} --title <t> --points <n> --min-price <yuan> --max-price <yuan> --stock <n>
          [--pic <url>]... [--details <text>] [--link-url <url>]
                                                              add a good to the points mall (section 1 gifts, 2 intelligent-
                                                              investment tools, 3 brand tools, 4 media tools); prints its id
  mall-stock --good <id> --add <n>                            add stock to a good
  mall-banner --title <alt text> --pic <url> [--link-url <url>] [--sort <n>]
                                                              add a banner to the mall home's carousel (lower --sort first;
                                                              without --link-url a picture only); prints its id
  mall-case --good <id> --title <t> --company <name> [--picture <url>] [--thumbnail <url>]
          [--impression <n>] [--click <n>] [--content <text>]
                                                              add a success case to a good (shown on its page); prints its id
  mall-ship --order <id> --company <courier> --code <tracking code>
                                                              ship an order awaiting shipment (status 1 -> 2)
  mall-track --order <id> --context <text> [--time <ISO time>] add a tracking event to an order
  mall-complete --order <id>                                  complete an order awaiting receipt (2 -> 3)
  mall-cancel --order <id>                                    cancel an order (-1): its points and stock are returned
  mall-task --customer <id> --task activity|official [--ref <activity name>]
                                                              grant a task of the task wall no source can see: official
                                                              (the official account followed) once ever, activity once
                                                              per activity (--ref, its name, required)`;

type MallCommand =
  | { kind: 'mall-good'; good: mall.NewGood }
  | { kind: 'mall-stock'; goodId: number; add: number }
  | { kind: 'mall-banner'; banner: mall.NewBanner }
  | { kind: 'mall-case'; goodCase: mall.NewGoodCase }
  | { kind: 'mall-ship'; orderId: number; company: string; code: string }
  | { kind: 'mall-track'; orderId: number; context: string; time?: string }
  | { kind: 'mall-complete' | 'mall-cancel'; orderId: number }
  | { kind: 'mall-task'; customerId: number; task: OperatorTask; ref?: string };

const section = (text: string | undefined): number =>
  Number(
    choiceOption(
      text,
      'section',
      GOODS_SECTIONS.map((value) => String(value)),
    ),
  );
const isoTime = (text: string | undefined): string | undefined => {
  if (text !== undefined && (!/^\d{4}-\d{2}-\d{2}T/.test(text) || Number.isNaN(Date.parse(text)))) refuseUsage('--time is an ISO time');
  return text === undefined ? undefined : new Date(text).toISOString();
};
const OPERATOR_TASKS = ['activity', 'official'] as const;
type OperatorTask = (typeof OPERATOR_TASKS)[number];
/** A banner's place: lower first, negative allowed. */
const SORT_RANGE = { min: -9_999_999, max: 9_999_999 };

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
      sort: { type: 'string' },
      picture: { type: 'string' },
      thumbnail: { type: 'string' },
      impression: { type: 'string' },
      click: { type: 'string' },
      content: { type: 'string' },
      customer: { type: 'string' },
      task: { type: 'string' },
      ref: { type: 'string' },
    },
    allowPositionals: false,
  });
  switch (command) {
    case 'mall-good':
      return {
        kind: command,
        good: {
          section: section(values.section),
          title: requiredOption(values.title, 'title'),
          exchangeScore: wholeOption(values.points, 'points'),
          minMarketPrice: yuanOption(values['min-price'], 'min-price'),
          maxMarketPrice: yuanOption(values['max-price'], 'max-price'),
          stock: wholeOption(values.stock, 'stock'),
          productPics: values.pic ?? [],
          details: values.details,
          linkUrl: values['link-url'],
        },
      };
    case 'mall-stock':
      return { kind: command, goodId: wholeOption(values.good, 'good'), add: wholeOption(values.add, 'add') };
    case 'mall-banner': {
      const pics = values.pic ?? [];
      if (pics.length !== 1) refuseUsage('--pic is required, once');
      return {
        kind: command,
        banner: {
          title: requiredOption(values.title, 'title'),
          picUrl: pics[0],
          linkUrl: values['link-url'],
          sort: optionalWholeOption(values.sort, 'sort', SORT_RANGE),
        },
      };
    }
    case 'mall-case':
      return {
        kind: command,
        goodCase: {
          goodId: wholeOption(values.good, 'good'),
          title: requiredOption(values.title, 'title'),
          company: requiredOption(values.company, 'company'),
          picture: values.picture,
          thumbnail: values.thumbnail,
          impression: optionalWholeOption(values.impression, 'impression'),
          click: optionalWholeOption(values.click, 'click'),
          content: values.content,
        },
      };
    case 'mall-ship':
      return {
        kind: command,
        orderId: wholeOption(values.order, 'order'),
        company: requiredOption(values.company, 'company'),
        code: requiredOption(values.code, 'code'),
      };
    case 'mall-track':
      return {
        kind: command,
        orderId: wholeOption(values.order, 'order'),
        context: requiredOption(values.context, 'context'),
        time: isoTime(values.time),
      };
    case 'mall-task': {
      const task = choiceOption(values.task, 'task', OPERATOR_TASKS);
      if (task === 'activity' && values.ref === undefined) refuseUsage('--ref is required for --task activity');
      if (task === 'official' && values.ref !== undefined) refuseUsage('--ref is only for --task activity');
      return { kind: command, customerId: wholeOption(values.customer, 'customer'), task, ref: values.ref };
    }
    default:
      return { kind: command, orderId: wholeOption(values.order, 'order') };
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
      case 'mall-banner':
        console.log(`Added banner ${await mall.addBanner(db, parsed.banner)}.`);
        break;
      case 'mall-case':
        console.log(`Added success case ${await mall.addGoodCase(db, parsed.goodCase)} to good ${parsed.goodCase.goodId}.`);
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
      case 'mall-task': {
        const { points, balance } = await tasks.operatorTask(db, parsed.customerId, parsed.task, parsed.ref);
        const what = parsed.ref === undefined ? parsed.task : `${parsed.task} (${parsed.ref})`;
        console.log(`Customer ${parsed.customerId} completed task ${what}: ${points} points granted (balance ${balance}).`);
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
