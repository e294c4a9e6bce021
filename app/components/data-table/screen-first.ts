import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { flushSync } from 'react-dom';
import { afterPaint } from '../../lib/after-paint';

/**
 * New rows on the screen first, the rows below it in the frames after (issue 26, record 089).
 * A page of rows used to be drawn in one task: its render, DOM writes, style, layout and paint
 * all grow with the rows, yet at 25 rows on a 1280 × 800 screen only the first nine or so are
 * in view (three of a phone's cards). So when new rows come (a sort, a filter, another page),
 * the rows down to the screen's bottom edge are rendered with them and that frame shows them.
 * The rows below are out of the page (`hidden`: no box, nothing for a screen reader or a find
 * in the page) until tasks after that frame render them, FILL_ROWS at a time, before anyone
 * could scroll there. A grid showing part of its rows and saying where they sit (aria-rowindex,
 * aria-rowcount) is what a windowed grid is all the time.
 *
 * Which rows are on screen is kept by an IntersectionObserver on the rows, so scrolling moves
 * the edge and nothing is measured while new rows render. Without such an observer (jsdom)
 * every row renders at once.
 */

/** Rows rendered a frame once the screen's are shown: at 100 rows a page each task stays short. */
export const FILL_ROWS = 25;

/** The rows below the screen come at the latest this long after the frame showing the others. */
const FILL_WITHIN_MS = 100;

/** Rows `from` to `to` (not included) of `data`. */
interface Range {
  data: unknown;
  from: number;
  to: number;
}
const NO_RANGE: Range = { data: undefined, from: 0, to: 0 };
/** What the last commit rendered: its range, and how many rows the table then had. */
type Committed = Range & { count: number };

/** Whether the browser has scroll anchoring (`overflow-anchor`), read when rows render. */
const anchorsScroll = () => typeof CSS !== 'undefined' && !!CSS.supports?.('overflow-anchor', 'auto');

/** How far below the screen's bottom edge a row counts as on it (about a row). */
const EDGE_MARGIN_PX = 64;

/**
 * The table's rows, the screen's first. Rows `from` to `to` (not included) of `data` render
 * now, and the active row; the body keeps the rest as they were (useKeptRows): the rows
 * below out of the page, the rows above in their place, so the rows in view don't move
 * down (at a page's foot, after "Last page", most rows are above the screen). `filling`
 * while rows are still to come: the table says it is busy (aria-busy) until they have. The
 * active row is always rendered, so a key moving there never lands on a kept row.
 */
export function useScreenFirst(
  data: unknown,
  count: number,
  active: number,
  bodyRef: RefObject<HTMLTableSectionElement | null>,
) {
  // The rows of `data` rendered so far: as committed (a ref, written after the commit),
  // and as the tasks after a frame asked for more (state, so that they render).
  const [fill, setFill] = useState<Range>(NO_RANGE);
  const committed = useCommitted();
  const { edge, watch } = useScreenEdge(bodyRef);
  // New data starts with the rows in view: all of them while no row has been seen in view
  // (the table's first rows, rows after a skeleton or the empty state: nothing to keep).
  // Rows of the same data are never taken back, and rows coming into view (a scroll before
  // the rest came) render at once.
  const last = committed.read();
  const known = [fill, last].filter((range) => range.data === data);
  // Where the focus is in the rows (or nowhere), the table's keyboard moves it to the active
  // row, which scrolls there: the rows from it to the screen render too. Elsewhere (the
  // pager under the table, a filter) the active row renders alone and the rows between keep
  // their place.
  const focus = typeof document === 'undefined' ? null : document.activeElement;
  const focusFollows = active >= 0 && (focus === document.body || !!focus?.closest('tbody tr[data-index]'));
  // Rows above wait only while the table keeps its length: fewer rows shorten the page, the
  // scroll moves, and rows kept above could come into view showing the old page.
  // And only where the browser keeps the rows in view in place when rows above them change
  // height on filling (scroll anchoring; Safari has none, so there they render at once).
  const keepsLength = last.count === count && anchorsScroll();
  const from = Math.min(
    keepsLength ? edge.top : 0,
    ...known.map((range) => range.from),
    focusFollows ? active : Infinity,
  );
  // Below the screen the rows down to the active one render too: a kept row there has no
  // box, and rows after a gap would move when it fills.
  const to = Math.min(count, Math.max(edge.bottom, ...known.map((range) => range.to), active + 1));
  const filling = from > 0 || to < count;
  useLayoutEffect(() => {
    committed.write({ data, from, to, count });
    if (!filling) return;
    // After the frame showing these rows, when nothing else waits (the next key comes
    // first: a page flipped past before its other rows were drawn never draws them), and
    // within FILL_WITHIN_MS however busy the page. Rendered at once in that task: the rows
    // below first, then the rows above, FILL_ROWS a task.
    const next =
      to < count ? { data, from, to: to + FILL_ROWS } : { data, from: Math.max(0, from - FILL_ROWS), to };
    return afterPaint(() => flushSync(() => setFill(next)), { latestMs: FILL_WITHIN_MS });
  }, [data, from, to, count, filling, committed]);

  return { from, to, filling, watch };
}

