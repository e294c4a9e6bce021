import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { afterPaint, usePainted } from './after-paint';

/* afterPaint: work held until the frame that shows an update has been painted, and cancellable. */

describe('afterPaint', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'],
    });
  });
  afterEach(() => vi.useRealTimers());

  it('runs the task in a task of its own after the next frame, not before it', () => {
    const order: string[] = [];
    afterPaint(() => order.push('task'));
    requestAnimationFrame(() => order.push('frame'));
    // Tasks already due run; the task waits for the frame.
    vi.advanceTimersByTime(0);
    expect(order).toEqual([]);
    vi.advanceTimersToNextFrame();
    expect(order).toEqual(['frame']);
    vi.advanceTimersByTime(1);
    expect(order).toEqual(['frame', 'task']);
  });

  it('with latestMs, runs the task once: the first of its task and the time limit', () => {
    const task = vi.fn();
    afterPaint(task, { latestMs: 100 });
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(200);
    expect(task).toHaveBeenCalledTimes(1);
    const cancel = afterPaint(task, { latestMs: 100 });
    vi.advanceTimersToNextFrame();
    cancel();
    vi.advanceTimersByTime(200);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled, before the frame or after it', () => {
    const task = vi.fn();
    afterPaint(task)();
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(10);
    const cancel = afterPaint(task);
    vi.advanceTimersToNextFrame();
    cancel();
    vi.advanceTimersByTime(10);
    expect(task).not.toHaveBeenCalled();
  });
});

describe('afterPaint where the browser has scheduler.postTask', () => {
  const posted: { task: () => void; priority: string; signal: AbortSignal }[] = [];
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    posted.length = 0;
    vi.stubGlobal('scheduler', {
      postTask: (task: () => void, options: { priority: string; signal: AbortSignal }) => {
        posted.push({ task, ...options });
        return new Promise<void>((resolve, reject) =>
          options.signal.addEventListener('abort', () => reject(options.signal.reason)),
        );
      },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('with latestMs, runs the task when its background task waits longer than that', () => {
    vi.useFakeTimers({
      toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'],
    });
    const task = vi.fn();
    afterPaint(task, { latestMs: 100 });
    vi.advanceTimersToNextFrame();
    expect(posted.map((p) => p.priority)).toEqual(['background']);
    vi.advanceTimersByTime(99);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    // The background task, when it comes, is no second run (and was aborted).
    posted[0]!.task();
    expect(task).toHaveBeenCalledTimes(1);
    expect(posted[0]!.signal.aborted).toBe(true);
  });

  it('posts the task at background priority after the frame, and a cancel aborts it', () => {
    const cancel = afterPaint(() => undefined);
    expect(posted).toHaveLength(0);
    vi.advanceTimersToNextFrame();
    expect(posted.map((p) => p.priority)).toEqual(['background']);
    cancel();
    expect(posted[0]!.signal.aborted).toBe(true);
  });
});

describe('usePainted', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'],
    });
  });
  afterEach(() => vi.useRealTimers());
  const keyOf = (search: { q: string; page: number }) => search.q;

  it('keeps the last painted value until the frame showing a new one is painted, then takes it', () => {
    const { result, rerender } = renderHook(({ search }) => usePainted(search, keyOf), {
      initialProps: { search: { q: 'Pr', page: 1 } },
    });
    expect(result.current).toEqual({ q: 'Pr', page: 1 });
    rerender({ search: { q: 'Pri', page: 1 } });
    expect(result.current.q).toBe('Pr');
    act(() => vi.advanceTimersByTime(0));
    expect(result.current.q).toBe('Pr');
    act(() => {
      vi.advanceTimersToNextFrame();
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toEqual({ q: 'Pri', page: 1 });
  });

  it('answers the newest value at once when its key is the painted one', () => {
    const { result, rerender } = renderHook(({ search }) => usePainted(search, keyOf), {
      initialProps: { search: { q: 'Pr', page: 1 } },
    });
    rerender({ search: { q: 'Pr', page: 2 } });
    expect(result.current).toEqual({ q: 'Pr', page: 2 });
  });
});
