/** Texts of the analysis pages (spec 000 section 2: analysis, open-screen keyword analysis). */
export const AnalysisText = {
  IntelTitle: '数据分析',
  KeywordTitle: '开屏关键词分析',
  Range: '统计时间',
  TopN: '显示条数',
  topOption: (n: number): string => `前${n}名`,
  // Tabs
  RegionTab: '地域分析',
  SearchProvinceTab: '搜索引擎省份分布',
  ProjectTab: '项目统计',
  // Charts
  RegionChart: '资源地域分布',
  TrafficChart: '精准流量来源',
  InfoChart: '精准信息来源',
  NatureChart: '项目性质',
  ProvinceChart: '省份',
  KeywordChart: '开屏关键词',
  // Columns
  Rank: '排名',
  Province: '省份',
  Nature: '项目性质',
  Keyword: '关键词',
  Count: '资源数',
  Share: '占比',
  total: (total: number): string => `共 ${total} 条资源`,
} as const;
