import { LoadingState } from '@portal/design-system';
import { Suspense } from 'react';
import { RequireLogin } from '../session/RequireLogin';
import { pageSessionStore } from '../session/SessionContext';
import { FramePart } from './splitParts';

/** The frame behind the login guard: the user is loaded (or the visitor sent to '/') first. */
export function LoggedInFrame() {
  return (
    <RequireLogin>
      <Suspense fallback={<LoadingState />}>
        <FramePart.Component />
      </Suspense>
    </RequireLogin>
  );
}

/** Starts loading the page's user now, rather than when RequireLogin first renders. */
export function startSession(): void {
  pageSessionStore().load();
}
