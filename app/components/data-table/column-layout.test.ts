import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LAYOUT,
  moveColumn,
  orderedIds,
  sameLayout,
  setWidth,
  tableLayoutState,
  toggleHidden,
  togglePinned,
  useKeptLayout,
} from './column-layout';

const IDS = ['select', 'orderNumber', 'status', 'orderUserName', 'totalPrice', 'edit'];

describe('a list layout', () => {
  it('keeps the checkboxes first, then the named order, then the columns it does not name', () => {
    const layout = { ...DEFAULT_LAYOUT, order: ['totalPrice', 'gone', 'status'] };
    expect(orderedIds(layout, IDS)).toEqual([
      'select',
      'totalPrice',
      'status',
      'orderNumber',
      'orderUserName',
      'edit',
    ]);
  });

  it('moves a column one place, and not past either end', () => {
    const moved = moveColumn(DEFAULT_LAYOUT, IDS, 'status', -1);
    expect(orderedIds(moved, IDS).slice(1, 3)).toEqual(['status', 'orderNumber']);
    expect(moveColumn(moved, IDS, 'status', -1)).toBe(moved);
    expect(moveColumn(DEFAULT_LAYOUT, IDS, 'edit', 1)).toBe(DEFAULT_LAYOUT);
  });

  it('pins with the checkboxes, unpins a column it hides, and ignores columns the viewer lacks', () => {
    const pinned = togglePinned(DEFAULT_LAYOUT, 'orderUserName');
    expect(tableLayoutState(pinned, IDS).columnPinning.start).toEqual(['select', 'orderUserName']);
    const hidden = toggleHidden(pinned, 'orderUserName');
    expect(hidden.pinned).toEqual([]);
    expect(tableLayoutState(hidden, IDS).columnVisibility).toEqual({ orderUserName: false });
    const elsewhere = { ...DEFAULT_LAYOUT, hidden: ['merchantName'], pinned: ['merchantName'] };
    expect(tableLayoutState(elsewhere, IDS)).toMatchObject({
      columnVisibility: {},
      columnPinning: { start: [] },
    });
  });

  it('clamps widths to what a view may hold, and forgets one on request', () => {
    expect(setWidth(DEFAULT_LAYOUT, 'status', 10).widths).toEqual({ status: 48 });
    expect(setWidth(DEFAULT_LAYOUT, 'status', 5000).widths).toEqual({ status: 800 });
    expect(setWidth(setWidth(DEFAULT_LAYOUT, 'status', 120), 'status', null).widths).toEqual({});
  });

  it('compares layouts by what they show, not by how their lists were built', () => {
    const a = { ...DEFAULT_LAYOUT, hidden: ['status', 'edit'], widths: { a: 60, b: 70 } };
    const b = { ...DEFAULT_LAYOUT, hidden: ['edit', 'status'], widths: { b: 70, a: 60 } };
    expect(sameLayout(a, b)).toBe(true);
    expect(sameLayout(a, { ...b, density: 'compact' })).toBe(false);
  });

  it('keeps the same layout object when only the view changes, and a new one when the layout does', () => {
    const { result } = renderHook(() => useKeptLayout('test.identity'));
    const mine = { ...DEFAULT_LAYOUT, hidden: ['status'] };
    act(() => result.current[1]({ layout: mine, viewId: null }));
    const shown = result.current[0].layout;
    expect(shown.hidden).toEqual(['status']);
    // A view opened whose layout is the one on screen: the table's rows see the same object.
    act(() => result.current[1]({ layout: { ...mine, hidden: ['status'] }, viewId: 5 }));
    expect(result.current[0]).toMatchObject({ viewId: 5 });
    expect(result.current[0].layout).toBe(shown);
    act(() => result.current[1]({ layout: { ...mine, density: 'compact' }, viewId: 6 }));
    expect(result.current[0].layout).not.toBe(shown);
    expect(result.current[0].layout.density).toBe('compact');
  });
});
