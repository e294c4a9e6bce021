import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPaint } from './after-paint';

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
