import {
  useCallback,
  useEffect,
  useLayoutEffect,
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

/** How far below the screen's bottom edge a row counts as on it (about a row). */
const EDGE_MARGIN_PX = 64;

/**
 * The table's rows, the screen's first. `limit`: how many rows of `data` to render now (the
 * body keeps the rest as they were: useKeptRows). `filling` while rows are still to come:
 * the table says it is busy (aria-busy) until they have. `active`: the active row is always
 * rendered, so a key moving there never lands on a hidden row.
 */
export function useScreenFirst(
  data: unknown,
  count: number,
  active: number,
  bodyRef: RefObject<HTMLTableSectionElement | null>,
) {
  // How far the rows of `fill.data` are rendered, once the task after a frame rendered more.
  const [fill, setFill] = useState<{ data: unknown; upTo: number }>({ data: undefined, upTo: 0 });
  const { edge, watch } = useScreenEdge(bodyRef);
  // New data starts at the screen's edge: Infinity while no row has been seen in view (the
  // table's first rows, rows after a skeleton or the empty state: nothing to keep).
  const fresh = fill.data !== data;
  const limit = Math.min(count, Math.max(fresh ? edge : fill.upTo, active + 1));
  const filling = limit < count;
  // All of it shown at once (every row in view): noted now (React renders this component
  // again before its children), so an edge moved later by the first sight of the rows or a
  // scroll doesn't take rows of these back.
  if (fresh && !filling && count > 0) setFill({ data, upTo: Infinity });
  useLayoutEffect(() => {
    if (!filling) return;
    // After the frame showing these rows, when nothing else waits (the next key comes
    // first: a page flipped past before its rows below were drawn never draws them), and
    // within FILL_WITHIN_MS however busy the page. Rendered at once in that task.
    return afterPaint(() => flushSync(() => setFill({ data, upTo: limit + FILL_ROWS })), {
      latestMs: FILL_WITHIN_MS,
    });
  }, [data, limit, filling]);

  return { limit, filling, watch };
}

/**
 * The body's side (grid-body.tsx): `keep(elements)` answers the rows to render, where each
 * row from `limit` on is the element the last commit rendered there (React leaves it as it
 * was) or nothing. After each commit the rows from the limit on are hidden, the others shown,
 * and new rows are watched. A child's layout effects run before its parent's, so a row the
 * table's keyboard focuses (use-grid-keyboard.ts) is shown by then.
 */
export function useKeptRows(
  limit: number,
  bodyRef: RefObject<HTMLTableSectionElement | null>,
  watch: () => void,
) {
  const committed = useRef<ReactNode[]>([]);
  const rendered = useRef<ReactNode[]>([]);
  useLayoutEffect(() => {
    committed.current = rendered.current;
    watch();
    for (const row of bodyRef.current?.children ?? []) {
      // A row without an index (the skeleton, the empty state) is never hidden.
      row.toggleAttribute('hidden', Number((row as HTMLElement).dataset.index) >= limit);
    }
  });
  return (elements: ReactNode[]): ReactNode[] => {
    // The very elements the DOM shows, so React skips them (a copy in state would cost a
    // second render each commit).
    const kept = committed.current;
    rendered.current = elements.map((element, index) => (index < limit ? element : (kept[index] ?? null)));
    return rendered.current;
  };
}

/**
 * One more than the last row in view (or just below it); Infinity while none is. `watch()`
 * after each commit observes the rows not yet observed (a row stays the same element while
 * the table has it: the rows are keyed by position).
 */
function useScreenEdge(bodyRef: RefObject<HTMLTableSectionElement | null>) {
  const [edge, setEdge] = useState(Number.POSITIVE_INFINITY);
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
        setEdge(inView.size ? Math.max(...inView) + 1 : Number.POSITIVE_INFINITY);
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
