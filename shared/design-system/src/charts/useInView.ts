import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element has come into view (or within `rootMargin` of it) once; it stays true after.
 * Without IntersectionObserver (old browsers, jsdom) it is true at once: the chart draws at once.
 */
export function useInView(ref: RefObject<Element | null>, rootMargin = '200px'): boolean {
  const [inView, setInView] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (inView || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setInView(true);
        }
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [inView, ref, rootMargin]);
  return inView;
}
