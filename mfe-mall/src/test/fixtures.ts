import type { Good, PointsLogRow, PointsSummary } from '@portal/contracts/mall';

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
