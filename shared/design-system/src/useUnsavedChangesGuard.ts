import { App } from 'antd';
import { useEffect, useRef } from 'react';

/**
 * Asks before unsaved edits are left behind: an in-app navigation (a menu entry, a link, a
 * `navigate()` of any app of the page, browser back or forward) shows a confirm dialog
 * ('有未保存的修改', 离开 / 取消); a reload or closing the tab shows the browser's own prompt
 * (beforeunload).
 *
 * How it works across the page's apps: the shell and every single-spa remote run their own
 * BrowserRouter over the one `window.history` (react-router's useBlocker needs a data router and
 * sees its own router's navigations only; single-spa's cancelNavigation runs after the URL has
 * changed, the initiating router has already moved, and the cancel overwrites a history entry).
 * So the guard sits on the history itself, once per window (the design system is bundled per
 * app, so its state is kept on `globalThis`, shared by every copy):
 * - `history.pushState` / `replaceState` to a place a guard calls leaving are held: the URL does
 *   not change, so the calling router (BrowserRouter reads the location back after its push) and
 *   single-spa see nothing; after 离开 the same call is made and a popstate tells every router.
 * - a back or forward (popstate) away from the guarded place is stopped before single-spa and the
 *   routers hear it (a capturing listener runs first on the window), the history is moved back
 *   to the guarded entry, and after 离开 the move is made again.
 */

/** Texts of the guard's dialog (ours: the spec gives none). */
export const UnsavedChangesText = {
  Title: '有未保存的修改',
  Content: '离开后，未保存的修改将丢失。确定要离开吗？',
  Leave: '离开',
  Stay: '取消',
} as const;

export interface UnsavedChangesGuardOptions {
  /**
   * Whether going from `from` to `to` leaves the edits behind. Default: another path (a change
   * of the query alone, such as a tab kept in the URL, stays).
   */
  isLeaving?: (from: URL, to: URL) => boolean;
  /** The dialog's text; default UnsavedChangesText.Content. */
  content?: string;
}

interface GuardEntry {
  isLeaving: (from: URL, to: URL) => boolean;
  confirm: () => Promise<boolean>;
}

type HistoryWrite = (data: unknown, unused: string, url?: string | URL | null) => void;

interface GuardController {
  guards: Set<GuardEntry>;
  /** Writes made after 离开 pass unasked. */
  bypass: boolean;
  /** The page's URL and history index as the guard last saw them (the place a popstate leaves). */
  href: string;
  idx: unknown;
  /** A popstate of the guard's own move back to the guarded entry: swallowed. */
  restoring: boolean;
  /** The popstate of a move made after 离开: passed on. */
  passNextPop: boolean;
  /** A popstate was dispatched during a write (single-spa sends one after each write). */
  sawPop: boolean;
  /** The dialog being shown, if any. */
  asking: Promise<boolean> | null;
}

const KEY = Symbol.for('@portal/design-system/unsaved-changes-guard');

/** The default: another path leaves. */
export const leavesPath = (from: URL, to: URL): boolean => from.pathname !== to.pathname;

const historyIndex = (): unknown => (window.history.state as { idx?: unknown } | null)?.idx;

function remember(controller: GuardController) {
  controller.href = window.location.href;
  controller.idx = historyIndex();
}

function leavingGuards(controller: GuardController, from: URL, to: URL): GuardEntry[] {
  return [...controller.guards].filter((guard) => guard.isLeaving(from, to));
}

/** Asks the most recent guard that `to` leaves (one dialog at a time: a second asking is refused). */
function ask(controller: GuardController, guards: GuardEntry[]): Promise<boolean> {
  if (controller.asking) return Promise.resolve(false);
  const asking = guards[guards.length - 1].confirm().finally(() => {
    controller.asking = null;
  });
  controller.asking = asking;
  return asking;
}

function passing(controller: GuardController, run: () => void) {
  controller.bypass = true;
  try {
    run();
  } finally {
    controller.bypass = false;
  }
}

