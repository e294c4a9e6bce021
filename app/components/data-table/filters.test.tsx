import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FoldedFilters, type ListFilter } from './filters';
import { LIST_SEARCH_DEFAULTS, type ListSearch } from './url-state';

/*
 * A filter change waits for its rows before it reaches the URL (load-list.ts, up to
 * HOLD_MS). Meanwhile the control shows what the user chose: it doesn't spring back to the
 * URL's value until the rows come.
 */

type Search = ListSearch & { status?: number[]; settled?: string };
const at = (filters: Partial<Search>): Search => ({ ...LIST_SEARCH_DEFAULTS, ...filters });

const FILTERS: ListFilter<Search>[] = [
  {
    key: 'status',
    label: 'Status',
    kind: 'checks',
    options: [
      { value: 0, label: 'Pending' },
      { value: 3, label: 'Delivered' },
    ],
  },
  { key: 'settled', label: 'Settled', kind: 'check', text: 'Settled only' },
];
const VIEWER = { role: 'WebAdmin' };

describe('FoldedFilters while a change waits for its rows', () => {
  const setup = (search: Search) => {
    const onChange = vi.fn();
    const bar = (s: Search) => (
      <FoldedFilters filters={FILTERS} search={s} viewer={VIEWER} onChange={onChange} />
    );
    const view = render(bar(search));
    return { onChange, rerender: (s: Search) => view.rerender(bar(s)) };
  };
  const box = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });

  it('keeps a ticked box ticked before the URL has it, and a second one beside it', () => {
    const { onChange } = setup(at({ status: [0] }));
    fireEvent.click(box('Delivered'));
    expect(onChange).toHaveBeenLastCalledWith({ status: [0, 3] });
    expect(box('Delivered').checked).toBe(true);
    fireEvent.click(box('Settled only'));
    expect(onChange).toHaveBeenLastCalledWith({ settled: 'Yes' });
    expect(box('Delivered').checked).toBe(true);
    expect(box('Settled only').checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toBeDefined();
  });

  it("shows the URL's state once it moves", () => {
    const { rerender } = setup(at({ status: [0] }));
    fireEvent.click(box('Delivered'));
    // Another change reached the URL instead (e.g. the list was reset): the URL wins.
    rerender(at({ status: [3] }));
    expect(box('Pending').checked).toBe(false);
    expect(box('Delivered').checked).toBe(true);
    rerender(at({}));
    expect(box('Delivered').checked).toBe(false);
  });
});
