/** Texts of the points pages. */
export const PointsText = {
  LogTitle: '积分明细',
  Current: '当前积分',
  Today: '今日获得',
  Yesterday: '昨日获得',
  Time: '时间',
  Source: '来源',
  Change: '积分变动',
  After: '变动后积分',
  Empty: '暂无积分记录',
  /** The points rule of spec 000 section 1. */
  Rule: '积分规则：充值 1 元获得 2 积分；积分不可提现，兑换的商品不退不换，有效期以平台公告为准。',
} as const;
