import type { RemoteDeclaration } from '@portal/contracts';
import { ReportsPath } from './routes';

/**
 * What this remote tells the shell: the paths it owns and its side-menu entries. The build
 * publishes it as `remote.json` beside the federation manifest (shared/build checks it against the
 * contract's schema); the shell reads it at run time. A new page is a route here and in
 * ReportsRoutes, and a new entry a line below: no shell release.
 *
 * The menu (spec 000 section 2): 常规投放 and 智能投放 each get 日报表 and 接收报表 after the lead
 * lists (the leads remote's entries take orders 10 and 20); 推广管理 is a one-page group. The
 * wallet pages (余额中心, 充值记录, 消费报表) are entries of the top bar's wallet popover, where the
 * spec puts them (the points mall adds its own after them), and the analysis pages are linked from
 * the promotion page.
 */
export const remote = {
  name: 'reports',
  label: '报表',
  routes: Object.values(ReportsPath),
  menu: [
    { group: 'workbench', label: '工作台', path: ReportsPath.Workbench, icon: 'dashboard', order: 0 },
    { group: 'regular', label: '日报表', path: ReportsPath.CpcDailyStatement, order: 30 },
    { group: 'regular', label: '接收报表', path: ReportsPath.CpcReceiveList, order: 40 },
    { group: 'smart', label: '日报表', path: ReportsPath.DailyStatement, order: 30 },
    { group: 'smart', label: '接收报表', path: ReportsPath.ReceiveList, order: 40 },
    { group: 'promote', label: '推广管理', path: ReportsPath.PromoteData, icon: 'promote', order: 0 },
  ],
  wallet: [
    { label: '余额中心', path: ReportsPath.BalanceCenter, order: 10 },
    { label: '充值记录', path: ReportsPath.PaymentRecord, order: 20 },
    { label: '消费报表', path: ReportsPath.ExpensesRecord, order: 30 },
  ],
} satisfies RemoteDeclaration;
