import { z } from 'zod';
import { BRAND_FEATURES, MENU_ICONS, MENU_UNREAD_COUNTERS, routesOwnPath, WALLET_FIGURES } from './declaration';

// The schemas of a remote's declaration and of `/remotes.json` (see declaration.ts): the
// subpath `@portal/contracts/remotes`, read by the remotes' builds and by the shell once it loads
// the remotes.

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
  /** The unread count the entry shows beside its label: a lead list's, or `chat` (the chat panel's). */
  unread: z.enum(MENU_UNREAD_COUNTERS).optional(),
  /** Shown only on brands with this feature. */
  feature: z.enum(BRAND_FEATURES).optional(),
});
export type MenuEntryDeclaration = z.infer<typeof menuEntrySchema>;

/**
 * One link a remote adds to the top bar's wallet popover (spec 000 section 2: points, balance
 * pages, shop orders): the shell draws the remotes' entries in `order`, and names none of them.
 */
export const walletEntrySchema = z.strictObject({
  label: z.string().min(1),
  path: pagePath,
  /** Place in the popover, lower first. */
  order: z.number().int(),
  /** A figure the shell shows with the entry (its label, the figure, the link). */
  figure: z.enum(WALLET_FIGURES).optional(),
  /** Shown only on brands with this feature. */
  feature: z.enum(BRAND_FEATURES).optional(),
});
export type WalletEntryDeclaration = z.infer<typeof walletEntrySchema>;

const declarationShape = {
  /** Federation name and single-spa application name. */
  name: z.string().regex(/^[a-z][a-z0-9_]*$/, 'lower-case letters, digits and _'),
  /** What users call this part of the portal; shown when it fails to load. */
  label: z.string().min(1),
  /** single-spa path patterns it owns (`activeWhen`): prefix match, `:param` for one segment. */
  routes: z.array(pagePath).min(1),
  menu: z.array(menuEntrySchema),
  /** Links it adds to the wallet popover of the top bar. */
  wallet: z.array(walletEntrySchema).optional(),
  /** Dialogs it draws over any page while the address names them (`?dialog=<name>`, REMOTE_DIALOGS). */
  dialogs: z
    .array(z.string().regex(/^[a-z][a-z0-9-]*$/, 'lower-case letters, digits and -'))
    .refine((names) => new Set(names).size === names.length, 'a dialog is named twice')
    .optional(),
};

/** A menu or wallet entry must lead to one of its own remote's pages. */
const entriesOwned = (
  declaration: { routes: readonly string[]; menu: readonly MenuEntryDeclaration[]; wallet?: readonly WalletEntryDeclaration[] },
  ctx: z.RefinementCtx,
) => {
  const owned = (entries: readonly { path: string }[], key: 'menu' | 'wallet') =>
    entries.forEach((entry, index) => {
      if (!routesOwnPath(declaration.routes, entry.path)) {
        ctx.addIssue({ code: 'custom', path: [key, index, 'path'], message: `${entry.path} is not among the remote's routes` });
      }
    });
  owned(declaration.menu, 'menu');
  owned(declaration.wallet ?? [], 'wallet');
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
