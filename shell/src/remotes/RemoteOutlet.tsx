import { useLayoutEffect, useRef } from 'react';
import { triggerAppChange } from 'single-spa';
import { remoteContainer, setOutletReady } from './remoteContainers';
import { useRemoteCatalog } from './RemoteCatalogContext';

/**
 * The place in the frame's content area where remotes mount. It moves the remotes' containers in,
 * then lets single-spa activate the remote of the current route; on leaving, it deactivates them.
 */
export function RemoteOutlet() {
  const { remotes } = useRemoteCatalog();
  const hostRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host) return undefined;
    for (const remote of remotes) host.appendChild(remoteContainer(remote.name));
    setOutletReady(true);
    void triggerAppChange();
    return () => {
      setOutletReady(false);
      void triggerAppChange();
    };
  }, [remotes]);
  return <div ref={hostRef} className="shell-remote-outlet" />;
}
