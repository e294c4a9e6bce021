import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { notify } from '../../lib/events';
import { Notices } from './notices';

describe('Notices', () => {
  it('shows a notified message and dismisses it from the keyboard', async () => {
    const user = userEvent.setup();
    render(<Notices />);
    act(() => notify({ tone: 'error', message: 'Something broke' }));
    // The toasts load with the first notice.
    expect((await screen.findAllByText('Something broke', {}, { timeout: 5000 })).length).toBeGreaterThan(0);
    const dismiss = screen.getByRole('button', { name: 'Dismiss notice' });
    dismiss.focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('button', { name: 'Dismiss notice' })).not.toBeInTheDocument();
  });
});
