// DOM test setup: jest-dom matchers and the browser APIs antd expects but jsdom lacks.
require('@testing-library/jest-dom');
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(global, { TextEncoder, TextDecoder });
if (!window.matchMedia) {
  window.matchMedia = (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  });
}
if (!global.ResizeObserver) {
  global.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
window.scrollTo = () => {};
// jsdom has no MessageChannel; rc-select and rc-field-form use it to defer work to a macrotask.
if (typeof global.MessageChannel === 'undefined') {
  global.MessageChannel = class MessageChannel {
    constructor() {
      const port1 = { onmessage: null, close() {} };
      this.port1 = port1;
      this.port2 = {
        postMessage: (data) => setTimeout(() => port1.onmessage && port1.onmessage({ data }), 0),
        close() {},
      };
    }
  };
}

// antd's CSS-in-JS inserts a <style> per component: some 2,500 rules once a lead list and a dialog
// are up. jsdom has no layout, and its getComputedStyle (asked by rc-trigger, rc-table and role
// queries on every render) matches every rule against the element and each of its ancestors, anew
// after any DOM change: seconds per test step, minutes on a busy machine. Tests assert text and
// structure, never CSS, so antd renders as on a server: the same class names, no style sheets.
// `mock` is cssinjs's test-only switch (ignored in production builds); this object is the style
// context that every component reads when no StyleProvider is above it, as none is in this project.
require('@ant-design/cssinjs').StyleContext._currentValue.mock = 'server';

// jsdom implements getComputedStyle without pseudo-elements and logs an error when rc-table asks
// for the scrollbar's; the element's own style is what such callers can use here.
const elementComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element) => elementComputedStyle(element);
// The first test of a file pays for loading antd and the lazily imported page: wait longer than 1 s.
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });
// A DOM test takes under 2 s on a quiet machine (about 3 s with the other core busy); one that
// needs more is a defect to fix, not a bound to raise. Set here, as a project's own testTimeout is
// not read in the root multi-project run (where the root's is meant for the server's suites).
jest.setTimeout(10000);

// antd's animations (rc-motion) finish on animation frames after a test step, outside act(); that
// warning says nothing about our code. Every other console.error still shows.
const consoleError = console.error;
console.error = (...args) => {
  const [first, second] = args;
  if (typeof first === 'string' && first.includes('not wrapped in act') && String(second).startsWith('CSSMotion')) return;
  consoleError(...args);
};
