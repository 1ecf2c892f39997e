// Shell-only DOM test setup, after the root jest.setup-dom.js.

// Role queries check each element's visibility through getComputedStyle, which is very slow in
// jsdom with antd's CSS-in-JS (seconds per query). Tests here query rendered, visible UI; a closed
// antd dialog is destroyed (destroyOnHidden) rather than hidden, so it is not found either.
require('@testing-library/react').configure({ defaultHidden: true });
