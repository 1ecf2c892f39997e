import {
  DashboardOutlined,
  FundOutlined,
  LineChartOutlined,
  ShopOutlined,
  SyncOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { LEAD_LIST_KINDS, LEAD_LIST_ROUTES, type LeadListKind } from '@portal/contracts';
import { CountBadge } from '@portal/design-system';
import { unreadCounters$ } from '@portal/event-bus';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useBrand } from '../brand/BrandContext';
import { findRemoteForPath, REMOTES, type RemoteDefinition } from '../remotes/registry';
import { MENU_GROUPS, type MenuGroup, type MenuIcon } from './menuGroups';
import { menuSelection, visibleMenu } from './visibleMenu';

const ICONS: Record<MenuIcon, ReactNode> = {
  dashboard: <DashboardOutlined />,
  regular: <FundOutlined />,
  smart: <ThunderboltOutlined />,
  promote: <LineChartOutlined />,
  mall: <ShopOutlined />,
  crm: <SyncOutlined />,
};

type MenuItem = Required<MenuProps>['items'][number];

/** The lead list a menu path shows, for its unread badge. */
const LEAD_LIST_OF_PATH = new Map<string, LeadListKind>(LEAD_LIST_KINDS.map((kind) => [LEAD_LIST_ROUTES[kind], kind]));

type LeadUnread = Readonly<Record<LeadListKind, number>>;

/** An entry's label, with the unread count of its lead list beside it (capped at 99+). */
function entryLabel(label: string, path: string, unread: LeadUnread): ReactNode {
  const list = LEAD_LIST_OF_PATH.get(path);
  if (!list) return label;
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      {label}
      <CountBadge count={unread[list]} />
    </span>
  );
}

function toItems(groups: readonly MenuGroup[], unread: LeadUnread): MenuItem[] {
  return groups.map((group) => {
    const icon = group.icon ? ICONS[group.icon] : undefined;
    if (group.path !== undefined) return { key: group.path, icon, label: entryLabel(group.label, group.path, unread) };
    return {
      key: group.key,
      icon,
      label: group.label,
      children: [
        ...(group.entries ?? []).map((entry) => ({ key: entry.path, label: entryLabel(entry.label, entry.path, unread) })),
        ...toItems(group.groups ?? [], unread),
      ],
    };
  });
}

/** The unread counts of the lead lists, following the shared counters. */
function useLeadUnread(): LeadUnread {
  const [unread, setUnread] = useState<LeadUnread>(() => Object.fromEntries(LEAD_LIST_KINDS.map((kind) => [kind, 0])) as LeadUnread);
  useEffect(() => {
    const subscription = unreadCounters$.subscribe((counters) => setUnread(counters.leads));
    return () => subscription.unsubscribe();
  }, []);
  return unread;
}

export interface SideMenuProps {
  /** Default: the registry's remotes. */
  remotes?: readonly RemoteDefinition[];
  collapsed?: boolean;
}

/**
 * The frame's side menu: the spec's groups, showing only pages a registered remote provides; the
 * lead lists carry their unread count from the shared counters.
 */
export function SideMenu({ remotes = REMOTES, collapsed = false }: SideMenuProps) {
  const brand = useBrand();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const groups = useMemo(
    () => visibleMenu(MENU_GROUPS, (path) => findRemoteForPath(path, remotes) !== undefined, brand),
    [remotes, brand],
  );
  const unread = useLeadUnread();
  const items = useMemo(() => toItems(groups, unread), [groups, unread]);
  const selection = menuSelection(groups, pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(selection.openKeys);
  const selectedGroups = selection.openKeys.join('/');

  // Navigating into a closed group (from a link, not the menu) opens it.
  useEffect(() => {
    const keys = selectedGroups === '' ? [] : selectedGroups.split('/');
    setOpenKeys((open) => [...new Set([...open, ...keys])]);
  }, [selectedGroups]);

  return (
    <Menu
      theme="dark"
      mode="inline"
      items={items}
      selectedKeys={selection.selected ? [selection.selected] : []}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={({ key }) => navigate(key)}
    />
  );
}
