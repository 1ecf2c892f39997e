import { lazyPart } from './lazyPart';

/**
 * The parts of the shell split off the login route, which is every visitor's first load: the
 * logged-in guard (session, api-client), the frame, the not-found page. A page opened logged in
 * fetches the guard and the frame at once, side by side (see bootstrap.tsx).
 */
const importLoggedInFrame = () => import('./LoggedInFrame');

export const LoggedInFramePart = lazyPart(() => importLoggedInFrame().then((m) => m.LoggedInFrame));
export const FramePart = lazyPart(() => import('../frame/Frame').then((m) => m.Frame));
export const NotFoundPart = lazyPart(() => import('../frame/NotFoundPage').then((m) => m.NotFoundPage));

/** Loads the page's user (user-info) as soon as the guard's chunk is there, before React renders it. */
export const startSession = (): Promise<void> => importLoggedInFrame().then((m) => m.startSession());
