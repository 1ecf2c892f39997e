/** Helpers for the tests of pages built on the design system (not part of the runtime entry). */
export { setWindowWidth } from './windowWidth';
