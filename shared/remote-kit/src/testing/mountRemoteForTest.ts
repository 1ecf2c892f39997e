import type { RemoteLifecycles } from '../remoteLifecycles';

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
