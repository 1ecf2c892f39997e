/** Texts of the help centre (the spec's messages are HelpMessage of @portal/contracts/help). */
export const HelpText = {
  Title: '帮助中心',
  /** The name of the left menu (its nav landmark). */
  Sections: '帮助栏目',
  SearchLabel: '搜索帮助',
  SearchPlaceholder: '搜索帮助文章的标题与内容',
  Search: '搜索',
  UpdateTime: '更新时间',
  NoArticles: '该栏目暂无文章',
  NoResults: '没有找到相关文章',
  searchTitle: (q: string): string => `“${q}”的搜索结果`,
  backTo: (section: string): string => `返回${section}`,
  BackToHelp: '返回帮助中心',
  /** The page on a brand without the help centre (spec 000 section 1). */
  UnavailableTitle: '页面不存在',
  UnavailableHint: '当前平台未开放帮助中心',
} as const;
