import { z } from 'zod';
import { LEAD_LIST_KINDS } from '../session/types';

/**
 * What a remote says about itself, and where the shell finds each remote. A remote's build
 * publishes its declaration as `remote.json` beside its `mf-manifest.json`; `/remotes.json` (served
 * beside the shell) names the version each remote runs. The shell reads both at run time: a
 * remote's pages and side-menu entries come from its declaration alone, so a new page is a release
 * of its remote, not of the shell.
 *
 * This is a contract between two separately deployed parties (a remote's build and the shell at
 * run time), so it lives here beside the other documents that cross a boundary: every app
 * already depends on this package and shares it as a singleton, so the shell checks declarations
 * with the zod it already loads.
 */

/** Features that only some brands show (the shell knows which brand has which). */
export const BRAND_FEATURES = ['points', 'tasks', 'suggestion', 'help', 'shopOrders', 'shopAddress', 'pointsMall'] as const;
export type BrandFeature = (typeof BRAND_FEATURES)[number];

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

const pagePath = z.string().regex(/^\/[A-Za-z0-9\-._~/:]*$/, 'a path starting with /, no query or hash');

/** One side-menu entry a remote contributes to a group of the shell's spec menu. */
export const menuEntrySchema = z.strictObject({
  /** The key of one of the shell's menu groups (spec 000 section 2), e.g. 'regular' or 'crm-1'. */
  group: z.string().min(1),
  label: z.string().min(1),
  path: pagePath,
  icon: z.enum(MENU_ICONS).optional(),
  /** Place inside its group, lower first. */
  order: z.number().int(),
  /** The lead list whose unread count the entry shows beside its label. */
  unread: z.enum(LEAD_LIST_KINDS).optional(),
  /** Shown only on brands with this feature. */
  feature: z.enum(BRAND_FEATURES).optional(),
});
export type MenuEntryDeclaration = z.infer<typeof menuEntrySchema>;

const declarationShape = {
  /** Federation name and single-spa application name. */
  name: z.string().regex(/^[a-z][a-z0-9_]*$/, 'lower-case letters, digits and _'),
  /** What users call this part of the portal; shown when it fails to load. */
  label: z.string().min(1),
  /** single-spa path patterns it owns (`activeWhen`): prefix match, `:param` for one segment. */
  routes: z.array(pagePath).min(1),
  menu: z.array(menuEntrySchema),
};

/** A menu entry must lead to one of its own remote's pages. */
const entriesOwned = (declaration: { routes: readonly string[]; menu: readonly MenuEntryDeclaration[] }, ctx: z.RefinementCtx) => {
  declaration.menu.forEach((entry, index) => {
    if (!routesOwnPath(declaration.routes, entry.path)) {
      ctx.addIssue({ code: 'custom', path: ['menu', index, 'path'], message: `${entry.path} is not among the remote's routes` });
    }
  });
};

/** A remote's declaration as written in its source (`src/remote.ts`). */
export const remoteDeclarationSchema = z.strictObject(declarationShape).superRefine(entriesOwned);
export type RemoteDeclaration = z.infer<typeof remoteDeclarationSchema>;

/** A semver version as package.json holds it: `1.2.3`, `1.2.3-e2e.1`. */
export const SEMVER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

/** The declaration as its build publishes it (`remote.json`): the source's, plus the package version built. */
export const publishedDeclarationSchema = z.strictObject({ ...declarationShape, version: z.string().regex(SEMVER) }).superRefine(entriesOwned);
export type PublishedDeclaration = z.infer<typeof publishedDeclarationSchema>;

/**
 * One remote in `/remotes.json`: the version it runs and, for files served elsewhere (a CDN), the
 * folder holding that version's files. Rolling forward or back is editing `version`.
 */
export const remotePointerSchema = z.strictObject({
  version: z.string().regex(SEMVER),
  /** The folder of the version's files, ending in '/'; default `/remotes/<name>/<version>/`. */
  base: z
    .string()
    .regex(/^(https:\/\/[^\s?#]+|\/[^\s?#]*)\/$/, 'an https URL or an absolute path, ending in /')
    .optional(),
});
export type RemotePointer = z.infer<typeof remotePointerSchema>;

export const REMOTES_INDEX_URL = '/remotes.json';

/** Where a remote's published files are: its folder, its declaration and its federation manifest. */
export function remoteFiles(name: string, pointer: RemotePointer): { base: string; declaration: string; manifest: string } {
  const base = pointer.base ?? `/remotes/${name}/${pointer.version}/`;
  return { base, declaration: `${base}remote.json`, manifest: `${base}mf-manifest.json` };
}

/**
 * `/remotes.json` read entry by entry: a malformed entry is left out (with why), the others stand.
 * A document that is not an object at all leaves every remote out.
 */
export function parseRemotesIndex(body: unknown): { pointers: Record<string, RemotePointer>; rejected: Record<string, string> } {
  const pointers: Record<string, RemotePointer> = {};
  const rejected: Record<string, string> = {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { pointers, rejected: { '*': 'not a JSON object' } };
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    const parsed = remotePointerSchema.safeParse(value);
    if (parsed.success && declarationShape.name.safeParse(name).success) pointers[name] = parsed.data;
    else rejected[name] = parsed.success ? 'not a remote name' : z.prettifyError(parsed.error);
  }
  return { pointers, rejected };
}
