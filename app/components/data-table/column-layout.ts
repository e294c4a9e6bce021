import { useCallback, useSyncExternalStore } from 'react';
import { COLUMN_WIDTH_MAX, COLUMN_WIDTH_MIN, type ListLayout } from '#contract/list-views';
import { devicePrefsChanged, subscribeDevicePrefs } from '../../lib/device-prefs';

/*
 * A list's layout (issue 15, item 4): which columns show, in which order, at which width,
 * which are pinned to the left edge, and the row density. One plain object (the contract's
 * ListLayout), so a saved view carries it as it is; TanStack Table's column features get
 * their state from it (tableLayoutState) and every change is a pure function of it here.
 */

/** The layout of a list nobody has arranged: every column, as the list defines them. */
export const DEFAULT_LAYOUT: ListLayout = {
  order: [],
  hidden: [],
  pinned: [],
  widths: {},
  density: 'comfortable',
};

/** The selection column's id (selection.tsx): always first, never hidden, pinned with the pins. */
const SELECT = 'select';

/** The column ids in display order: the layout's named ones, then the list's others in their place. */
export function orderedIds(layout: ListLayout, ids: readonly string[]): string[] {
  const known = new Set(ids);
  const named = layout.order.filter((id) => known.has(id) && id !== SELECT);
  const namedSet = new Set(named);
  const rest = ids.filter((id) => !namedSet.has(id) && id !== SELECT);
  return [...(known.has(SELECT) ? [SELECT] : []), ...named, ...rest];
}

/** TanStack Table's column state for a layout over the table's column ids. */
export function tableLayoutState(layout: ListLayout, ids: readonly string[]) {
  const known = new Set(ids);
  const hidden = new Set(layout.hidden.filter((id) => known.has(id) && id !== SELECT));
  const pinned = layout.pinned.filter((id) => known.has(id) && id !== SELECT && !hidden.has(id));
  return {
    columnOrder: orderedIds(layout, ids),
    columnVisibility: Object.fromEntries([...hidden].map((id) => [id, false])),
    // The checkbox column stays first: pinning a column pins it too.
    columnPinning: { start: pinned.length && known.has(SELECT) ? [SELECT, ...pinned] : pinned, end: [] },
    columnSizing: Object.fromEntries(Object.entries(layout.widths).filter(([id]) => known.has(id))),
  };
}

/** Shows or hides a column. */
export function toggleHidden(layout: ListLayout, id: string): ListLayout {
  const hidden = layout.hidden.includes(id) ? layout.hidden.filter((x) => x !== id) : [...layout.hidden, id];
  return { ...layout, hidden, pinned: layout.pinned.filter((x) => !hidden.includes(x)) };
}

/** Moves a column one place left (-1) or right (+1) among the list's columns `ids`. */
export function moveColumn(layout: ListLayout, ids: readonly string[], id: string, by: -1 | 1): ListLayout {
  const order = orderedIds(layout, ids).filter((x) => x !== SELECT);
  const at = order.indexOf(id);
  const to = at + by;
  if (at < 0 || to < 0 || to >= order.length) return layout;
  [order[at], order[to]] = [order[to]!, order[at]!];
  return { ...layout, order };
}

/** Pins a column to the left edge (after the pinned ones) or unpins it. */
export function togglePinned(layout: ListLayout, id: string): ListLayout {
  return layout.pinned.includes(id)
    ? { ...layout, pinned: layout.pinned.filter((x) => x !== id) }
    : { ...layout, pinned: [...layout.pinned, id], hidden: layout.hidden.filter((x) => x !== id) };
}

/** Sets a column's width (clamped to what a layout may hold), or lets it size itself again. */
export function setWidth(layout: ListLayout, id: string, width: number | null): ListLayout {
  const { [id]: _old, ...widths } = layout.widths;
  if (width === null) return { ...layout, widths };
  const clamped = Math.round(Math.min(COLUMN_WIDTH_MAX, Math.max(COLUMN_WIDTH_MIN, width)));
  return { ...layout, widths: { ...widths, [id]: clamped } };
}

/** Whether two layouts arrange the table alike (a view's "changed" mark). */
export function sameLayout(a: ListLayout, b: ListLayout): boolean {
  return JSON.stringify(normalised(a)) === JSON.stringify(normalised(b));
}
function normalised(layout: ListLayout) {
  return {
    order: layout.order,
    hidden: [...layout.hidden].sort(),
    pinned: layout.pinned,
    widths: Object.fromEntries(Object.entries(layout.widths).sort(([a], [b]) => a.localeCompare(b))),
    density: layout.density,
  };
}

// ---- Kept per device and user: the layout on screen, and the saved view it came from.

/** What is kept: the layout, and the view it was opened from (so a reload doesn't re-apply it). */
export interface KeptLayout {
  layout: ListLayout;
  viewId: number | null;
}
const NOTHING_KEPT: KeptLayout = { layout: DEFAULT_LAYOUT, viewId: null };
const cache = new Map<string, { raw: string | null; value: KeptLayout }>();

function read(key: string): KeptLayout {
  const raw = localStorage.getItem(key);
  const hit = cache.get(key);
  if (hit && hit.raw === raw) return hit.value;
  let value = NOTHING_KEPT;
  try {
    const parsed = raw ? (JSON.parse(raw) as Partial<KeptLayout>) : null;
    if (parsed?.layout && typeof parsed.layout === 'object') {
      const layout = { ...DEFAULT_LAYOUT, ...parsed.layout };
      // The same layout stays the same object (a view opened with the layout already on
      // screen changes only `viewId`): the table's rows compare it by identity and would
      // otherwise all render again, a second time, after the view's rows (issue 26).
      const same = hit && sameLayout(hit.value.layout, layout);
      value = { layout: same ? hit.value.layout : layout, viewId: parsed.viewId ?? null };
    }
  } catch {
    // A damaged entry is forgotten: the list shows its own layout.
  }
  cache.set(key, { raw, value });
  return value;
}

/**
 * A list's layout on this device for this user (`key`, e.g. 'orders:12'): kept in local
 * storage so a reload, or tomorrow, shows the table as it was left; every tab follows.
 */
export function useKeptLayout(key: string): [KeptLayout, (next: KeptLayout) => void] {
  const storageKey = `layout.${key}`;
  const kept = useSyncExternalStore(subscribeDevicePrefs, () => read(storageKey));
  const keep = useCallback(
    (next: KeptLayout) => {
      localStorage.setItem(storageKey, JSON.stringify(next));
      devicePrefsChanged();
    },
    [storageKey],
  );
  return [kept, keep];
}
