/** @portal/remote-kit: what every remote repeats (root, store, lifecycles, standalone harness) as one defineRemote call. */
export { defineRemote } from './defineRemote';
export type { RemoteOptions, RootProps } from './defineRemote';
export type { ApiSlice, RemoteDispatch, RemoteState, RemoteStore } from './remoteStore';
export type { RemoteLifecycles } from './remoteLifecycles';
export { usePageServed } from './pageRoutes';
export type { RemoteDialogProps, RemoteDialogs } from './remoteDialogs';
