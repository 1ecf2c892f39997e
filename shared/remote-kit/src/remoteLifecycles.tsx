import type { RemoteMountProps } from '@portal/contracts';
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
 * element the shell passes as customProps.domElementGetter (its frame's content area), given the
 * paths the page serves (customProps.pageRoutes); `failureText` shows if even Root fails (page
 * errors are caught further in).
 */
export function remoteLifecycles(Root: ComponentType<{ pageRoutes?: readonly string[] }>, failureText: string): RemoteLifecycles {
  const { bootstrap, mount, unmount } = singleSpaReact<Partial<RemoteMountProps>>({
    React,
    ReactDOMClient,
    rootComponent: ({ pageRoutes }) => <Root pageRoutes={pageRoutes} />,
    errorBoundary: () => (
      <div role="alert" style={{ padding: 24, color: '#ff4d4f' }}>
        {failureText}
      </div>
    ),
  });
  return { bootstrap, mount, unmount } as RemoteLifecycles;
}
