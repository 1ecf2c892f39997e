/**
 * The DOM elements remotes mount into, one per remote, created outside React so that single-spa
 * can hold on to them across renders. The frame's RemoteOutlet moves them into its content area
 * and says when it is there: a remote is active only while the outlet is (see registerRemoteApps).
 */
const containers = new Map<string, HTMLElement>();
let outletReady = false;

export function remoteContainer(name: string): HTMLElement {
  let element = containers.get(name);
  if (!element) {
    element = document.createElement('div');
    element.id = `single-spa-application:${name}`;
    element.className = 'shell-remote';
    element.dataset.remote = name;
    containers.set(name, element);
  }
  return element;
}

export const isOutletReady = (): boolean => outletReady;

export function setOutletReady(ready: boolean): void {
  outletReady = ready;
}
