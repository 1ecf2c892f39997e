import { randomInt } from 'node:crypto';
import { type PaginationQuery } from '@portal/contracts';
import {
  exchangeRefusal,
  type Address,
  ADDRESS_MAX,
  type AddressInput,
  GOODS_LIST_MAX,
  GOOD_CASE_COMPANY_MAX,
  GOOD_CASE_CONTENT_MAX,
  GOOD_CASE_TITLE_MAX,
  GOODS_SECTIONS,
  GoodStatus,
  type Good,
  type GoodCase,
  type GoodDetail,
  isMallUrl,
  MALL_BANNER_TITLE_MAX,
  MALL_BANNERS_MAX,
  type MallBanner,
  MallBannerLinkType,
  MallMessage,
  type Order,
  type OrderCreateInput,
  type OrderDetail,
  type OrderListQuery,
  OrderStatus,
  POINTS_PER_YUAN,
  type PointsLogRow,
  type PointsSource,
  type PointsSummary,
} from '@portal/contracts/mall';
import type { Kysely } from 'kysely';
import type { Database, Db } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { pageWindow } from '../../http/pagination';
import { addDays, chinaDayStartIso, chinaToday, nowIso, toChinaDateTime } from '../../lib/time';
import * as repo from './repo';

/**
 * The points mall's rules (spec 000; issue 22). Points change only together with their
 * points_log row, in the caller's transaction; the balance never goes below 0 (a conditional
 * UPDATE and a CHECK). An order takes stock and points with conditional UPDATEs in one
 * transaction, so concurrent orders can neither oversell nor overspend.
 */

// ---- points ----

/** What caused a points change. */
export interface PointsRef {
  refType: string;
  refId: number;
}

/** The points of a top-up of `money` fen: POINTS_PER_YUAN per whole yuan. */
export const topupPoints = (money: number): number => Math.floor(money / 100) * POINTS_PER_YUAN;

/**
 * Grants `points` to the customer in the caller's transaction: the balance and a points_log row
 * (source, signed change, balance after, cause). Nothing for 0 or less. Returns the balance after.
 */
export async function grantPoints(
  tx: Db,
  customerId: number,
  points: number,
  source: PointsSource,
  ref: PointsRef | null = null,
  at: string = nowIso(),
): Promise<number> {
  if (!Number.isSafeInteger(points) || points <= 0) return repo.balanceOf(tx, customerId);
  const balanceAfter = await repo.addToBalance(tx, customerId, points);
  await repo.insertPointsLog(tx, {
    customerId,
    source,
    variational: points,
    balanceAfter,
    refType: ref?.refType ?? null,
    refId: ref?.refId ?? null,
    publishTime: at,
  });
  return balanceAfter;
}

/** Takes `points` off the balance with its points_log row; null (nothing changed) when the balance does not hold them. */
async function spendPoints(tx: Db, customerId: number, points: number, source: PointsSource, ref: PointsRef): Promise<number | null> {
  const balanceAfter = await repo.takeFromBalance(tx, customerId, points);
  if (balanceAfter === null) return null;
  await repo.insertPointsLog(tx, { customerId, source, variational: -points, balanceAfter, ...ref, publishTime: nowIso() });
  return balanceAfter;
}

/** The balance and the points earned today and yesterday, China days. */
export async function pointsSummary(db: Db, customerId: number, today: string = chinaToday()): Promise<PointsSummary> {
  const todayStart = chinaDayStartIso(today);
  const [currentScore, todayScore, yesterdayScore] = await Promise.all([
    repo.balanceOf(db, customerId),
    repo.earnedBetween(db, customerId, todayStart, chinaDayStartIso(addDays(today, 1))),
    repo.earnedBetween(db, customerId, chinaDayStartIso(addDays(today, -1)), todayStart),
  ]);
  return { currentScore, todayScore, yesterdayScore };
}

