import { LoadingState } from '@portal/design-system';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { FrameRoute } from '../frame/texts';
import { LoginPage } from '../login/LoginPage';
import { findRemoteForPath, type RemoteCatalog } from '../remotes/remoteCatalog';
import { useRemoteCatalog } from '../remotes/RemoteCatalogContext';
import { hardNavigation } from '../session/hardNavigation';
import { hasLoginCookie, hasSessionExpiredMark } from '../session/loginCookie';
import { loginUrlFor } from '../session/returnPath';
import { SHELL_FRAME_PATHS, type ShellFramePath } from './framePages';
import { LoggedInFramePart, NotFoundPart } from './splitParts';

// The login page is the first load of every visitor: everything behind the guard is split off
// (the guard itself with the session and the api-client, the frame, the pages), and so is the
// not-found page.
const LoggedInFrame = LoggedInFramePart.Component;
const NotFoundPage = NotFoundPart.Component;
const AccountInfoPage = lazy(() => import('../pages/account-info/AccountInfoPage').then((m) => ({ default: m.AccountInfoPage })));
const ChangePasswordPage = lazy(() => import('../pages/change-password/ChangePasswordPage').then((m) => ({ default: m.ChangePasswordPage })));
const MessageCenterPage = lazy(() => import('../pages/message-center/MessageCenterPage').then((m) => ({ default: m.MessageCenterPage })));

/** The shell's own pages inside the frame; every other framed path belongs to a remote. */
const FRAME_PAGES: Readonly<Record<ShellFramePath, ReactNode>> = {
  [FrameRoute.AccountInfo]: <AccountInfoPage />,
  [FrameRoute.ChangePassword]: <ChangePasswordPage />,
  [FrameRoute.MessageCenter]: <MessageCenterPage />,
  [FrameRoute.Messages]: <MessageCenterPage />,
};

/** Whether a path is inside the frame: one of the shell's framed pages or a remote's of the catalog. */
export function isFramedPath(pathname: string, catalog: RemoteCatalog): boolean {
  return SHELL_FRAME_PATHS.some((path) => path === pathname) || findRemoteForPath(pathname, catalog.remotes) !== undefined;
}

/**
 * Without the login cookie: leaves for the login page (replacing the history entry), asking it to
 * come back here after login (`/login?redirect=/promote-data%3F...`), fetching nothing of the frame;
 * saying the session expired when a 401 of this tab ended it (a reload racing the api-client's move).
 */
function LeaveForLogin() {
  const { pathname, search, hash } = useLocation();
  const target = loginUrlFor(`${pathname}${search}${hash}`, { expired: hasSessionExpiredMark() });
  useEffect(() => hardNavigation.replace(target), [target]);
  return null;
}

/** The frame behind the login guard, for paths the shell or a remote provides; others are not found. */
function GuardedFrame() {
  const { pathname } = useLocation();
  const catalog = useRemoteCatalog();
  // Read once, as RequireLogin does: a call answered 401 clears the cookie and the api-client leaves
  // for the login saying the session expired; a re-render here must not race it with a plain redirect.
  const [loggedIn] = useState(hasLoginCookie);
  if (!isFramedPath(pathname, catalog)) return <Navigate to={FrameRoute.NotFound} replace />;
  if (!loggedIn) return <LeaveForLogin />;
  return (
    <Suspense fallback={<LoadingState minHeight={480} />}>
      <LoggedInFrame />
    </Suspense>
  );
}

/** The path the page was loaded at: the shell's own `/` only when the server rendered no visitor site there. */
const LOADED_AT = typeof window === 'undefined' ? '' : window.location.pathname;

/**
 * `/` is the visitor site's home, rendered by the server (the public remote's site). Reached inside
 * the shell (a link of the app), it is loaded from the server; when the page was loaded at `/`
 * and the shell still came, there is no visitor site on this server (an API-only start, the remote
 * not built): the login form it is.
 */
function VisitorHome() {
  const leave = LOADED_AT !== '/';
  useEffect(() => {
    if (leave) hardNavigation.assign('/');
  }, [leave]);
  return leave ? null : <Navigate to={`/login${window.location.search}`} replace />;
}

/** `/` is the visitor site, `/login` logs in, `/not-found` is open to all, the rest is framed and guarded. */
export function ShellRoutes() {
  return (
    <Routes>
      <Route path="/" element={<VisitorHome />} />
      <Route path="/login" element={<LoginPage />} />
      <Route
        path={FrameRoute.NotFound}
        element={
          <Suspense fallback={<LoadingState />}>
            <NotFoundPage />
          </Suspense>
        }
      />
      <Route
        element={
          // The remotes' paths are known once /remotes.json and their declarations are read.
          <Suspense fallback={<LoadingState minHeight={480} />}>
            <GuardedFrame />
          </Suspense>
        }
      >
        {SHELL_FRAME_PATHS.map((path) => (
          <Route key={path} path={path} element={FRAME_PAGES[path]} />
        ))}
        {/* A remote's path: single-spa mounts the remote in the frame's RemoteOutlet. */}
        <Route path="*" element={null} />
      </Route>
    </Routes>
  );
}
