/**
 * Makes the window answer media queries as if it were `width` px wide (jsdom has no layout: its
 * matchMedia, from jest.setup-dom.js, matches nothing). antd's breakpoints ask `(max-width: 575px)`,
 * `(min-width: 576px)` and so on; usePhoneScreen and Grid.useBreakpoint follow them. Returns the
 * function that puts jsdom's matchMedia back.
 */
export function setWindowWidth(width: number): () => void {
  const jsdomMatchMedia = window.matchMedia;
  window.matchMedia = (query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    };
  };
  return () => {
    window.matchMedia = jsdomMatchMedia;
  };
}
