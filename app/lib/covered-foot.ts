import { useLayoutEffect, type RefObject } from 'react';
import { useLatestCallback } from './latest-callback';

/*
 * Bars kept at the screen's foot (the waiting-orders bar, fixed; an order's action bar,
 * sticky) must never lie over the work. Each publishes how much of the foot it covers as a
 * CSS variable on the page, and the page keeps clear of it: app/styles.css pads focus
 * scrolling (scroll-padding-bottom), so a field reached with Tab scrolls above the bars
 * instead of being focused under them; the shell's footer, the action bar and the notices'
 * toasts sit above the waiting bar.
 */

/** The variables, one per bar. */
export type FootBar = '--waiting-bar' | '--action-bar';

/**
 * While `shown`, keeps `variable` on the page at `measure(element)` px (remeasured when the
 * element or the window resizes); removed when hidden or unmounted.
 */
export function useCoveredFoot(
  ref: RefObject<HTMLElement | null>,
  variable: FootBar,
  measure: (element: HTMLElement) => number,
  shown = true,
) {
  // One function for the bar's life: a new `measure` each render is no reason to re-observe.
  const measureNow = useLatestCallback(measure);
  useLayoutEffect(() => {
    const root = document.documentElement.style;
    const element = ref.current;
    if (!shown || !element) {
      root.removeProperty(variable);
      return;
    }
    const publish = () => root.setProperty(variable, `${Math.ceil(Math.max(0, measureNow(element)))}px`);
    publish();
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    resized?.observe(element);
    window.addEventListener('resize', publish);
    return () => {
      resized?.disconnect();
      window.removeEventListener('resize', publish);
      root.removeProperty(variable);
    };
  }, [ref, variable, shown, measureNow]);
}
