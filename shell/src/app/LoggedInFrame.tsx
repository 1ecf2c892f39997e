import { LoadingState } from '@portal/design-system';
import { Suspense, useContext, type ReactNode } from 'react';
import { ReactReduxContext } from 'react-redux';
import { ShellDataProvider } from '../store/ShellDataProvider';
import { shellApi } from '../store/shellApi';
import { getPageStore } from '../store/store';
import { RequireLogin } from '../session/RequireLogin';
import { FramePart } from './splitParts';

/** The page's store around the logged-in part, unless a store is already above (a test's own). */
function PageData({ children }: { children: ReactNode }) {
  const outer = useContext(ReactReduxContext);
  return outer ? <>{children}</> : <ShellDataProvider>{children}</ShellDataProvider>;
}

/** The frame behind the login guard: the user is loaded (or the visitor sent to '/') first. */
export function LoggedInFrame() {
  return (
    <PageData>
      <RequireLogin>
        <Suspense fallback={<LoadingState />}>
          <FramePart.Component />
        </Suspense>
      </RequireLogin>
    </PageData>
  );
}

/** Starts loading the page's user now, rather than when RequireLogin first renders. */
export function startSession(): void {
  void getPageStore().dispatch(shellApi.endpoints.userInfo.initiate(undefined, { subscribe: false }));
}
