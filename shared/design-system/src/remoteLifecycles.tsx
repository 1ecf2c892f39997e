import React, { type ComponentType } from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';

/** What a remote exposes as `./app`: the single-spa lifecycles the shell drives. */
export interface RemoteLifecycles {
  bootstrap(props: object): Promise<unknown>;
  mount(props: object): Promise<unknown>;
  unmount(props: object): Promise<unknown>;
}

/**
 * A remote's single-spa lifecycles: `Root` (the remote's providers and routes) rendered into the
 * element the shell passes as customProps.domElementGetter (its frame's content area);
 * `failureText` shows if even Root fails (page errors are caught further in).
 */
export function remoteLifecycles(Root: ComponentType, failureText: string): RemoteLifecycles {
  const { bootstrap, mount, unmount } = singleSpaReact({
    React,
    ReactDOMClient,
    rootComponent: () => <Root />,
    errorBoundary: () => (
      <div role="alert" style={{ padding: 24, color: '#ff4d4f' }}>
        {failureText}
      </div>
    ),
  });
  return { bootstrap, mount, unmount } as RemoteLifecycles;
}

/**
 * Tests: mounts a remote at `path` as single-spa does in the browser (bootstrap, then mount into a
 * fresh frame element), outside act(): mount resolves only after React has committed, which
 * act() would hold back. `unmount()` unmounts, removes the frame and restores the act flag.
 */
export async function mountRemoteForTest(app: RemoteLifecycles, name: string, path: string) {
  const flag = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const actEnvironment = flag.IS_REACT_ACT_ENVIRONMENT;
  flag.IS_REACT_ACT_ENVIRONMENT = false;
  window.history.pushState(null, '', path);
  const frame = document.createElement('main');
  document.body.append(frame);
  // What single-spa passes: its own props plus the shell's customProps.
  const props = { name, singleSpa: {}, mountParcel: () => undefined, domElementGetter: () => frame };
  await app.bootstrap(props);
  await app.mount(props);
  return {
    frame,
    async unmount() {
      await app.unmount(props);
      frame.remove();
      flag.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    },
  };
}
