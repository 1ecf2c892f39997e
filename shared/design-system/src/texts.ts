/**
 * Texts owned by the design system's components (not spec messages: those come from
 * @portal/contracts). Exported so that screens and tests name them instead of copying them.
 */
export const DesignSystemText = {
  Loading: '加载中...',
  Empty: '暂无数据',
  LoadFailed: '加载失败',
  Retry: '重试',
  PageFailed: '页面出错了',
  Search: '查询',
  Reset: '重置',
  ProjectPlaceholder: '请选择项目',
  /** PasswordFields' labels (the prompts are the spec's, PasswordPrompt of @portal/contracts). */
  NewPassword: '新密码',
  ConfirmPassword: '确认新密码',
  AllProjects: '全部项目',
  /** PortalTable: the name of a table's scroll area when the table is wider or taller than its box. */
  ScrollableTable: '表格内容，可用方向键滚动',
  total: (total: number): string => `共 ${total} 条`,
  /** PortalTable's selection menu: this page's rows all chosen, this page's rows swapped, nothing chosen on any page. */
  SelectAll: '全选',
  SelectInvert: '反选',
  SelectNone: '清空',
  /** How many rows a paged selection holds (on every page). */
  selected: (count: number): string => `已选 ${count} 条`,
  /** TrendChart: its accessible name, the legend's name and the x column of its data table. */
  trendChart: (seriesNames: readonly string[]): string => `趋势图：${seriesNames.join('、')}`,
  ChartLegend: '图例',
  ChartDate: '日期',
} as const;
