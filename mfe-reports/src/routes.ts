import { REMOTE_PAGES } from '@portal/contracts';

/**
 * The paths this remote owns; its declaration (remote.ts) publishes them to the shell. The ones the
 * shell links to by name (after login, the low-balance reminder) are the contracts' REMOTE_PAGES.
 */
export const ReportsPath = {
  Workbench: REMOTE_PAGES.workbench,
  CpcDailyStatement: '/cpc-daily-statement',
  CpcReceiveList: '/cpc-receive-list',
  DailyStatement: '/daily-statement',
  ReceiveList: '/receive-list',
  PromoteData: '/promote-data',
  BalanceCenter: REMOTE_PAGES.balanceCenter,
  PaymentRecord: '/payment-record',
  ExpensesRecord: '/expenses-record',
  IntelAnalysis: '/intel-analysis',
  /** The open-screen keyword analysis (spec 000 section 2, "other pages seen"; its path is ours). */
  KeywordAnalysis: '/keyword-analysis',
} as const;
