/**
 * The remotes' pages that the shell names: where a login lands, the wallet popover's links, the
 * top bar's task wall and help, the user menu's shipping address, the guide's points mall (spec
 * 000 section 2). The remote that serves one takes its path from here, as the leads remote takes
 * LEAD_LIST_ROUTES, and declares it in its `remote.json`. The shell shows a link to one of them only
 * while a remote of the page declares its path (`routesOwnPath` over the declared routes): a link to a page that no remote
 * serves yet stays hidden, and comes back by itself when a remote declares the page.
 */
export const REMOTE_PAGES = {
  workbench: '/work-bench',
  balanceCenter: '/balance-center',
  paymentRecord: '/payment-record',
  expensesRecord: '/expenses-record',
  taskWall: '/task-wall',
  help: '/common-problem',
  shopAddress: '/shop-address',
  pointsMall: '/shopping-mall',
  /** The free advertising plan (strategy survey) of the logged-in portal: the top bar's 免费方案. */
  strategySurvey: '/strategy-survey',
} as const;

/**
 * What the shell passes a remote at mount, beside single-spa's own props (`customProps`): the
 * element to render into, and every path the page serves (the shell's own pages and the routes
 * each remote of the page declares), so that a remote can leave out a link to a page nobody serves.
 */
export interface RemoteMountProps {
  domElementGetter: () => HTMLElement;
  pageRoutes: readonly string[];
}