function install(): GuardController {
  const controller: GuardController = {
    guards: new Set(),
    bypass: false,
    href: window.location.href,
    idx: historyIndex(),
    restoring: false,
    passNextPop: false,
    sawPop: false,
    asking: null,
  };

  const wrap = (method: 'pushState' | 'replaceState') => {
    const inner = window.history[method] as HistoryWrite;
    const guarded: HistoryWrite = function (this: History, data, unused, url) {
      if (controller.bypass || url === undefined || url === null || controller.guards.size === 0) {
        inner.call(this, data, unused, url);
        remember(controller);
        return;
      }
      const from = new URL(window.location.href);
      const to = new URL(String(url), window.location.href);
      const guards = leavingGuards(controller, from, to);
      if (guards.length === 0) {
        inner.call(this, data, unused, url);
        remember(controller);
        return;
      }
      // Held: the URL stays; the routers read it back and stay where they are.
      void ask(controller, guards).then((leave) => {
        if (!leave) return;
        passing(controller, () => {
          controller.sawPop = false;
          // The outermost write: single-spa's (when it wraps this one) tells its apps itself.
          (window.history[method] as HistoryWrite).call(window.history, data, unused, url);
          if (!controller.sawPop) window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state as unknown }));
        });
      });
    };
    window.history[method] = guarded as History[typeof method];
  };
  wrap('pushState');
  wrap('replaceState');

  const onPop = (event: Event) => {
    controller.sawPop = true;
    if (controller.restoring) {
      // The guard's own move back to the guarded entry: nobody needs to hear it.
      controller.restoring = false;
      event.stopImmediatePropagation();
      remember(controller);
      return;
    }
    // Passed: after 离开, a write of this page (single-spa's artificial popstate), or nothing guarded.
    const artificial = controller.bypass || (event as Event & { singleSpa?: boolean }).singleSpa === true;
    if (controller.passNextPop || artificial || controller.guards.size === 0) {
      controller.passNextPop = false;
      remember(controller);
      return;
    }
    const from = new URL(controller.href);
    const to = new URL(window.location.href);
    const guards = leavingGuards(controller, from, to);
    if (guards.length === 0) {
      remember(controller);
      return;
    }
    // Stopped before single-spa and the routers hear it; back to the guarded entry, then ask.
    event.stopImmediatePropagation();
    const toIdx = historyIndex();
    const delta = typeof controller.idx === 'number' && typeof toIdx === 'number' && controller.idx !== toIdx ? controller.idx - toIdx : 1;
    controller.restoring = true;
    window.history.go(delta);
    void ask(controller, guards).then((leave) => {
      if (!leave) return;
      controller.passNextPop = true;
      window.history.go(-delta);
    });
  };
  // Capturing, and through the prototype: single-spa keeps the window's own popstate listeners
  // to call after its rerouting, and a capturing listener runs before the others on the window.
  EventTarget.prototype.addEventListener.call(window, 'popstate', onPop, true);

  EventTarget.prototype.addEventListener.call(window, 'beforeunload', (event: Event) => {
    if (controller.guards.size === 0) return;
    event.preventDefault();
    // Older browsers show the prompt only for a returnValue.
    (event as BeforeUnloadEvent).returnValue = '';
  });
  return controller;
}

/** The page's guard controller, installed on first use. */
function controllerOf(): GuardController {
  const holder = globalThis as unknown as Record<symbol, GuardController | undefined>;
  holder[KEY] ??= install();
  return holder[KEY];
}

/**
 * While `dirty`, leaving the page (see `options.isLeaving`) asks first: in the app, a confirm
 * dialog (离开 leaves and the edits are dropped; 取消 stays with them); a reload or closing the
 * tab, the browser's prompt. Saving (dirty false) or unmounting ends it. Use it on every form with
 * edits that are not saved yet.
 */
export function useUnsavedChangesGuard(dirty: boolean, options: UnsavedChangesGuardOptions = {}): void {
  const { modal } = App.useApp();
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    if (!dirty) return;
    const controller = controllerOf();
    const entry: GuardEntry = {
      isLeaving: (from, to) => (latest.current.isLeaving ?? leavesPath)(from, to),
      confirm: () =>
        new Promise<boolean>((resolve) => {
          modal.confirm({
            title: UnsavedChangesText.Title,
            content: latest.current.content ?? UnsavedChangesText.Content,
            okText: UnsavedChangesText.Leave,
            cancelText: UnsavedChangesText.Stay,
            okButtonProps: { danger: true },
            onOk: () => resolve(true),
            onCancel: () => resolve(false),
          });
        }),
    };
    controller.guards.add(entry);
    return () => {
      controller.guards.delete(entry);
    };
  }, [dirty, modal]);
}
