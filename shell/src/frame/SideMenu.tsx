import {
  DashboardOutlined,
  FundOutlined,
  LineChartOutlined,
  ShopOutlined,
  SyncOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
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

function toItems(groups: readonly MenuGroup[]): MenuItem[] {
  return groups.map((group) => {
    const icon = group.icon ? ICONS[group.icon] : undefined;
    if (group.path !== undefined) return { key: group.path, icon, label: group.label };
    return {
      key: group.key,
      icon,
      label: group.label,
      children: [
        ...(group.entries ?? []).map((entry) => ({ key: entry.path, label: entry.label })),
        ...toItems(group.groups ?? []),
      ],
    };
  });
}

export interface SideMenuProps {
  /** Default: the registry's remotes. */
  remotes?: readonly RemoteDefinition[];
  collapsed?: boolean;
}

/** The frame's side menu: the spec's groups, showing only pages a registered remote provides. */
export function SideMenu({ remotes = REMOTES, collapsed = false }: SideMenuProps) {
  const brand = useBrand();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const groups = useMemo(
    () => visibleMenu(MENU_GROUPS, (path) => findRemoteForPath(path, remotes) !== undefined, brand),
    [remotes, brand],
  );
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
      items={toItems(groups)}
      selectedKeys={selection.selected ? [selection.selected] : []}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={({ key }) => navigate(key)}
    />
  );
}
