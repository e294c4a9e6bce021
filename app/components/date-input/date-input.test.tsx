import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DateInput, dayText, parseDayText } from './date-input';

describe('DateInput (DD/MM/YYYY)', () => {
  it('reads and writes days the Indian way', () => {
    expect(dayText('2026-11-24')).toBe('24/11/2026');
    expect(parseDayText('24/11/2026')).toBe('2026-11-24');
    expect(parseDayText('1-2-2026')).toBe('2026-02-01');
    expect(parseDayText('30/02/2026')).toBeUndefined();
    expect(parseDayText('11/24/2026')).toBeUndefined();
  });

  it('shows the value day first, reports a typed day, refuses a day that does not exist', async () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <DateInput aria-label="From" label="From" value="2026-11-24" onChange={onChange} />,
    );
    const box = screen.getByRole('textbox', { name: 'From' });
    expect(box).toHaveValue('24/11/2026');
    expect(box).toHaveAttribute('placeholder', 'DD/MM/YYYY');

    await userEvent.clear(box);
    expect(onChange).toHaveBeenLastCalledWith('');
    rerender(<DateInput aria-label="From" label="From" value="" onChange={onChange} />);
    await userEvent.type(box, '5/12/2026');
    expect(onChange).toHaveBeenLastCalledWith('2026-12-05');

    onChange.mockClear();
    await userEvent.clear(box);
    await userEvent.type(box, '31/02/2026{Enter}');
    expect(onChange).not.toHaveBeenCalledWith(expect.stringMatching(/2026-02/));
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the date as DD/MM/YYYY.');
    expect(screen.getByRole('button', { name: 'Choose From from a calendar' })).toBeInTheDocument();
  });
});
