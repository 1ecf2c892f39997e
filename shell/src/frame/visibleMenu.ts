import type { MenuEntryDeclaration, MenuIcon, MenuUnreadCounter } from '@portal/contracts';
import { hasFeature, type Brand } from '@portal/contracts';
import type { MenuGroup } from './menuGroups';

/** An item of the side menu as shown: a page (`path`) or a sub-menu (`children`). */
export interface MenuNode {
  key: string;
  label: string;
  icon?: MenuIcon;
  path?: string;
  /** The counter whose unread count shows beside it: a lead list's, or the chat's. */
  unread?: MenuUnreadCounter;
  children?: readonly MenuNode[];
}

const byOrder = (a: MenuEntryDeclaration, b: MenuEntryDeclaration) => a.order - b.order;

const pageNode = (entry: MenuEntryDeclaration, label = entry.label, icon = entry.icon): MenuNode => ({
  key: entry.path,
  label,
  path: entry.path,
  ...(icon ? { icon } : {}),
  ...(entry.unread ? { unread: entry.unread } : {}),
});

/**
 * The menu to show: the spec's groups filled with the remotes' entries (in their `order`), on this
 * brand; a group left empty disappears, and so does an entry naming no group of the spec.
 */
export function visibleMenu(groups: readonly MenuGroup[], entries: readonly MenuEntryDeclaration[], brand: Brand): MenuNode[] {
  const shown = entries.filter((entry) => hasFeature(brand, entry.feature));
  const visible: MenuNode[] = [];
  for (const group of groups) {
    if (!hasFeature(brand, group.feature)) continue;
    const own = shown.filter((entry) => entry.group === group.key).sort(byOrder);
    if (group.page) {
      if (own.length > 0) visible.push(pageNode(own[0], group.label, group.icon ?? own[0].icon));
      continue;
    }
    const children = [...own.map((entry) => pageNode(entry)), ...visibleMenu(group.groups ?? [], shown, brand)];
    if (children.length === 0) continue;
    visible.push({ key: group.key, label: group.label, ...(group.icon ? { icon: group.icon } : {}), children });
  }
  return visible;
}

const within = (pathname: string, path: string): boolean => pathname === path || pathname.startsWith(`${path}/`);

function findSelection(nodes: readonly MenuNode[], pathname: string): { selected?: string; openKeys: string[] } {
  for (const node of nodes) {
    if (node.path !== undefined && within(pathname, node.path)) return { selected: node.path, openKeys: [] };
    const inner = findSelection(node.children ?? [], pathname);
    if (inner.selected) return { selected: inner.selected, openKeys: [node.key, ...inner.openKeys] };
  }
  return { openKeys: [] };
}

/**
 * The path of the menu item matching `pathname` (exactly or as its prefix), and the keys of its
 * sub-menus. A page with no item of its own selects the item of its section (`sections`: a
 * detail or analysis page's path -> the path of the entry it belongs to).
 */
export function menuSelection(
  nodes: readonly MenuNode[],
  pathname: string,
  sections: Readonly<Record<string, string>> = {},
): { selected?: string; openKeys: string[] } {
  const own = findSelection(nodes, pathname);
  if (own.selected) return own;
  const section = Object.keys(sections).find((path) => within(pathname, path));
  return section === undefined ? own : findSelection(nodes, sections[section]);
}
