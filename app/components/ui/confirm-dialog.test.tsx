import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

describe('ConfirmDialog', () => {
  it('asks, focuses Cancel first, and reports the choice', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        open
        title="Delete order"
        confirmLabel="Delete"
        destructive
        onConfirm={onConfirm}
        onCancel={onCancel}
      >
        Are you sure you want to delete this row?
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete order' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete this row?');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('shows an error message inside the dialog', () => {
    render(
      <ConfirmDialog open title="Delete" error="Role is in use" onConfirm={() => {}} onCancel={() => {}}>
        Sure?
      </ConfirmDialog>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Role is in use');
  });
});
