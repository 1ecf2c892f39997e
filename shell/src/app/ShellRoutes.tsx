import { LoadingState } from '@portal/design-system';
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { NotFoundPage } from '../frame/NotFoundPage';
import { FrameRoute } from '../frame/texts';
import { LoginPage } from '../login/LoginPage';
import { findRemoteForPath } from '../remotes/registry';
import { hasLoginCookie } from '../session/loginCookie';
import { RequireLogin } from '../session/RequireLogin';

// The login page is the first load of every visitor: everything behind the guard is split off.
// Lazy-loading boundaries are the one place default-shaped modules are wanted.
const loadFrame = () => import('../frame/Frame').then((m) => ({ default: m.Frame }));
const Frame = lazy(loadFrame);
const AccountInfoPage = lazy(() => import('../pages/account-info/AccountInfoPage').then((m) => ({ default: m.AccountInfoPage })));
const ChangePasswordPage = lazy(() =>
  import('../pages/change-password/ChangePasswordPage').then((m) => ({ default: m.ChangePasswordPage })),
);
const MessageCenterPage = lazy(() =>
  import('../pages/message-center/MessageCenterPage').then((m) => ({ default: m.MessageCenterPage })),
);
// Logged in already: fetch the frame at once, beside user-info, rather than after it.
if (hasLoginCookie()) void loadFrame();

/** The shell's own pages inside the frame; every other framed path belongs to a remote. */
const FRAME_PAGES: ReadonlyArray<{ path: string; element: ReactNode }> = [
  { path: FrameRoute.AccountInfo, element: <AccountInfoPage /> },
  { path: FrameRoute.ChangePassword, element: <ChangePasswordPage /> },
  { path: FrameRoute.MessageCenter, element: <MessageCenterPage /> },
  { path: FrameRoute.Messages, element: <MessageCenterPage /> },
];

/** The frame behind the login guard, for paths the shell or a remote provides; others are not found. */
function GuardedFrame() {
  const { pathname } = useLocation();
  const known = FRAME_PAGES.some((page) => page.path === pathname) || findRemoteForPath(pathname) !== undefined;
  if (!known) return <Navigate to={FrameRoute.NotFound} replace />;
  return (
    <RequireLogin>
      <Suspense fallback={<LoadingState />}>
        <Frame />
      </Suspense>
    </RequireLogin>
  );
}

/** `/` and `/login` log in, `/not-found` is open to all, the rest is framed and guarded. */
export function ShellRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LoginPage />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path={FrameRoute.NotFound} element={<NotFoundPage />} />
      <Route element={<GuardedFrame />}>
        {FRAME_PAGES.map((page) => (
          <Route key={page.path} path={page.path} element={page.element} />
        ))}
        {/* A remote's path: single-spa mounts the remote in the frame's RemoteOutlet. */}
        <Route path="*" element={null} />
      </Route>
    </Routes>
  );
}
