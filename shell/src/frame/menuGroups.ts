import { CRM_CODES, CRM_LABELS, CRM_SETTING_ROUTES, crmScheduleRoute } from '@portal/contracts';
import type { BrandFeature } from '../brand/brands';

/** A page in the side menu. It shows only when a registered remote owns its path. */
export interface MenuEntry {
  label: string;
  path: string;
}

export type MenuIcon = 'dashboard' | 'regular' | 'smart' | 'promote' | 'mall' | 'crm';

/**
 * A group of the side menu: one page itself (`path`), or `entries` and sub-`groups`.
 * A group with nothing visible in it is hidden.
 */
export interface MenuGroup {
  key: string;
  label: string;
  icon?: MenuIcon;
  path?: string;
  entries?: readonly MenuEntry[];
  groups?: readonly MenuGroup[];
  /** Shown only on brands with this feature. */
  feature?: BrandFeature;
}

/** The side menu of spec 000 section 2, in order. Defined here once. */
export const MENU_GROUPS: readonly MenuGroup[] = [
  { key: 'workbench', label: '工作台', icon: 'dashboard', path: '/work-bench' },
  {
    key: 'regular',
    label: '常规投放',
    icon: 'regular',
    entries: [
      { label: '竞价资源', path: '/feedback' },
      { label: '信息流资源', path: '/info-list' },
      { label: '日报表', path: '/cpc-daily-statement' },
      { label: '接收报表', path: '/cpc-receive-list' },
    ],
  },
  {
    key: 'smart',
    label: '智能投放',
    icon: 'smart',
    entries: [
      { label: '资源列表', path: '/resource' },
      { label: '日报表', path: '/daily-statement' },
      { label: '接收报表', path: '/receive-list' },
    ],
  },
  { key: 'promote', label: '推广管理', icon: 'promote', path: '/promote-data' },
  { key: 'mall', label: '积分商城', icon: 'mall', path: '/shopping-mall', feature: 'pointsMall' },
  {
    key: 'crm',
    label: 'CRM同步',
    icon: 'crm',
    groups: CRM_CODES.map((code) => ({
      key: `crm-${code}`,
      label: CRM_LABELS[code],
      entries: [
        { label: '推送设置', path: CRM_SETTING_ROUTES[code] },
        { label: '排班', path: crmScheduleRoute(code) },
      ],
    })),
  },
];
