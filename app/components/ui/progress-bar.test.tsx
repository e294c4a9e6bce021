import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ProgressBar } from './progress-bar';

describe('ProgressBar', () => {
  it('appears only after the delay, and goes as soon as work stops', () => {
    vi.useFakeTimers();
    const { rerender } = render(<ProgressBar busy />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(150));
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    rerender(<ProgressBar busy={false} />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it('never shows for work shorter than the delay', () => {
    vi.useFakeTimers();
    const { rerender } = render(<ProgressBar busy />);
    act(() => vi.advanceTimersByTime(100));
    rerender(<ProgressBar busy={false} />);
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    vi.useRealTimers();
  });
});
