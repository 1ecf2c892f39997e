import { GoodsSection } from '@portal/contracts/mall';
import type { Kysely } from 'kysely';
import { DEMO_CUSTOMERS } from '../../db/seed-data';
import type { Database } from '../../db/schema';
import { addDays, chinaDayStartIso, chinaToday } from '../../lib/time';
import * as repo from './repo';
import { addGood, grantPoints, type NewGood, topupPoints } from './service';
import { signIn } from './signin';

const HOUR_MS = 60 * 60 * 1000;

/** The demo's goods, a few per section (no pictures: the pages show a placeholder). Prices in fen. */
const DEMO_GOODS: NewGood[] = [
  {
    section: GoodsSection.Gifts,
    title: '品牌保温杯',
    exchangeScore: 800,
    minMarketPrice: 9900,
    maxMarketPrice: 12900,
    stock: 50,
    productPics: [],
    details: '304不锈钢内胆, 500ml。',
  },
  {
    section: GoodsSection.Gifts,
    title: '无线蓝牙耳机',
    exchangeScore: 3000,
    minMarketPrice: 29900,
    maxMarketPrice: 39900,
    stock: 20,
    productPics: [],
    details: '长续航, 支持快充。',
  },
  {
    section: GoodsSection.Gifts,
    title: '定制笔记本礼盒',
    exchangeScore: 300,
    minMarketPrice: 3900,
    maxMarketPrice: 5900,
    stock: 100,
    productPics: [],
    details: 'A5 笔记本与签字笔。',
  },
  {
    section: GoodsSection.IntelligentInvestmentTools,
    title: '智能投放诊断报告',
    exchangeScore: 2000,
    minMarketPrice: 50000,
    maxMarketPrice: 80000,
    stock: 30,
    productPics: [],
    details: '资深优化师出具的投放诊断。',
  },
  {
    section: GoodsSection.IntelligentInvestmentTools,
    title: '关键词拓展服务 (1个月)',
    exchangeScore: 5000,
    minMarketPrice: 100000,
    maxMarketPrice: 150000,
    stock: 10,
    productPics: [],
    details: '按行业拓展高意向关键词。',
  },
  {
    section: GoodsSection.BrandTools,
    title: '品牌官网模板',
    exchangeScore: 6000,
    minMarketPrice: 200000,
    maxMarketPrice: 300000,
    stock: 5,
    productPics: [],
    details: '响应式品牌官网一套。',
  },
  {
    section: GoodsSection.BrandTools,
    title: '品牌宣传海报设计',
    exchangeScore: 1500,
    minMarketPrice: 30000,
    maxMarketPrice: 50000,
    stock: 40,
    productPics: [],
    details: '三款海报设计稿。',
  },
  {
    section: GoodsSection.MediaTools,
    title: '短视频剪辑服务',
    exchangeScore: 2500,
    minMarketPrice: 60000,
    maxMarketPrice: 90000,
    stock: 15,
    productPics: [],
    details: '60秒以内的推广短视频一条。',
  },
  {
    section: GoodsSection.MediaTools,
    title: '新闻稿发布 (10家媒体)',
    exchangeScore: 4000,
    minMarketPrice: 80000,
    maxMarketPrice: 120000,
    stock: 25,
    productPics: [],
    details: '10家门户与行业媒体发布。',
  },
];

/**
 * The demo's points mall, once: the goods (when there are none) and, for each demo customer
 * without points yet, the points of their seeded top-ups (POINTS_PER_YUAN per yuan, at each
 * top-up's time) and a sign-in streak of the three days before today (mall_signins and their
 * points_log rows; today's 签到 is left to try). The demo only (npm
 * start); never the production start. Returns whether it added anything.
 */
export async function seedDemoMallIfMissing(db: Kysely<Database>, today: string = chinaToday()): Promise<boolean> {
  const newCustomers: number[] = [];
  const seeded = await db.transaction().execute(async (tx) => {
    let seeded = false;
    if (!(await repo.hasGoods(tx))) {
      for (const good of DEMO_GOODS) await addGood(tx, good);
      seeded = true;
    }
    for (const customer of DEMO_CUSTOMERS) {
      const row = await tx.selectFrom('customers').select('id').where('loginAccount', '=', customer.loginAccount).executeTakeFirst();
      if (!row || (await tx.selectFrom('pointsLog').select('id').where('customerId', '=', row.id).limit(1).executeTakeFirst())) continue;
      const topups = await tx
        .selectFrom('ledgerTopups')
        .select(['id', 'money', 'publishTime'])
        .where('customerId', '=', row.id)
        .orderBy('id')
        .execute();
      for (const topup of topups) {
        await grantPoints(tx, row.id, topupPoints(Number(topup.money)), 'topup', { refType: 'topup', refId: topup.id }, topup.publishTime);
      }
      newCustomers.push(row.id);
      seeded = true;
    }
    return seeded;
  });
  // A sign-in streak of the three days before today (today's 签到 is left for the demo to try).
  const at = (day: string) => new Date(Date.parse(chinaDayStartIso(day)) + 9 * HOUR_MS);
  for (const customerId of newCustomers) {
    for (const back of [3, 2, 1]) await signIn(db, customerId, at(addDays(today, -back)));
  }
  return seeded;
}
