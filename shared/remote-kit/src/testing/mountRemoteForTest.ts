import type { RemoteMountProps } from '@portal/contracts';
import type { RemoteLifecycles } from '../remoteLifecycles';

/**
 * Tests: mounts a remote at `path` as single-spa does in the browser (bootstrap, then mount into a
 * fresh frame element; `pageRoutes`: the paths the page serves, as the shell passes them, default
 * none known), outside act(): mount resolves only after React has committed,
 * which act() would hold back. `unmount()` unmounts, removes the frame and restores the act flag.
 */
export async function mountRemoteForTest(
  app: RemoteLifecycles,
  name: string,
  path: string,
  { pageRoutes }: Partial<Pick<RemoteMountProps, 'pageRoutes'>> = {},
) {
  const flag = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const actEnvironment = flag.IS_REACT_ACT_ENVIRONMENT;
  flag.IS_REACT_ACT_ENVIRONMENT = false;
  window.history.pushState(null, '', path);
  const frame = document.createElement('main');
  document.body.append(frame);
  // What single-spa passes: its own props plus the shell's customProps (RemoteMountProps).
  const mountProps: Partial<RemoteMountProps> = { domElementGetter: () => frame, pageRoutes };
  const props = { name, singleSpa: {}, mountParcel: () => undefined, ...mountProps };
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
