import { hasFeature, type Brand } from '../brand/brands';
import type { MenuEntry, MenuGroup } from './menuGroups';

/**
 * The groups to show: entries whose path some registered remote owns, on this brand; groups left
 * empty disappear. `isOwned` is usually "a remote of the registry owns this path".
 */
export function visibleMenu(groups: readonly MenuGroup[], isOwned: (path: string) => boolean, brand: Brand): MenuGroup[] {
  const visible: MenuGroup[] = [];
  for (const group of groups) {
    if (!hasFeature(brand, group.feature)) continue;
    if (group.path !== undefined) {
      if (isOwned(group.path)) visible.push({ ...group });
      continue;
    }
    const entries: MenuEntry[] = (group.entries ?? []).filter((entry) => isOwned(entry.path));
    const subGroups = visibleMenu(group.groups ?? [], isOwned, brand);
    if (entries.length === 0 && subGroups.length === 0) continue;
    visible.push({
      ...group,
      ...(group.entries ? { entries } : {}),
      ...(group.groups ? { groups: subGroups } : {}),
    });
  }
  return visible;
}

/** The path of the menu entry matching `pathname` (exactly or as its prefix), and the keys of its groups. */
export function menuSelection(groups: readonly MenuGroup[], pathname: string): { selected?: string; openKeys: string[] } {
  const matches = (path: string) => pathname === path || pathname.startsWith(`${path}/`);
  for (const group of groups) {
    if (group.path !== undefined && matches(group.path)) return { selected: group.path, openKeys: [] };
    const entry = group.entries?.find((candidate) => matches(candidate.path));
    if (entry) return { selected: entry.path, openKeys: [group.key] };
    const inner = menuSelection(group.groups ?? [], pathname);
    if (inner.selected) return { selected: inner.selected, openKeys: [group.key, ...inner.openKeys] };
  }
  return { openKeys: [] };
}
