/** @portal/remote-kit/testing: mounting a remote in tests as the shell does; never part of a production bundle. */
export { mountRemoteForTest } from './mountRemoteForTest';
export * from './dom';
export { renderPage, type StoreApi } from './renderPage';
