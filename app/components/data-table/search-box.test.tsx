import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, SearchBox } from './search-box';

describe('SearchBox', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    vi.advanceTimersByTime(10_000);
  });
  afterEach(() => vi.useRealTimers());

  const setup = (value: string) => {
    const onSearch = vi.fn();
    const view = render(<SearchBox value={value} onSearch={onSearch} label="Search orders" />);
    const box = screen.getByLabelText('Search orders');
    const type = (text: string) => fireEvent.change(box, { target: { value: text } });
    return {
      onSearch,
      type,
      rerender: (v: string) =>
        view.rerender(<SearchBox value={v} onSearch={onSearch} label="Search orders" />),
    };
  };

  it('sends a single key that refines a shown search at once', () => {
    const { onSearch, type } = setup('Pr');
    type('Pri');
    expect(onSearch).toHaveBeenCalledWith('Pri');
  });

  it('makes a burst of keys wait for the pause, then sends what was typed', () => {
    const { onSearch, type, rerender } = setup('Pr');
    type('Pri');
    rerender('Pri');
    onSearch.mockClear();
    act(() => vi.advanceTimersByTime(80));
    type('Priy');
    act(() => vi.advanceTimersByTime(80));
    type('Priya');
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('Priya');
  });

  it('waits for the pause before a first search, however long the box was idle', () => {
    const { onSearch, type } = setup('');
    type('P');
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onSearch).toHaveBeenCalledWith('P');
  });
});
