import type { Article, Banner } from '@portal/contracts';

/** A banner picture drawn in place (stories run without the server). */
const bannerPicture = (text: string, color: string): string =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="180"><rect width="100%" height="100%" fill="${color}"/>` +
      `<text x="50%" y="50%" fill="#fff" font-size="40" text-anchor="middle" dominant-baseline="middle">${text}</text></svg>`,
  )}`;

export const storyBanners: Banner[] = [
  { id: 1, title: '春季招商会（无链接）', picUrl: bannerPicture('春季招商会', '#1677ff'), linkUrl: null, linkType: 0 },
  { id: 2, title: '智能投放上线', picUrl: bannerPicture('智能投放 · 新窗口打开', '#13a8a8'), linkUrl: 'https://example.com/smart', linkType: 1 },
  { id: 3, title: '推广数据（站内页面）', picUrl: bannerPicture('查看推广数据', '#722ed1'), linkUrl: '/promote-data', linkType: 1 },
];

export const storyArticles: Article[] = [
  '加盟品牌如何在旺季前做好线索储备',
  '信息流广告素材的五个常见误区',
  '从留言到成交：电话回访的黄金30分钟',
  '搜索竞价关键词的地域投放技巧',
  '连锁品牌如何评估有效对话质量',
].map((title, index) => ({
  id: index + 1,
  title,
  summary: `${title}。本文结合平台近期投放数据，总结了广告主在获取线索、跟进客户和提升转化方面的实用做法。`,
  publishTime: `2026-03-${String(20 - index).padStart(2, '0')} 10:00:00`,
}));
