/** Texts of the mall home. */
export const GoodsText = {
  Title: '积分商城',
  PointsLog: '积分明细',
  points: (points: number): string => `${points.toLocaleString('zh-CN')} 积分`,
  marketPrice: (min: string, max: string): string => (min === max ? `市场价 ¥${min}` : `市场价 ¥${min}-${max}`),
  SectionEmpty: '该分类暂无商品',
  NoPicture: '暂无图片',
} as const;
