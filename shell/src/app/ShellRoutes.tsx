import type { ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { Frame } from '../frame/Frame';
import { NotFoundPage } from '../frame/NotFoundPage';
import { FrameRoute } from '../frame/texts';
import { LoginPage } from '../login/LoginPage';
import { AccountInfoPage } from '../pages/account-info/AccountInfoPage';
import { ChangePasswordPage } from '../pages/change-password/ChangePasswordPage';
import { findRemoteForPath } from '../remotes/registry';
import { RequireLogin } from '../session/RequireLogin';

/** The shell's own pages inside the frame; every other framed path belongs to a remote. */
const FRAME_PAGES: ReadonlyArray<{ path: string; element: ReactNode }> = [
  { path: FrameRoute.AccountInfo, element: <AccountInfoPage /> },
  { path: FrameRoute.ChangePassword, element: <ChangePasswordPage /> },
];

/** The frame behind the login guard, for paths the shell or a remote provides; others are not found. */
function GuardedFrame() {
  const { pathname } = useLocation();
  const known = FRAME_PAGES.some((page) => page.path === pathname) || findRemoteForPath(pathname) !== undefined;
  if (!known) return <Navigate to={FrameRoute.NotFound} replace />;
  return (
    <RequireLogin>
      <Frame />
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
