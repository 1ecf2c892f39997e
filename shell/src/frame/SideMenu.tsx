import { DashboardOutlined, FundOutlined, LineChartOutlined, ShopOutlined, SyncOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { LEAD_LIST_KINDS, type MenuIcon, type MenuUnreadCounter } from '@portal/contracts';
import { CountBadge } from '@portal/design-system';
import { unreadCounters$, type UnreadCounters } from '@portal/event-bus';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useBrand } from '../brand/BrandContext';
import { useRemoteCatalog } from '../remotes/RemoteCatalogContext';
import { opensElsewhere, takenByLink } from './linkClick';
import { MENU_GROUPS, MENU_SECTIONS } from './menuGroups';
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

/** The counts a menu entry can show: each lead list's, and the chat's. */
type MenuUnread = Readonly<Record<MenuUnreadCounter, number>>;

const menuUnreadOf = (counters: UnreadCounters): MenuUnread => ({ ...counters.leads, chat: counters.chat });

/** The entry of the page shown: 'page' on its own page, 'true' on a page of its section. */
type Current = { path: string; own: boolean } | undefined;

/**
 * An item's label: a link to its page (so that it opens in a new tab too; antd stretches an item's
 * link over the whole item), with the unread count of its counter beside it (capped at 99+). The
 * highlighted entry's link says so to screen readers (aria-current).
 */
function itemLabel(node: MenuNode, unread: MenuUnread, current: Current): ReactNode {
  const to = node.path ?? node.key;
  const ariaCurrent = current?.path === to ? (current.own ? 'page' : 'true') : undefined;
  if (!node.unread)
    return (
      <Link to={to} aria-current={ariaCurrent}>
        {node.label}
      </Link>
    );
  return (
    <Link to={to} aria-current={ariaCurrent} style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      {node.label}
      <CountBadge count={unread[node.unread]} />
    </Link>
  );
}

function toItems(nodes: readonly MenuNode[], unread: MenuUnread, current: Current): MenuItem[] {
  return nodes.map((node) => {
    const icon = node.icon ? ICONS[node.icon] : undefined;
    if (node.children === undefined) return { key: node.key, icon, label: itemLabel(node, unread, current) };
    return { key: node.key, icon, label: node.label, children: toItems(node.children, unread, current) };
  });
}

/** The unread counts of the lead lists and the chat, following the shared counters. */
function useMenuUnread(): MenuUnread {
  const [unread, setUnread] = useState<MenuUnread>(() => ({
    ...(Object.fromEntries(LEAD_LIST_KINDS.map((kind) => [kind, 0])) as MenuUnread),
    chat: 0,
  }));
  useEffect(() => {
    const subscription = unreadCounters$.subscribe((counters) => setUnread(menuUnreadOf(counters)));
    return () => subscription.unsubscribe();
  }, []);
  return unread;
}

export interface SideMenuProps {
  collapsed?: boolean;
  /** An entry was chosen here (the phone's drawer closes). */
  onNavigate?: () => void;
}

/**
 * The frame's side menu: the spec's groups, filled with the entries the page's remotes declare
 * (see remotes/remoteCatalog.ts); an entry carries the unread count it declares (a lead list's, the chat's).
 * Each entry is a link (a click navigates in the page, a ctrl-click opens a tab); a detail or
 * analysis page highlights the entry of its section (MENU_SECTIONS).
 */
export function SideMenu({ collapsed = false, onNavigate }: SideMenuProps) {
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
  const unread = useMenuUnread();
  const selection = menuSelection(nodes, pathname, MENU_SECTIONS);
  const selected = selection.selected;
  const ownPage = selected !== undefined && (pathname === selected || pathname.startsWith(`${selected}/`));
  const items = useMemo(() => toItems(nodes, unread, selected ? { path: selected, own: ownPage } : undefined), [nodes, unread, selected, ownPage]);
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
      selectedKeys={selected ? [selected] : []}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={({ key, domEvent }) => {
        if (!takenByLink(domEvent)) navigate(key);
        if (!opensElsewhere(domEvent)) onNavigate?.();
      }}
    />
  );
}
