import { REMOTE_PAGES } from '@portal/contracts';

/**
 * The paths this remote owns; its declaration (remote.ts) publishes them to the shell. A page the
 * shell links to by name (REMOTE_PAGES of @portal/contracts) takes its path from there.
 */
export const MallPath = {
  Home: REMOTE_PAGES.pointsMall,
  /** The points log (积分明细): the wallet popover's points lead here. */
  PointsLog: '/channel-credit',
  Address: REMOTE_PAGES.shopAddress,
  /** A good: `?id=`. */
  GoodDetail: '/shopping-details',
  /** The order confirmation: `?id=&num=`. */
  ConfirmOrder: '/confirm-order',
  /** The shop orders (商城订单 of the wallet popover). */
  Orders: '/my-order',
  /** An order (spec 000 section 2: `{id}/order-details`). */
  OrderDetail: '/:id/order-details',
  /** The points task wall: sign-in and reward tasks (the shell's top bar links to it). */
  TaskWall: REMOTE_PAGES.taskWall,
} as const;

/** The goods page of a good. */
export const goodHref = (id: number): string => `${MallPath.GoodDetail}?id=${id}`;

/** The order confirmation of `num` of a good. */
export const confirmOrderHref = (id: number, num: number): string => `${MallPath.ConfirmOrder}?id=${id}&num=${num}`;

/** The detail page of an order. */
export const orderDetailHref = (id: number): string => `/${id}/order-details`;

/** A positive whole id of the address's query (`?id=`), or null. */
export function queryId(value: string | null): number | null {
  if (value === null || !/^[1-9]\d{0,9}$/.test(value)) return null;
  return Number(value);
}
