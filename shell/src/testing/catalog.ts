import type { CatalogRemote, RemoteCatalog } from '../remotes/remoteCatalog';

/** A remote as its `remote.json` publishes it, at `/remotes/<name>/<version>/`. */
export function catalogRemote(declaration: Omit<CatalogRemote, 'manifestUrl' | 'version'> & { version?: string }): CatalogRemote {
  const version = declaration.version ?? '0.1.0';
  return { ...declaration, version, manifestUrl: `/remotes/${declaration.name}/${version}/mf-manifest.json` };
}

/** The suite's remotes as they declare themselves today (test data: the shell never imports a remote). */
export const REPORTS = catalogRemote({
  name: 'reports',
  label: '工作台',
  routes: ['/work-bench', '/balance-center', '/payment-record', '/expenses-record'],
  menu: [{ group: 'workbench', label: '工作台', path: '/work-bench', icon: 'dashboard', order: 0 }],
  wallet: [
    { label: '余额中心', path: '/balance-center', order: 10 },
    { label: '充值记录', path: '/payment-record', order: 20 },
    { label: '消费报表', path: '/expenses-record', order: 30 },
  ],
});

export const LEADS = catalogRemote({
  name: 'leads',
  label: '线索',
  routes: ['/feedback', '/info-list', '/bai-list', '/resource', '/form-list', '/feedback-detail'],
  menu: [
    { group: 'regular', label: '竞价资源', path: '/feedback', order: 10, unread: 'feedback' },
    { group: 'regular', label: '信息流资源', path: '/info-list', order: 20, unread: 'infoList' },
    { group: 'regular', label: '留言板资源', path: '/bai-list', order: 25, unread: 'baiList' },
    { group: 'smart', label: '资源列表', path: '/resource', order: 10, unread: 'resource' },
  ],
});

/** The visitor site's remote: its framed pages (the strategy survey, the help centre), and the plan dialog drawn over any page. */
export const SITE = catalogRemote({
  name: 'site',
  label: '官网',
  routes: ['/strategy-survey', '/common-problem'],
  menu: [],
  dialogs: ['free-plan'],
});

export const SUITE_CATALOG: RemoteCatalog = { remotes: [REPORTS, LEADS] };

/**
 * The points mall, with the pages the frame links to and that wait for a remote to declare them
 * (task wall, shipping address, the mall itself), and its wallet entries.
 */
export const MALL = catalogRemote({
  name: 'mall',
  label: '积分商城',
  routes: ['/shopping-mall', '/task-wall', '/shop-address', '/channel-credit', '/my-order'],
  menu: [{ group: 'mall', label: '积分商城', path: '/shopping-mall', icon: 'mall', order: 0, feature: 'pointsMall' }],
  wallet: [
    { label: '积分', path: '/channel-credit', order: 0, figure: 'points', feature: 'points' },
    { label: '商城订单', path: '/my-order', order: 40, feature: 'shopOrders' },
  ],
});

/** Every remote the frame links to: every page it links to is served. */
export const FULL_SUITE: RemoteCatalog = { remotes: [REPORTS, LEADS, MALL, SITE] };
