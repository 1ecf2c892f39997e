import { type AddressInput, GOODS_SECTION_LABELS, GoodsSection, OrderStatus } from '@portal/contracts/mall';
import type { Kysely } from 'kysely';
import { DEMO_CUSTOMERS } from '../../db/seed-data';
import type { Database } from '../../db/schema';
import { addDays, chinaDayStartIso, chinaToday, nowIso } from '../../lib/time';
import { type DemoPicture, demoPictureUrl } from './demo-pictures';
import * as repo from './repo';
import {
  addBanner,
  addGood,
  addGoodCase,
  addTrack,
  cancelOrder,
  completeOrder,
  createAddress,
  grantPoints,
  type NewBanner,
  type NewGood,
  type NewGoodCase,
  placeOrder,
  setGoodPictures,
  shipOrder,
  topupPoints,
} from './service';
import { signIn } from './signin';

const HOUR_MS = 60 * 60 * 1000;

/** The demo's goods, a few per section (their pictures: demoGoodPictures). Prices in fen. */
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

/** The pictures of the demo good at `index` of DEMO_GOODS: its cover and a second view. */
const demoGoodPictures = (index: number): string[] => [demoPictureUrl(`goods/${index + 1}.svg`), demoPictureUrl(`goods/${index + 1}-2.svg`)];

/** The mall home's carousel of the demo: two slides linking to mall pages, one picture only. */
const DEMO_BANNERS: Array<NewBanner & { subtitle: string }> = [
  { title: '做任务赚积分', subtitle: '每日签到、充值、阅读都能得积分', picUrl: demoPictureUrl('banners/1.svg'), linkUrl: '/task-wall', sort: 1 },
  { title: '积分兑好礼', subtitle: '礼品与营销工具, 积分即可兑换', picUrl: demoPictureUrl('banners/2.svg'), linkUrl: '/channel-credit', sort: 2 },
  { title: '新品上架', subtitle: '短视频剪辑与新闻稿发布服务', picUrl: demoPictureUrl('banners/3.svg'), sort: 3 },
];

/** Success cases of the demo's goods (by the good's title). */
const DEMO_CASES: Array<Omit<NewGoodCase, 'goodId'> & { good: string }> = [
  {
    good: '智能投放诊断报告',
    title: '诊断后线索成本下降 32%',
    company: '杭州某连锁餐饮品牌',
    impression: 182_000,
    click: 6_400,
    content: '优化师诊断账户结构与出价后, 关停低效关键词并调整投放时段。一个月内线索量提升 21%, 单条线索成本下降 32%。',
  },
  {
    good: '智能投放诊断报告',
    title: '教育机构的地域投放调整',
    company: '深圳某职业教育机构',
    impression: 96_000,
    click: 3_100,
    content: '根据诊断报告收窄投放地域, 增加高转化城市的预算, 咨询量提升 18%。',
  },
  {
    good: '品牌官网模板',
    title: '两周上线响应式官网',
    company: '成都某烘焙连锁',
    impression: 54_000,
    click: 2_050,
    content: '使用品牌官网模板, 两周内完成官网上线, 移动端访问占比 78%, 表单留资提升 40%。',
  },
  {
    good: '短视频剪辑服务',
    title: '新品短视频带来 1.2 万次播放',
    company: '南京某美业品牌',
    impression: 120_000,
    click: 12_000,
    content: '一条 45 秒的新品推广短视频, 投放一周播放 1.2 万次, 到店咨询增加 60 人次。',
  },
];

/**
 * Every picture the demo's mall shows, by name under DEMO_MALL_PICTURES_PATH: what
 * demoMallPicturesPlugin serves (the demo only).
 */
export function demoMallPictures(): Map<string, DemoPicture> {
  const pictures = new Map<string, DemoPicture>();
  DEMO_GOODS.forEach((good, index) => {
    const section = GOODS_SECTION_LABELS[good.section as GoodsSection];
    pictures.set(`goods/${index + 1}.svg`, { kind: 'goods', title: good.title, subtitle: section });
    pictures.set(`goods/${index + 1}-2.svg`, { kind: 'goods', title: good.title, subtitle: good.details ?? section });
  });
  DEMO_BANNERS.forEach((banner, index) =>
    pictures.set(`banners/${index + 1}.svg`, { kind: 'banners', title: banner.title, subtitle: banner.subtitle }),
  );
  DEMO_CASES.forEach((item, index) => pictures.set(`cases/${index + 1}.svg`, { kind: 'cases', title: item.title, subtitle: item.company }));
  return pictures;
}

/** The demo customer's delivery addresses; the first is the default. */
const DEMO_ADDRESSES: AddressInput[] = [
  {
    name: '李强',
    mobile: '13800000001',
    province: '浙江省',
    city: '杭州市',
    area: '西湖区',
    street: '北山街道',
    address: '文三路 100 号 1 幢 502 室',
    postalCode: '310012',
  },
  { name: '王芳', mobile: '13900000002', province: '广东省', city: '深圳市', area: '南山区', street: '粤海街道', address: '科技园南区 8 栋 12 楼' },
  { name: '张伟', mobile: '13700000003', province: '浙江省', city: '杭州市', area: '西湖区', street: '北山街道', address: '保俶路 22 号仓库' },
];

