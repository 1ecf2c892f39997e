import { useEffect, type RefObject } from 'react';

/**
 * antd's Carousel keeps the slides out of view in the page, marked aria-hidden: their links must
 * not take the keyboard's focus either (WCAG 4.1.2). Followed as the slides change; `shown`
 * re-attaches when the carousel inside `root` appears.
 */
export function useHiddenSlidesUnfocusable(root: RefObject<HTMLElement | null>, shown: unknown = true): void {
  useEffect(() => {
    const element = root.current;
    if (!element) return undefined;
    const sync = () => {
      for (const slide of element.querySelectorAll('.slick-slide')) {
        const hidden = slide.getAttribute('aria-hidden') === 'true';
        for (const link of slide.querySelectorAll('a[href]')) {
          if (hidden) link.setAttribute('tabindex', '-1');
          else link.removeAttribute('tabindex');
        }
      }
    };
    sync();
    const observer = new MutationObserver(sync);
    observer.observe(element, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-hidden'] });
    return () => observer.disconnect();
  }, [root, shown]);
}
