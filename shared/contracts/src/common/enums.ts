/**
 * Enums and codes of spec 000 sections 3-4 and spec 001 sections 3 and 9 that are not
 * owned by one feature. Each enum has a label map for display.
 */

const labelOf =
  <K extends string | number>(labels: Record<K, string>, fallback: string) =>
  (value: K | number | string | null | undefined): string =>
    value !== null && value !== undefined && value in labels ? labels[value as K] : fallback;

/** Item (project) status. */
export const ItemStatus = { OnAir: 1, Invalid: 0, TakenDown: -1 } as const;
export type ItemStatus = (typeof ItemStatus)[keyof typeof ItemStatus];
export const ITEM_STATUS_LABELS: Record<ItemStatus, string> = { 1: '上稿中', 0: '无效或审核中', [-1]: '已下架' } as Record<ItemStatus, string>;
export const itemStatusLabel = labelOf(ITEM_STATUS_LABELS, '未知');
/**
 * An item on air (上稿中): it takes new leads. Pickers offer every item whatever its status, marked
 * with it (issue 27: the data of items under review or taken down stays reachable).
 */
export const isItemActive = (status: number): boolean => status === ItemStatus.OnAir;

/**
 * Item modeType: 1 excluded from the project filter (spec 000 section 3), 3 separate type. The
 * portal offers items of modeType 1 in the filters all the same (issue 27): their leads are in the
 * lists, and a filter without their project could never narrow or export them.
 */
export const ItemModeType = { ExcludedFromFilter: 1, Separate: 3 } as const;

/** Login form type. */
export const LoginType = { Normal: 1, Quick: 0 } as const;

/** User whetherVoice: 0 plays the sound reminder. */
export const WhetherVoice = { On: 0, Off: 1 } as const;
/** User firstLoginStutes (sic, the spec's field name): 1 shows the guide. */
export const FirstLogin = { Yes: 1, No: 0 } as const;
export const GUIDE_STEPS = 5;

/** Banner linkType: 0 has no link. */
export const BannerLinkType = { None: 0, Link: 1 } as const;

/** Message types and platforms (spec 000 section 3). */
export const MessageFormType = {
  OnePage: 2,
  VisitorMessage: 4,
  Other: 6,
  PointsGoods: 8,
  Suggestion: 9,
} as const;
/**
 * Where a form was sent from, for messages and lead forms alike: 1 the public site, 2 a logged-in
 * page. The form-list page shows the lead forms of platform 1.
 */
export const MessagePlatform = { Public: 1, LoggedIn: 2 } as const;

/** Notification message type and status. */
export const NoticeType = { System: 0, User: 1 } as const;
export const NOTICE_TYPE_LABELS: Record<number, string> = { 0: '系统通知', 1: '用户通知' };
export const noticeTypeLabel = labelOf(NOTICE_TYPE_LABELS, '通知');
export const NoticeStatus = { Unread: 0, Read: 1 } as const;

export { labelOf };