/** The demo customer's orders, one of each status, by the good's title; shipped ones with their courier and events. */
const DEMO_ORDERS: Array<{ good: string; amount: number; status: OrderStatus; express?: { company: string; code: string; events: string[] } }> = [
  { good: '定制笔记本礼盒', amount: 1, status: OrderStatus.Cancelled },
  { good: '品牌保温杯', amount: 1, status: OrderStatus.AwaitingShipment },
  {
    good: '定制笔记本礼盒',
    amount: 2,
    status: OrderStatus.AwaitingReceipt,
    express: { company: '顺丰速运', code: 'SF1402938475', events: ['快件已由杭州转运中心发出', '快件到达深圳转运中心, 正在派送'] },
  },
  {
    good: '品牌保温杯',
    amount: 1,
    status: OrderStatus.Completed,
    express: { company: '中通快递', code: 'ZT7730192846', events: ['运输中, 到达杭州转运中心', '已签收, 签收人: 本人'] },
  },
];

/** The Idempotency-Key of the demo's order `index`: placing it again answers the same order. */
const demoOrderKey = (index: number): string => `demo-seed-order-${index + 1}`;

/** The goods, their pictures (goods seeded before the demo had pictures get them), the banners and the success cases. */
async function seedCatalogue(tx: Kysely<Database>): Promise<boolean> {
  let seeded = false;
  if (!(await repo.hasGoods(tx))) {
    for (const [index, good] of DEMO_GOODS.entries()) await addGood(tx, { ...good, productPics: demoGoodPictures(index) });
    seeded = true;
  } else {
    for (const [index, good] of DEMO_GOODS.entries()) {
      const bare = await tx.selectFrom('mallGoods').select('id').where('title', '=', good.title).where('productPics', '=', '[]').execute();
      for (const row of bare) await setGoodPictures(tx, row.id, demoGoodPictures(index));
      seeded ||= bare.length > 0;
    }
  }
  if (!(await repo.hasBanners(tx))) {
    for (const { subtitle: _subtitle, ...banner } of DEMO_BANNERS) await addBanner(tx, banner);
    seeded = true;
  }
  if (!(await repo.hasGoodCases(tx))) {
    for (const [index, { good, ...item }] of DEMO_CASES.entries()) {
      const row = await tx.selectFrom('mallGoods').select('id').where('title', '=', good).orderBy('id').executeTakeFirst();
      if (!row) continue;
      const picture = demoPictureUrl(`cases/${index + 1}.svg`);
      await addGoodCase(tx, { ...item, goodId: row.id, picture, thumbnail: picture });
      seeded = true;
    }
  }
  return seeded;
}

/**
 * The demo customer's addresses (when they have none) and orders, one of each status (when they
 * have no order and the points for them), through the customer's and the operator's own calls:
 * createAddress, placeOrder, cancelOrder, shipOrder, addTrack and completeOrder.
 */
async function seedDemoOrders(db: Kysely<Database>, customerId: number): Promise<boolean> {
  let seeded = false;
  if ((await repo.countAddresses(db, customerId)) === 0) {
    for (const address of DEMO_ADDRESSES) await createAddress(db, customerId, address);
    seeded = true;
  }
  if ((await repo.countOrders(db, customerId)) > 0) return seeded;
  const goods = new Map<string, { id: number; exchangeScore: number }>();
  for (const { good } of DEMO_ORDERS) {
    const row = await db
      .selectFrom('mallGoods')
      .select(['id', 'exchangeScore', 'stock'])
      .where('title', '=', good)
      .where('status', '=', 1)
      .orderBy('id')
      .executeTakeFirst();
    if (!row) return seeded;
    goods.set(good, { id: row.id, exchangeScore: Number(row.exchangeScore) });
  }
  const cost = DEMO_ORDERS.reduce((sum, order) => sum + goods.get(order.good)!.exchangeScore * order.amount, 0);
  if ((await repo.balanceOf(db, customerId)) < cost) return seeded;
  const [address] = await repo.listAddresses(db, customerId);
  for (const [index, planned] of DEMO_ORDERS.entries()) {
    const order = await placeOrder(db, customerId, demoOrderKey(index), {
      goodId: goods.get(planned.good)!.id,
      amount: planned.amount,
      addressId: address.id,
    });
    if (planned.status === OrderStatus.Cancelled) await cancelOrder(db, order.id);
    if (planned.express) {
      await shipOrder(db, order.id, planned.express.company, planned.express.code);
      // After the shipping event, a second apart each (the events are listed newest first).
      const shipped = Date.parse(nowIso());
      for (const [step, context] of planned.express.events.entries())
        await addTrack(db, order.id, context, new Date(shipped + (step + 1) * 1000).toISOString());
      if (planned.status === OrderStatus.Completed) await completeOrder(db, order.id);
    }
  }
  return true;
}

/**
 * The demo's points mall, once: the goods with their pictures, the carousel's banners and the
 * goods' success cases (each when there are none); for each demo customer without points yet,
 * the points of their seeded top-ups (POINTS_PER_YUAN per yuan, at each top-up's time) and a
 * sign-in streak of the three days before today (today's 签到 is left to try); and for the first
 * demo customer, delivery addresses and an order in each status. The demo only (npm start); never
 * the production start. Returns whether it added anything; a second run adds nothing.
 */
export async function seedDemoMallIfMissing(db: Kysely<Database>, today: string = chinaToday()): Promise<boolean> {
  const newCustomers: number[] = [];
  const seeded = await db.transaction().execute(async (tx) => {
    let seeded = await seedCatalogue(tx);
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
  const first = await db.selectFrom('customers').select('id').where('loginAccount', '=', DEMO_CUSTOMERS[0].loginAccount).executeTakeFirst();
  const ordersSeeded = first ? await seedDemoOrders(db, first.id) : false;
  return seeded || ordersSeeded;
}
