/**
 * The remotes' pages that the shell names: where a login lands, the low-balance reminder's balance
 * centre, the top bar's task wall and help, the user menu's shipping address, the guide's points mall (spec
 * 000 section 2). The remote that serves one takes its path from here, as the leads remote takes
 * LEAD_LIST_ROUTES, and declares it in its `remote.json`. The shell shows a link to one of them only
 * while a remote of the page declares its path (`routesOwnPath` over the declared routes): a link to a page that no remote
 * serves yet stays hidden, and comes back by itself when a remote declares the page.
 */
export const REMOTE_PAGES = {
  workbench: '/work-bench',
  balanceCenter: '/balance-center',
  taskWall: '/task-wall',
  help: '/common-problem',
  shopAddress: '/shop-address',
  pointsMall: '/shopping-mall',
  /** The free advertising plan (strategy survey) of the logged-in portal: the top bar's 免费方案. */
  strategySurvey: '/strategy-survey',
} as const;

/**
 * The remotes' dialogs that the shell opens (the top bar's 免费方案 opens the plan dialog over
 * whatever page is shown). A dialog is a state of the address, `?dialog=<name>` on the page's own
 * path: it can be linked to, and back closes it. The remote that declares a dialog (`dialogs` of its
 * `remote.json`) is mounted while the address names it, on any page, and draws it; the shell shows
 * its link only while a remote of the page declares it.
 */
export const REMOTE_DIALOGS = {
  freePlan: 'free-plan',
} as const;

/** The query parameter naming the open dialog. */
export const DIALOG_PARAM = 'dialog';

/** The dialog an address's query (`location.search`) names, if any. */
export function dialogOf(search: string): string | null {
  return new URLSearchParams(search).get(DIALOG_PARAM);
}

/**
 * The history state of a link that opens a dialog from a page of the portal: closing that dialog
 * goes back one entry (as the browser's back does), while a dialog opened by a typed or shared
 * address closes by replacing the address.
 */
export const DIALOG_LINK_STATE = { openedDialogInPortal: true } as const;

/** Whether a history state is DIALOG_LINK_STATE's. */
export const openedByDialogLink = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as Record<string, unknown>).openedDialogInPortal === true;

/** `search` with `dialog` open (or, when null, with none), the other parameters kept. */
export function searchWithDialog(search: string, dialog: string | null): string {
  const params = new URLSearchParams(search);
  if (dialog === null) params.delete(DIALOG_PARAM);
  else params.set(DIALOG_PARAM, dialog);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * What the shell passes a remote at mount, beside single-spa's own props (`customProps`): the
 * element to render into, and every path the page serves (the shell's own pages and the routes
 * each remote of the page declares), so that a remote can leave out a link to a page nobody serves.
 */
export interface RemoteMountProps {
  domElementGetter: () => HTMLElement;
  pageRoutes: readonly string[];
}
