/**
 * The paths this remote owns; its declaration (remote.ts) publishes them to the shell. A page the
 * shell links to by name (REMOTE_PAGES of @portal/contracts) takes its path from there.
 */
export declare const MallPath: {
  readonly Home: '/shopping-mall';
  readonly PointsLog: '/channel-credit';
  readonly Address: '/shop-address';
  /** A good: `?id=`. */
  readonly GoodDetail: '/shopping-details';
  /** The order confirmation: `?id=&num=`. */
  readonly ConfirmOrder: '/confirm-order';
};
/** The goods page of a good. */
export declare const goodHref: (id: number) => string;
/** The order confirmation of `num` of a good. */
export declare const confirmOrderHref: (id: number, num: number) => string;
/** A positive whole id of the address's query (`?id=`), or null. */
export declare function queryId(value: string | null): number | null;
