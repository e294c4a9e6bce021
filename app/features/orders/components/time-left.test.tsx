import { Profiler } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeOrder, orderRowOf } from '#mocks/factories/orders';
import { store } from '#mocks/store';
import { renderApp, signInAs } from '../../../test/render-app';
import { TICK_MS, TimeLeftBadge, timeLeftCell } from './time-left';

/*
 * Time left (issue 28 item 2) as a person reads it: minutes counting down on the clock,
 * amber from 10 minutes left, red "late by N min" once past — each in words and an icon,
 * not colour alone — and nothing for a closed order or one without a promise.
 */

const T0 = Date.parse('2026-11-26T10:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

describe('TimeLeftBadge', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  it('counts down live: 12 min left, amber under 10, red and late once past', () => {
    render(<TimeLeftBadge status={1} dueAt={at(12)} />);
    expect(screen.getByText('12 min left')).toBeInTheDocument();
    expect(screen.getByText('12 min left').className).not.toMatch(/amber|red/);

    // Two minutes and a tick later: 9 minutes and some seconds left, amber.
    act(() => vi.advanceTimersByTime(3 * 60_000 + TICK_MS));
    const soon = screen.getByText('8 min left');
    expect(soon.className).toMatch(/amber/);
    expect(soon.querySelector('svg')).not.toBeNull();

    act(() => vi.advanceTimersByTime(12 * 60_000));
    const late = screen.getByText(/^late by \d+ min$/);
    expect(late.textContent).toBe('late by 4 min');
    expect(late.className).toMatch(/red/);
  });

  it('a badge shown after the clock stood still renders once, with the time it is now', () => {
    // The first badge starts the clock; with none left on screen it stops.
    render(<TimeLeftBadge status={1} dueAt={at(12)} />).unmount();
    // An hour later, with no badge ticking meanwhile, new badges come on screen.
    vi.setSystemTime(T0 + 60 * 60_000);
    const commits: string[] = [];
    render(
      <Profiler id="badges" onRender={(_id, phase) => commits.push(phase)}>
        <TimeLeftBadge status={1} dueAt={at(75)} />
        <TimeLeftBadge status={0} dueAt={at(50)} />
      </Profiler>,
    );
    expect(screen.getByText('15 min left')).toBeInTheDocument();
    expect(screen.getByText('late by 10 min')).toBeInTheDocument();
    // Drawn once: no second commit to bring an old time up to date.
    expect(commits).toEqual(['mount']);
  });

  it('reads hours and days; a closed order or one without a promise shows none', () => {
    const { unmount } = render(<TimeLeftBadge status={0} dueAt={at(125)} />);
    expect(screen.getByText('2 h 05 min left')).toBeInTheDocument();
    unmount();
    const day = render(<TimeLeftBadge status={2} dueAt={at(-(24 * 60 + 180))} />);
    expect(screen.getByText('late by 1 d 3 h')).toBeInTheDocument();
    day.unmount();
    render(<TimeLeftBadge status={2} dueAt={at(-(12 * 24 * 60 + 180))} />);
    expect(screen.getByText('late by 12 d')).toBeInTheDocument();
    for (const [status, dueAt] of [
      [3, at(-500)],
      [4, at(5)],
      [1, null],
    ] as const) {
      const view = render(<TimeLeftBadge status={status} dueAt={dueAt} />);
      expect(within(view.container).getByText('No time left to keep')).toBeInTheDocument();
      view.unmount();
      // The list's cell draws the same without a clock of its own.
      const cell = render(<>{timeLeftCell(status, dueAt)}</>);
      expect(within(cell.container).getByText('No time left to keep')).toBeInTheDocument();
      cell.unmount();
    }
    // An open order's cell is the ticking badge.
    render(<>{timeLeftCell(1, at(12))}</>);
    expect(screen.getByText('12 min left')).toBeInTheDocument();
  });
});

describe('time left on the screens', () => {
  it('the orders list has a sortable Time Left column; the details say the time left and the promise', async () => {
    const due = new Date(Date.now() + 42 * 60_000 + 30_000).toISOString();
    store.orders.clear();
    store.orders.set(7, makeOrder(7, { status: 1, dueAt: due }));
    signInAs('WebAdmin');
    await renderApp('/listorders');
    expect(await screen.findByRole('columnheader', { name: /Time Left/ })).toBeInTheDocument();
    expect(await screen.findByText('42 min left')).toBeInTheDocument();
    expect(orderRowOf(store.orders.get(7)!).dueAt).toBe(due);

    await renderApp('/order/edit/7');
    expect(await screen.findByText('Time left:')).toBeInTheDocument();
    expect(screen.getByText(/^promised for /)).toBeInTheDocument();
  });
});
