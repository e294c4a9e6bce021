import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Lucide from 'lucide-react';
import type { TimeLeftBadge as RealBadge } from './time-left';

/*
 * A badge that shows a new time (a tick, or a new row at its place on a page flip) renders
 * its words again, not its icon: the icon is one element per tone (issue 26: a page flip
 * rendered some 16 clocks, two components each). Counted by wrapping the icons.
 */

const { renders } = vi.hoisted(() => ({ renders: { Clock: 0, AlarmClock: 0 } }));

vi.mock('lucide-react', async (original) => {
  const real = await original<typeof Lucide>();
  const counted = (name: keyof typeof renders) => {
    const Icon = real[name];
    return (props: Lucide.LucideProps) => {
      renders[name]++;
      return <Icon {...props} />;
    };
  };
  return { ...real, Clock: counted('Clock'), AlarmClock: counted('AlarmClock') };
});

// The tests share module caches (vitest.config.ts: isolate: false): load the badge afresh,
// with the wrapped icons.
let TimeLeftBadge: typeof RealBadge;
let TICK_MS: number;
beforeAll(async () => {
  vi.resetModules();
  ({ TimeLeftBadge, TICK_MS } = await import('./time-left'));
});

const T0 = Date.parse('2026-11-26T10:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

describe('the time-left badge', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(T0);
    renders.Clock = 0;
    renders.AlarmClock = 0;
  });
  afterEach(() => vi.useRealTimers());

  it('shows a new time without rendering its icon again; a new tone renders the new icon', () => {
    render(<TimeLeftBadge status={1} dueAt={at(20)} />);
    expect(screen.getByText('20 min left')).toBeInTheDocument();
    expect(renders).toEqual({ Clock: 1, AlarmClock: 0 });

    act(() => vi.advanceTimersByTime(2 * 60_000 + TICK_MS));
    expect(screen.getByText('17 min left')).toBeInTheDocument();
    expect(renders).toEqual({ Clock: 1, AlarmClock: 0 });

    // Under ten minutes: amber, with the alarm clock.
    act(() => vi.advanceTimersByTime(9 * 60_000));
    expect(screen.getByText('8 min left')).toBeInTheDocument();
    expect(renders).toEqual({ Clock: 1, AlarmClock: 1 });
  });
});
