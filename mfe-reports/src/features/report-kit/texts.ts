import { LEAD_COUNT_LABEL, PENDING_COST_TEXT, ReportMessage } from '@portal/contracts/reports';

/** Texts of the report pages (spec 000 sections 2 and 3); the calls' own messages are ReportMessage of @portal/contracts. */
export const ReportText = {
  Export: '导出',
  Summary: ReportMessage.Summary,
  FilterRange: '日期',
  FilterItem: '项目',
  FilterMonth: '月份',
  FilterYear: '年份',
  FilterDataType: '数据类型',
  FilterPayTime: '到账日期',
  FilterType: '类型',
  AllTypes: '全部',
  Unassigned: '未分配',
  None: '-',
  // Columns
  Date: '日期',
  ItemTitle: '项目名称',
  Receiver: '接收人',
  ResourceCount: '资源数',
  Total: '合计',
  // Receive report and daily statement
  ReceiveTitle: '接收报表',
  DailyStatementTitle: '日报表',
  groupName: (group: 'smart' | 'cpc'): string => (group === 'smart' ? '智能投放' : '常规投放'),
  /** What each group's lead reports count (the page's hint; docs/reports-and-finance.md says the same). */
  coverage: (group: 'smart' | 'cpc'): string =>
    group === 'smart'
      ? '统计范围：资源列表中的资源（已删除的不计），按资源创建时间的北京时间日期计数。点击数字打开资源列表中的这些资源。'
      : '统计范围：竞价资源、信息流资源、留言板资源三个列表中的资源（已删除的不计），按资源创建时间的北京时间日期计数。点击数字选择列表，打开其中的这些资源。',
  OpenListsTitle: '在列表中查看',
  openLists: (label: string, count: string): string => `${label}：${count}条，在列表中查看`,
  listWithCount: (list: string, count: string): string => `${list}（${count}条）`,
  // Promotion
  PromotionTitle: '推广管理',
  Feedback: LEAD_COUNT_LABEL,
  Phone: '电话请求数',
  TotalResources: '总资源数',
  CostCoin: '消耗积分',
  CostMoney: '消耗金额',
  /** A day's cost before the consumption job has booked it (PENDING_COST_TEXT). */
  Pending: PENDING_COST_TEXT,
  Price: '均价',
  /** How 均价 is reckoned, under the page's note (docs/reports-and-finance.md says the same). */
  PriceNote: `均价 = 消耗金额 ÷ 计费资源数。消耗按当天收到的每条资源计费（之后删除的、重复的资源也计费，电话请求不计费）；${LEAD_COUNT_LABEL}只计列表中的原始资源，可能少于计费资源数。`,
  Server: '服务经理',
  Saler: '销售',
  IntelAnalysis: '数据分析',
  KeywordAnalysis: '开屏关键词分析',
  Trend: '消耗与资源趋势',
  TrendCost: '消耗金额',
  TrendResources: '总资源数',
  // Balance
  BalanceTitle: '余额中心',
  Industry: '行业',
  SalesManager: '销售经理',
  ServiceManager: '服务经理',
  CashBalance: '现金余额',
  BeforeYesterdayCost: '前天消耗',
  YesterdayCost: '昨天消耗',
  CanConsumeDay: '预计可用天数',
  LowBalance: '余额不足',
  // Top-ups
  TopupTitle: '充值记录',
  TopupId: '编号',
  TopupMoney: '充值金额',
  TopupType: '类型',
  PayTime: '到账日期',
  Remark: '备注',
  PublishTime: '录入时间',
  // Consumption
  ConsumptionTitle: '消费报表',
  MonthlyTab: '月报表',
  DailyTab: '日报表',
  monthColumn: (month: number): string => `${month}月`,
  yearOption: (year: number): string => `${year}年`,
} as const;