export async function pointsLogPage(db: Db, customerId: number, query: PaginationQuery): Promise<{ rows: PointsLogRow[]; totalRow: number }> {
  const [totalRow, rows] = await Promise.all([repo.countPointsLog(db, customerId), repo.listPointsLog(db, customerId, pageWindow(query))]);
  return {
    rows: rows.map(({ refType, ...row }) => ({
      ...row,
      variational: Number(row.variational),
      balanceAfter: Number(row.balanceAfter),
      publishTime: toChinaDateTime(row.publishTime),
      ...(row.source === 'task' && refType !== null ? { task: refType } : {}),
    })),
    totalRow,
  };
}

// ---- goods ----

const parsePics = (text: string): string[] => {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
};

export const toGood = (row: repo.GoodRow): Good => ({
  id: row.id,
  section: row.section,
  title: row.title,
  exchangeScore: Number(row.exchangeScore),
  minMarketPrice: Number(row.minMarketPrice),
  maxMarketPrice: Number(row.maxMarketPrice),
  stock: Number(row.stock),
  productPics: parsePics(row.productPics),
  details: row.details,
  linkUrl: row.linkUrl,
});

/** The goods on sale of a section, or of every section (GOODS_LIST_MAX each). */
export async function listGoods(db: Db, section?: number): Promise<Good[]> {
  const sections = section === undefined ? GOODS_SECTIONS : [section];
  const rows = await Promise.all(sections.map((one) => repo.listGoodsOnSale(db, one, GOODS_LIST_MAX)));
  return rows.flat().map(toGood);
}

export const toGoodCase = (row: repo.GoodCaseRow): GoodCase => ({
  id: row.id,
  goodsId: row.goodId,
  title: row.title,
  company: row.company,
  picture: row.picture,
  thumbnail: row.thumbnail,
  impression: Number(row.impression),
  click: Number(row.click),
  content: row.content,
});

/** A good on sale with its success cases; 404 otherwise. */
export async function getGood(db: Db, id: number): Promise<GoodDetail> {
  const row = await repo.findGood(db, id);
  if (!row || row.status !== GoodStatus.OnSale) throw notFound(MallMessage.GoodNotFound);
  const cases = await repo.listGoodCases(db, id);
  return { ...toGood(row), cases: cases.map(toGoodCase) };
}

// ---- banners ----

/** The mall home's carousel, in order (at most MALL_BANNERS_MAX). */
export async function listBanners(db: Db): Promise<MallBanner[]> {
  const rows = await repo.listBanners(db, MALL_BANNERS_MAX);
  return rows.map((row) => ({
    ...row,
    linkType: row.linkType === MallBannerLinkType.Link && row.linkUrl ? MallBannerLinkType.Link : MallBannerLinkType.None,
  }));
}

// ---- addresses ----

export const toAddress = (row: repo.AddressRow): Address => ({
  id: row.id,
  name: row.name,
  mobile: row.mobile,
  province: row.province,
  city: row.city,
  area: row.area,
  street: row.street,
  address: row.address,
  postalCode: row.postalCode,
  isDefault: row.isDefault === 1 ? 1 : 0,
});

const addressValues = (input: AddressInput) => ({
  name: input.name,
  mobile: input.mobile,
  province: input.province,
  city: input.city,
  area: input.area,
  street: input.street,
  address: input.address,
  postalCode: input.postalCode ? input.postalCode : null,
});

export async function listAddresses(db: Db, customerId: number): Promise<Address[]> {
  return (await repo.listAddresses(db, customerId)).map(toAddress);
}

/** Adds an address: refused past ADDRESS_MAX; the customer's first one is the default. */
export async function createAddress(db: Kysely<Database>, customerId: number, input: AddressInput): Promise<Address> {
  return db.transaction().execute(async (tx) => {
    await repo.lockCustomer(tx, customerId);
    const count = await repo.countAddresses(tx, customerId);
    if (count >= ADDRESS_MAX) throw badRequest(MallMessage.AddressLimit);
    const id = await repo.insertAddress(tx, { customerId, ...addressValues(input), isDefault: count === 0 ? 1 : 0, createdAt: nowIso() });
    return toAddress((await repo.findAddress(tx, customerId, id))!);
  });
}

