import type { Good, Order, PointsLogRow, PointsSummary } from '@portal/contracts/mall';

/** The customer's points as GET /customer/mall/points answers them. */
export const SUMMARY: PointsSummary = { currentScore: 12_480, todayScore: 10, yesterdayScore: 200 };

/** A good of `section` as the goods list answers it. */
export const good = (id: number, section: number, title: string, extra: Partial<Good> = {}): Good => ({
  id,
  section,
  title,
  exchangeScore: 1_200,
  minMarketPrice: 9_900,
  maxMarketPrice: 12_900,
  stock: 20,
  productPics: [],
  details: '',
  linkUrl: '',
  ...extra,
});

/** A points log row. */
export const logRow = (id: number, source: string, variational: number, balanceAfter: number): PointsLogRow => ({
  id,
  source,
  variational,
  balanceAfter,
  publishTime: `2026-11-${String(10 + id).padStart(2, '0')} 10:00:00`,
});

/** An order as the orders list answers it. */
export const order = (id: number, status: number, extra: Partial<Order> = {}): Order => ({
  id,
  orderCode: `MO2026112800${id}`,
  goodId: 7,
  goodTitle: '定制保温杯',
  goodMinMarketPrice: 9_900,
  goodMaxMarketPrice: 12_900,
  goodExchangeScore: 4_000,
  goodScore: 4_000,
  consumeScore: 8_000,
  amount: 2,
  status,
  publishTime: '2026-11-28 10:00:00',
  receiver: { name: '李强', mobile: '13800000001', region: '浙江省 杭州市 西湖区 北山街道', address: '文三路1号', postalCode: null },
  ...extra,
});
