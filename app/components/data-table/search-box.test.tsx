import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SearchBox } from './search-box';

describe('SearchBox', () => {
  const setup = (value: string, inFlight = false) => {
    const onSearch = vi.fn();
    const box = (v: string, busy: boolean) => (
      <SearchBox value={v} inFlight={busy} onSearch={onSearch} label="Search orders" />
    );
    const view = render(box(value, inFlight));
    const input = screen.getByLabelText('Search orders');
    const type = (text: string) => fireEvent.change(input, { target: { value: text } });
    return { onSearch, type, input, rerender: (v: string, busy = false) => view.rerender(box(v, busy)) };
  };

  it('sends a key at once while no request is on its way, a first letter too', () => {
    const { onSearch, type, rerender } = setup('');
    type('P');
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('P');
    rerender('P');
    type('Pr');
    expect(onSearch).toHaveBeenLastCalledWith('Pr');
    expect(onSearch).toHaveBeenCalledTimes(2);
  });

  it('keys typed while a request is on its way wait for its answer; then only the latest is sent', () => {
    const { onSearch, type, rerender } = setup('Pr', true);
    type('Pri');
    type('Priy');
    type('Priya');
    expect(onSearch).not.toHaveBeenCalled();
    rerender('Pr', false);
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('Priya');
    // Re-renders before the URL catches up send nothing again.
    rerender('Pr', false);
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('Enter sends at once, even with a request on its way', () => {
    const { onSearch, type, input } = setup('Pr', true);
    type('Pri');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('Pri');
  });

  it('keeps what was typed while its sent text was on its way, then sends it', () => {
    // A list change reaches the URL when its rows are in (record 076): "P" arrives after "Pri" is typed.
    const { onSearch, type, input, rerender } = setup('');
    type('P');
    type('Pri');
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('P');
    rerender('P');
    expect(input).toHaveValue('Pri');
    expect(onSearch).toHaveBeenLastCalledWith('Pri');
    expect(onSearch).toHaveBeenCalledTimes(2);
  });

  it('takes a search changed elsewhere (Back, a link) without sending it', () => {
    const { onSearch, input, rerender } = setup('Pr');
    rerender('Anil');
    expect(input).toHaveValue('Anil');
    expect(onSearch).not.toHaveBeenCalled();
  });
});
