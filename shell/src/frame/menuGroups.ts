import { CRM_CODES, CRM_LABELS, LEAD_LIST_ROUTES, type BrandFeature, type MenuIcon } from '@portal/contracts';

/**
 * A group of the side menu (spec 000 section 2). Its entries come from the remotes' declarations
 * (each names the group's `key`); a group with nothing in it on this page is hidden.
 */
export interface MenuGroup {
  key: string;
  label: string;
  icon?: MenuIcon;
  /** The group is one page itself: it shows as one item leading to its (first) entry's path. */
  page?: true;
  groups?: readonly MenuGroup[];
  /** Shown only on brands with this feature. */
  feature?: BrandFeature;
}

/** The side menu's groups of spec 000 section 2, in order. Defined here once; the pages are the remotes'. */
export const MENU_GROUPS: readonly MenuGroup[] = [
  { key: 'workbench', label: '工作台', icon: 'dashboard', page: true },
  { key: 'regular', label: '常规投放', icon: 'regular' },
  { key: 'smart', label: '智能投放', icon: 'smart' },
  { key: 'promote', label: '推广管理', icon: 'promote', page: true },
  { key: 'mall', label: '积分商城', icon: 'mall', page: true, feature: 'pointsMall' },
  {
    key: 'crm',
    label: 'CRM同步',
    icon: 'crm',
    groups: CRM_CODES.map((code) => ({ key: `crm-${code}`, label: CRM_LABELS[code] })),
  },
];

/** 推广管理's page, where the analysis pages are opened from. */
const PROMOTE_DATA = '/promote-data';

/**
 * Pages without a menu entry of their own, each under the entry of its section: the menu
 * highlights that entry while one of them is open (a lead's detail under its list, the form list
 * under the information-feed list it filters, the analysis pages under 推广管理 which links them).
 * A path matches itself and the paths under it.
 */
export const MENU_SECTIONS: Readonly<Record<string, string>> = {
  '/feedback-detail': LEAD_LIST_ROUTES.feedback,
  '/form-list': LEAD_LIST_ROUTES.infoList,
  '/intel-analysis': PROMOTE_DATA,
  '/keyword-analysis': PROMOTE_DATA,
};