export async function updateAddress(db: Kysely<Database>, customerId: number, id: number, input: AddressInput): Promise<Address> {
  return db.transaction().execute(async (tx) => {
    if (!(await repo.findAddress(tx, customerId, id))) throw notFound(MallMessage.AddressNotFound);
    await repo.updateAddress(tx, customerId, id, addressValues(input));
    return toAddress((await repo.findAddress(tx, customerId, id))!);
  });
}

/** Deletes an address; when it was the default, the newest remaining one becomes the default. The addresses after. */
export async function deleteAddress(db: Kysely<Database>, customerId: number, id: number): Promise<Address[]> {
  return db.transaction().execute(async (tx) => {
    await repo.lockCustomer(tx, customerId);
    const found = await repo.findAddress(tx, customerId, id);
    if (!found) throw notFound(MallMessage.AddressNotFound);
    await repo.deleteAddress(tx, customerId, id);
    if (found.isDefault === 1) {
      const newest = await repo.newestAddress(tx, customerId);
      if (newest) await repo.setDefaultAddress(tx, customerId, newest.id);
    }
    return listAddresses(tx, customerId);
  });
}

/** Makes an address the one default. The addresses after. */
export async function setDefaultAddress(db: Kysely<Database>, customerId: number, id: number): Promise<Address[]> {
  return db.transaction().execute(async (tx) => {
    await repo.lockCustomer(tx, customerId);
    if (!(await repo.findAddress(tx, customerId, id))) throw notFound(MallMessage.AddressNotFound);
    await repo.setDefaultAddress(tx, customerId, id);
    return listAddresses(tx, customerId);
  });
}

// ---- orders ----

export const toOrder = (row: repo.OrderRow): Order => ({
  id: row.id,
  orderCode: row.orderCode,
  goodId: row.goodId,
  goodTitle: row.goodTitle,
  goodMinMarketPrice: Number(row.goodMinMarketPrice),
  goodMaxMarketPrice: Number(row.goodMaxMarketPrice),
  goodExchangeScore: Number(row.goodExchangeScore),
  goodScore: Number(row.goodExchangeScore),
  consumeScore: Number(row.consumeScore),
  amount: Number(row.amount),
  status: row.status,
  publishTime: toChinaDateTime(row.publishTime),
  receiver: {
    name: row.receiverName,
    mobile: row.receiverMobile,
    region: row.receiverRegion,
    address: row.receiverAddress,
    postalCode: row.receiverPostalCode,
  },
});

