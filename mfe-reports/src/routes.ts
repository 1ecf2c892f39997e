/** The paths this remote owns; its declaration (remote.ts) publishes them to the shell. */
export const ReportsPath = {
  Workbench: '/work-bench',
  CpcDailyStatement: '/cpc-daily-statement',
  CpcReceiveList: '/cpc-receive-list',
  DailyStatement: '/daily-statement',
  ReceiveList: '/receive-list',
  PromoteData: '/promote-data',
  BalanceCenter: '/balance-center',
  PaymentRecord: '/payment-record',
  ExpensesRecord: '/expenses-record',
  IntelAnalysis: '/intel-analysis',
  /** The open-screen keyword analysis (spec 000 section 2, "other pages seen"; its path is ours). */
  KeywordAnalysis: '/keyword-analysis',
} as const;
