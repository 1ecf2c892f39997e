/** The parts of a click or key event that say where its navigation goes. */
interface NavigationEvent {
  target: EventTarget | null;
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
}

/** A click that the browser gives to another tab or window (ctrl, cmd or shift held). */
export const opensElsewhere = (event: NavigationEvent): boolean => Boolean(event.ctrlKey || event.metaKey || event.shiftKey);

/**
 * Whether a menu entry's own link took this event: a click on the link navigates through the
 * router (or opens a tab); Enter on the focused entry is not on the link, and the menu navigates.
 */
export const takenByLink = (event: NavigationEvent): boolean => event.target instanceof Element && event.target.closest('a[href]') !== null;
