/**
 * What a remote says about itself, and where the shell finds each remote. A remote's build
 * publishes its declaration as `remote.json` beside its `mf-manifest.json`; `/remotes.json` (served
 * beside the shell) names the version each remote runs. The shell reads both at run time: a
 * remote's pages and side-menu entries come from its declaration alone, so a new page is a release
 * of its remote, not of the shell.
 *
 * This is a contract between two separately deployed parties (a remote's build and the shell at
 * run time), so it lives here beside the other documents that cross a boundary. This file holds
 * what the login page needs too (route matching, brand features, icons); the schemas that check a
 * declaration and `/remotes.json` are the subpath `@portal/contracts/remotes` (remotes/schemas.ts),
 * which the shell loads only with the remotes, so the login page does not carry them.
 */

import { LEAD_LIST_KINDS } from '../session/types';

/** Features that only some brands show (the shell knows which brand has which). */
export const BRAND_FEATURES = ['points', 'tasks', 'suggestion', 'help', 'shopOrders', 'shopAddress', 'pointsMall'] as const;
export type BrandFeature = (typeof BRAND_FEATURES)[number];

/**
 * The figures the shell's wallet popover can show beside a remote's wallet entry: `points`, the
 * customer's points balance (spec 000 section 2: the wallet holds the points). The shell fetches a
 * figure only while an entry of a remote of the page asks for it and the popover is open.
 */
export const WALLET_FIGURES = ['points'] as const;
export type WalletFigure = (typeof WALLET_FIGURES)[number];

/**
 * The unread counters a side-menu entry can show beside its label: a lead list's (LEAD_LIST_KINDS)
 * or `chat`, the unread visitor messages of the live smart chat.
 */
export const MENU_UNREAD_COUNTERS = [...LEAD_LIST_KINDS, 'chat'] as const;
export type MenuUnreadCounter = (typeof MENU_UNREAD_COUNTERS)[number];

/** The icons the shell's side menu can draw. */
export const MENU_ICONS = ['dashboard', 'regular', 'smart', 'promote', 'mall', 'crm'] as const;
export type MenuIcon = (typeof MENU_ICONS)[number];

const escapeRegExp = (text: string): string => text.replace(/[|\\{}()[\]^$+*?.]/g, '\\$&');

/**
 * The pattern single-spa's `pathToActiveWhen(route)` builds (what the shell's `activeWhen` does):
 * the route as a prefix ending at a segment boundary, `:param` for one segment, case-insensitive.
 * Ported so that the login page, which decides with it whether a path is framed, does not load
 * single-spa; the shell's tests hold it to single-spa's own.
 */
export function routePattern(route: string): RegExp {
  const path = route.startsWith('/') ? route : `/${route}`;
  let source = '^';
  let lastIndex = 0;
  let inDynamic = false;
  const append = (index: number) => {
    source += inDynamic ? '[^/]+/?' : escapeRegExp(path.slice(lastIndex, index));
    if (index === path.length && !inDynamic) source = source.endsWith('/') ? `${source}.*$` : `${source}(/.*)?(#.*)?$`;
    inDynamic = !inDynamic;
    lastIndex = index;
  };
  for (let index = 0; index < path.length; index += 1) {
    if ((!inDynamic && path[index] === ':') || (inDynamic && path[index] === '/')) append(index);
  }
  append(path.length);
  return new RegExp(source, 'i');
}

/** Whether one of `routes` owns a path, with single-spa's own matching (URL without origin and query). */
export function routesOwnPath(routes: readonly string[], pathname: string): boolean {
  const url = new URL(pathname, 'http://shell.invalid');
  const tested = `${url.pathname}${url.hash}`.split('?')[0];
  return routes.some((route) => routePattern(route).test(tested));
}

export const REMOTES_INDEX_URL = '/remotes.json';

export type { MenuEntryDeclaration, PublishedDeclaration, RemoteDeclaration, RemotePointer } from './schemas';
