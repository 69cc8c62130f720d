/**
 * Which ends of a sideways scroller have more content past them, kept in step with scrolling and
 * resizing: what the admin tables draw their scroll shadows from, so a table wider than its container
 * says that it scrolls.
 */
import { useEffect, useRef, useState } from 'react';

export interface ScrollEdges {
  /** Content hidden before the left edge (scrolled). */
  start: boolean;
  /** Content hidden past the right edge. */
  end: boolean;
}

export function useScrollEdges<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const [edges, setEdges] = useState<ScrollEdges>({ start: false, end: false });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      // One pixel of slack: fractional widths leave a sub-pixel remainder at either end.
      const start = el.scrollLeft > 1;
      const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setEdges((now) => (now.start === start && now.end === end ? now : { start, end }));
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const resized = new ResizeObserver(update);
    resized.observe(el);
    // The table inside grows with its rows and their text, not only with the container.
    if (el.firstElementChild) resized.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', update);
      resized.disconnect();
    };
  }, []);
  return { ref, edges };
}