/**
 * The range the last commit rendered, read while rendering the next: written after the
 * commit (so a render React drops leaves it alone) and never a reason to render again.
 */
function useCommitted() {
  const committed = useRef<Committed>({ ...NO_RANGE, count: 0 });
  return useMemo(
    () => ({
      read: () => committed.current,
      write: (range: Committed) => {
        committed.current = range;
      },
    }),
    [],
  );
}

/**
 * The body's side (grid-body.tsx): `keep(elements)` answers the rows to render, where each
 * row outside `from`…`to` but the active one is the element the last commit rendered there
 * (React leaves it as it was) or nothing. After each commit the rows from `to` on are hidden
 * (no box), the rows above `from` stay in their place, out of the accessibility tree
 * (`aria-hidden`), the others shown, and new rows are watched. A child's layout effects run
 * before its parent's, so a row the table's keyboard focuses (use-grid-keyboard.ts) is shown
 * by then.
 *
 * The rows above keep their box and the old page's text, above the screen, until the task
 * after the frame draws them (a few tens of milliseconds); a row scrolled into view before
 * that renders in the next frame (the screen's edge moves). Hiding them cost more than it
 * saved: `visibility: hidden` or `opacity: 0` on 13 rows added 9 ms of style recalculation
 * to "Last page" (bench:ui traces, session 45), and `hidden` would move the rows in view.
 */
export function useKeptRows(
  range: { from: number; to: number; active: number },
  bodyRef: RefObject<HTMLTableSectionElement | null>,
  watch: () => void,
) {
  const { from, to, active } = range;
  const committed = useRef<ReactNode[]>([]);
  const rendered = useRef<ReactNode[]>([]);
  useLayoutEffect(() => {
    committed.current = rendered.current;
    watch();
    for (const row of bodyRef.current?.children ?? []) {
      // A row without an index (the skeleton, the empty state) is never hidden.
      const index = Number((row as HTMLElement).dataset.index);
      row.toggleAttribute('hidden', index >= to);
      if (index < from && index !== active) row.setAttribute('aria-hidden', 'true');
      else row.removeAttribute('aria-hidden');
    }
  });
  return (elements: ReactNode[]): ReactNode[] => {
    // The very elements the DOM shows, so React skips them (a copy in state would cost a
    // second render each commit).
    const kept = committed.current;
    rendered.current = elements.map((element, index) =>
      shown(range, index) ? element : (kept[index] ?? null),
    );
    return rendered.current;
  };
}

/** Whether row `index` renders now (useScreenFirst's range and the active row). */
export function shown(range: { from: number; to: number; active: number }, index: number): boolean {
  return (index >= range.from && index < range.to) || index === range.active;
}

/**
 * The rows in view (or just below them): `top` the first, `bottom` one more than the last;
 * 0 and Infinity while none is. `watch()` after each commit observes the rows not yet
 * observed (a row stays the same element while the table has it: the rows are keyed by
 * position).
 */
function useScreenEdge(bodyRef: RefObject<HTMLTableSectionElement | null>) {
  const [edge, setEdge] = useState({ top: 0, bottom: Number.POSITIVE_INFINITY });
  const observer = useRef<IntersectionObserver | null>(null);
  const watched = useRef(new WeakSet<Element>());
  const watch = useCallback(() => {
    for (const row of bodyRef.current?.querySelectorAll('tr[data-index]') ?? []) {
      if (watched.current.has(row)) continue;
      watched.current.add(row);
      observer.current?.observe(row);
    }
  }, [bodyRef]);
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const inView = new Set<number>();
    const seen = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const row = entry.target as HTMLElement;
          if (!row.isConnected) seen.unobserve(row);
          if (entry.isIntersecting && row.isConnected) inView.add(Number(row.dataset.index));
          // A row hidden for a frame is still where it was.
          else if (!row.hidden) inView.delete(Number(row.dataset.index));
        }
        setEdge((last) => {
          const top = inView.size ? Math.min(...inView) : 0;
          const bottom = inView.size ? Math.max(...inView) + 1 : Number.POSITIVE_INFINITY;
          return last.top === top && last.bottom === bottom ? last : { top, bottom };
        });
      },
      { rootMargin: `0px 0px ${EDGE_MARGIN_PX}px 0px` },
    );
    observer.current = seen;
    watched.current = new WeakSet();
    watch();
    return () => seen.disconnect();
  }, [watch]);
  return { edge, watch };
}