/** A unique-enough order code: the China time to the second and 12 random digits. */
const newOrderCode = (): string =>
  `${toChinaDateTime(nowIso()).replace(/\D/g, '')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

/** A replay of an order create: its order, or 409 when the key was used for another good or amount. */
function replayed(order: repo.OrderRow, input: OrderCreateInput): Order {
  if (order.goodId !== input.goodId || Number(order.amount) !== input.amount) throw conflict(MallMessage.IdempotencyConflict);
  return toOrder(order);
}

/** Thrown inside the order transaction when another request of the same key won: rolls back, then answers its order. */
class KeyTaken extends Error {}

/**
 * Places an order in one transaction: the good on sale (404), the customer's address (404),
 * amount <= stock ('不能大于库存数量'), exchangeScore * amount <= balance ('积分余额不足'), the
 * order row with the good and address copied (once per Idempotency-Key), the stock and the
 * points taken by conditional UPDATEs (so concurrent orders never oversell nor overspend; the
 * loser gets the same messages), and the points_log row. The same key answers the same order.
 */
export async function placeOrder(db: Kysely<Database>, customerId: number, idempotencyKey: string, input: OrderCreateInput): Promise<Order> {
  try {
    return await db.transaction().execute(async (tx) => {
      // A repeated key is found by the order's insert (one query fewer for every new order); a
      // refusal before it first looks for the key's order, which a retry after the good went off
      // sale, the address was deleted or the stock ran out still answers.
      const refuse = async (error: AppError): Promise<Order> => {
        const existing = await repo.findOrderByKey(tx, customerId, idempotencyKey);
        if (existing) return replayed(existing, input);
        throw error;
      };
      const good = await repo.findGood(tx, input.goodId);
      if (!good || good.status !== GoodStatus.OnSale) return refuse(notFound(MallMessage.GoodNotFound));
      const address = await repo.findAddress(tx, customerId, input.addressId);
      if (!address) return refuse(notFound(MallMessage.AddressNotFound));
      const cost = Number(good.exchangeScore) * input.amount;
      // The amount and the stock as read; the points are checked by taking them below.
      const refusal = exchangeRefusal(input.amount, Number(good.stock), Number(good.exchangeScore), Number.POSITIVE_INFINITY);
      if (refusal) return refuse(badRequest(refusal));

      const row: Omit<repo.OrderRow, 'id'> = {
        orderCode: newOrderCode(),
        customerId,
        goodId: good.id,
        goodTitle: good.title,
        goodMinMarketPrice: Number(good.minMarketPrice),
        goodMaxMarketPrice: Number(good.maxMarketPrice),
        goodExchangeScore: Number(good.exchangeScore),
        consumeScore: cost,
        amount: input.amount,
        status: OrderStatus.AwaitingShipment,
        receiverName: address.name,
        receiverMobile: address.mobile,
        receiverRegion: [address.province, address.city, address.area, address.street].join(' '),
        receiverAddress: address.address,
        receiverPostalCode: address.postalCode,
        idempotencyKey,
        publishTime: nowIso(),
        expressCompany: null,
        expressCode: null,
      };
      const id = await repo.insertOrderOnce(tx, row);
      if (id === undefined) throw new KeyTaken();
      if ((await spendPoints(tx, customerId, cost, 'order', { refType: 'order', refId: id })) === null)
        throw badRequest(MallMessage.PointsInsufficient);
      // The good's row is the one every buyer of it waits for: taken last, it stays locked (on
      // PostgreSQL) for this update and the commit only. The conditional update is what keeps the
      // stock from going below 0 under concurrent orders, whatever was read above.
      if (!(await repo.takeStock(tx, good.id, input.amount))) throw badRequest(MallMessage.StockExceeded);
      return toOrder({ ...row, id });
    });
  } catch (error) {
    if (!(error instanceof KeyTaken)) throw error;
    const winner = await repo.findOrderByKey(db, customerId, idempotencyKey);
    if (!winner) throw error;
    return replayed(winner, input);
  }
}

export async function ordersPage(db: Db, customerId: number, query: OrderListQuery): Promise<{ rows: Order[]; totalRow: number }> {
  const [totalRow, rows] = await Promise.all([
    repo.countOrders(db, customerId, query.status),
    repo.listOrders(db, customerId, query.status, pageWindow(query)),
  ]);
  return { rows: rows.map(toOrder), totalRow };
}

/** An order of the customer with its logistics; 404 for anyone else's. */
export async function orderDetail(db: Db, customerId: number, id: number): Promise<OrderDetail> {
  const row = await repo.findOrder(db, id, customerId);
  if (!row) throw notFound(MallMessage.OrderNotFound);
  const tracks = await repo.listTracks(db, id);
  const express =
    row.expressCompany === null
      ? null
      : {
          companyCode: row.expressCompany,
          code: row.expressCode ?? '',
          list: tracks.map((track) => ({ time: toChinaDateTime(track.time), context: track.context })),
        };
  return { ...toOrder(row), express };
}

// ---- the operator's (CLI) ----

const line = (value: string, max: number, what: string): string => {
  const text = value.trim();
  // eslint-disable-next-line no-control-regex
  if (!text || text.length > max || /[\u0000-\u001f\u007f]/.test(text)) throw badRequest(`${what}须为 1 到 ${max} 个字符的一行文字`);
  return text;
};

/** The rule of every picture and link of the mall (isMallUrl). */
const URL_RULE = '须为 http(s) 网址或 / 开头的本站路径 (至多 500 个字符)';

/** A good as the operator adds it. */
export interface NewGood {
  section: number;
  title: string;
  exchangeScore: number;
  /** Fen. */
  minMarketPrice: number;
  maxMarketPrice: number;
  stock: number;
  productPics: string[];
  details?: string;
  linkUrl?: string;
}

export async function addGood(db: Db, good: NewGood): Promise<number> {
  const whole = (value: number) => Number.isSafeInteger(value) && value >= 0 && value <= 2_147_483_647;
  if (!(GOODS_SECTIONS as readonly number[]).includes(good.section)) throw badRequest(MallMessage.SectionInvalid);
  const title = good.title.trim();
  if (!title || title.length > 100) throw badRequest('商品名称须为 1 到 100 个字符');
  if (!whole(good.exchangeScore) || good.exchangeScore <= 0) throw badRequest('兑换积分须为正整数');
  if (!whole(good.minMarketPrice) || !whole(good.maxMarketPrice) || good.maxMarketPrice < good.minMarketPrice) throw badRequest('市场价不正确');
  if (!whole(good.stock)) throw badRequest('库存须为非负整数');
  if (good.productPics.some((pic) => !isMallUrl(pic))) throw badRequest(`商品图片${URL_RULE}`);
  if (good.linkUrl && !isMallUrl(good.linkUrl)) throw badRequest(`商品链接${URL_RULE}`);
  return repo.insertGood(db, {
    section: good.section,
    title,
    exchangeScore: good.exchangeScore,
    minMarketPrice: good.minMarketPrice,
    maxMarketPrice: good.maxMarketPrice,
    stock: good.stock,
    productPics: JSON.stringify(good.productPics),
    details: good.details ?? '',
    linkUrl: good.linkUrl ?? '',
    status: GoodStatus.OnSale,
    createdAt: nowIso(),
  });
}

/** Sets a good's pictures (the demo's pictures on goods seeded before it had them). */
export async function setGoodPictures(db: Db, goodId: number, productPics: string[]): Promise<void> {
  if (productPics.some((pic) => !isMallUrl(pic))) throw badRequest(`商品图片${URL_RULE}`);
  await repo.setGoodPics(db, goodId, JSON.stringify(productPics));
}

/** A banner of the mall home as the operator adds it. */
export interface NewBanner {
  /** The picture's alt text. */
  title: string;
  picUrl: string;
  /** None: a picture without a link. */
  linkUrl?: string;
  /** Lower first; default 0 (then the order added). */
  sort?: number;
}

/** Adds a banner to the mall home's carousel; its id. */
export async function addBanner(db: Db, banner: NewBanner): Promise<number> {
  const title = line(banner.title, MALL_BANNER_TITLE_MAX, '轮播图标题');
  if (!isMallUrl(banner.picUrl)) throw badRequest(`轮播图图片${URL_RULE}`);
  if (banner.linkUrl !== undefined && !isMallUrl(banner.linkUrl)) throw badRequest(`轮播图链接${URL_RULE}`);
  const sort = banner.sort ?? 0;
  if (!Number.isSafeInteger(sort) || Math.abs(sort) > 1_000_000) throw badRequest('轮播图顺序须为整数');
  return repo.insertBanner(db, {
    title,
    picUrl: banner.picUrl,
    linkUrl: banner.linkUrl ?? null,
    linkType: banner.linkUrl === undefined ? MallBannerLinkType.None : MallBannerLinkType.Link,
    sort,
    createdAt: nowIso(),
  });
}

/** A success case of a good as the operator adds it. */
export interface NewGoodCase {
  goodId: number;
  title: string;
  company: string;
  picture?: string;
  thumbnail?: string;
  impression?: number;
  click?: number;
  content?: string;
}

/** Adds a success case to a good (404 when there is no such good); its id. */
export async function addGoodCase(db: Db, input: NewGoodCase): Promise<number> {
  const title = line(input.title, GOOD_CASE_TITLE_MAX, '案例标题');
  const company = line(input.company, GOOD_CASE_COMPANY_MAX, '企业名称');
  for (const [value, what] of [
    [input.picture, '案例图片'],
    [input.thumbnail, '案例缩略图'],
  ] as const) {
    if (value !== undefined && !isMallUrl(value)) throw badRequest(`${what}${URL_RULE}`);
  }
  const count = (value: number | undefined, what: string): number => {
    if (value === undefined) return 0;
    if (!Number.isSafeInteger(value) || value < 0 || value > 2_147_483_647) throw badRequest(`${what}须为非负整数`);
    return value;
  };
  const content = (input.content ?? '').trim();
  // eslint-disable-next-line no-control-regex
  if (content.length > GOOD_CASE_CONTENT_MAX || /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(content))
    throw badRequest(`案例内容须为至多 ${GOOD_CASE_CONTENT_MAX} 个字符的文字`);
  const impression = count(input.impression, '展现量');
  const click = count(input.click, '点击量');
  if (!(await repo.findGood(db, input.goodId))) throw notFound(MallMessage.GoodNotFound);
  return repo.insertGoodCase(db, {
    goodId: input.goodId,
    title,
    company,
    picture: input.picture ?? '',
    thumbnail: input.thumbnail ?? input.picture ?? '',
    impression,
    click,
    content,
    createdAt: nowIso(),
  });
}

/** Adds stock to a good; the stock after. */
export async function addGoodStock(db: Db, goodId: number, amount: number): Promise<number> {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw badRequest('增加的库存须为正整数');
  const stock = await repo.addStock(db, goodId, amount);
  if (stock === null) throw notFound(MallMessage.GoodNotFound);
  return stock;
}

const refuseMove = (order: repo.OrderRow | undefined, what: string): never => {
  if (!order) throw notFound(MallMessage.OrderNotFound);
  throw new AppError(409, '409', `订单状态为 ${order.status}, 不能${what}`);
};

/** Ships an order awaiting shipment (status 1 -> 2) with its courier and tracking code, and a first tracking event. */
export async function shipOrder(db: Kysely<Database>, orderId: number, company: string, code: string): Promise<void> {
  const expressCompany = line(company, 50, '快递公司');
  const expressCode = line(code, 50, '快递单号');
  await db.transaction().execute(async (tx) => {
    if (!(await repo.moveOrder(tx, orderId, [OrderStatus.AwaitingShipment], OrderStatus.AwaitingReceipt, { expressCompany, expressCode })))
      refuseMove(await repo.findOrder(tx, orderId), '发货');
    await repo.insertTrack(tx, { orderId, time: nowIso(), context: `已发货 (${expressCompany} ${expressCode})` });
  });
}

/** Adds a tracking event to an order (at `time`, default now). */
export async function addTrack(db: Db, orderId: number, context: string, time: string = nowIso()): Promise<void> {
  if (!(await repo.findOrder(db, orderId))) throw notFound(MallMessage.OrderNotFound);
  if (Number.isNaN(Date.parse(time))) throw badRequest('时间格式不正确');
  await repo.insertTrack(db, { orderId, time: new Date(time).toISOString(), context: line(context, 500, '物流信息') });
}

/** Completes an order awaiting receipt (2 -> 3). */
export async function completeOrder(db: Kysely<Database>, orderId: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    if (!(await repo.moveOrder(tx, orderId, [OrderStatus.AwaitingReceipt], OrderStatus.Completed)))
      refuseMove(await repo.findOrder(tx, orderId), '完成');
  });
}

/**
 * Cancels an order not yet completed (status 1 or 2 -> -1), in one transaction: the status, the
 * stock returned to the good and the points returned with a points_log row 'order-cancel'.
 */
export async function cancelOrder(db: Kysely<Database>, orderId: number): Promise<{ points: number; balance: number }> {
  return db.transaction().execute(async (tx) => {
    if (!(await repo.moveOrder(tx, orderId, [OrderStatus.AwaitingShipment, OrderStatus.AwaitingReceipt], OrderStatus.Cancelled)))
      refuseMove(await repo.findOrder(tx, orderId), '取消');
    const order = (await repo.findOrder(tx, orderId))!;
    await repo.addStock(tx, order.goodId, Number(order.amount));
    const points = Number(order.consumeScore);
    const balance = await grantPoints(tx, order.customerId, points, 'order-cancel', { refType: 'order', refId: order.id });
    return { points, balance };
  });
}
