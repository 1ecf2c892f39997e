import { useLayoutEffect, useRef } from 'react';
import { triggerAppChange } from 'single-spa';
import { REMOTES } from './registry';
import { remoteContainer, setOutletReady } from './remoteContainers';

/**
 * The place in the frame's content area where remotes mount. It moves the remotes' containers in,
 * then lets single-spa activate the remote of the current route; on leaving, it deactivates them.
 */
export function RemoteOutlet() {
  const hostRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host) return undefined;
    for (const remote of REMOTES) host.appendChild(remoteContainer(remote.name));
    setOutletReady(true);
    void triggerAppChange();
    return () => {
      setOutletReady(false);
      void triggerAppChange();
    };
  }, []);
  return <div ref={hostRef} className="shell-remote-outlet" />;
}
