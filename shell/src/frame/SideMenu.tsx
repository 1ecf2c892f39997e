import { DashboardOutlined, FundOutlined, LineChartOutlined, ShopOutlined, SyncOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { LEAD_LIST_KINDS, type LeadListKind, type MenuIcon } from '@portal/contracts';
import { CountBadge } from '@portal/design-system';
import { unreadCounters$ } from '@portal/event-bus';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useBrand } from '../brand/BrandContext';
import { useRemoteCatalog } from '../remotes/RemoteCatalogContext';
import { MENU_GROUPS } from './menuGroups';
import { menuSelection, visibleMenu, type MenuNode } from './visibleMenu';

const ICONS: Record<MenuIcon, ReactNode> = {
  dashboard: <DashboardOutlined />,
  regular: <FundOutlined />,
  smart: <ThunderboltOutlined />,
  promote: <LineChartOutlined />,
  mall: <ShopOutlined />,
  crm: <SyncOutlined />,
};

type MenuItem = Required<MenuProps>['items'][number];

type LeadUnread = Readonly<Record<LeadListKind, number>>;

/** An item's label, with the unread count of its lead list beside it (capped at 99+). */
function itemLabel(node: MenuNode, unread: LeadUnread): ReactNode {
  if (!node.unread) return node.label;
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      {node.label}
      <CountBadge count={unread[node.unread]} />
    </span>
  );
}

function toItems(nodes: readonly MenuNode[], unread: LeadUnread): MenuItem[] {
  return nodes.map((node) => {
    const icon = node.icon ? ICONS[node.icon] : undefined;
    if (node.children === undefined) return { key: node.key, icon, label: itemLabel(node, unread) };
    return { key: node.key, icon, label: node.label, children: toItems(node.children, unread) };
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
  collapsed?: boolean;
}

/**
 * The frame's side menu: the spec's groups, filled with the entries the page's remotes declare
 * (see remotes/remoteCatalog.ts); an entry carries the unread count of the lead list it declares.
 */
export function SideMenu({ collapsed = false }: SideMenuProps) {
  const brand = useBrand();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { remotes } = useRemoteCatalog();
  const nodes = useMemo(
    () =>
      visibleMenu(
        MENU_GROUPS,
        remotes.flatMap((remote) => remote.menu),
        brand,
      ),
    [remotes, brand],
  );
  const unread = useLeadUnread();
  const items = useMemo(() => toItems(nodes, unread), [nodes, unread]);
  const selection = menuSelection(nodes, pathname);
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
