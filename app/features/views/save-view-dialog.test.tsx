import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { VIEW_MESSAGES } from '#contract/list-views';
import { OrderListQuerySchema } from '#contract/lists';
import { makeLayout, makeView } from '#mocks/factories/views';
import { sent, store } from '#mocks/store';
import { createQueryClient } from '../../lib/query-client';
import { signInAs } from '../../test/render-app';
import { SaveViewDialog } from './save-view-dialog';

/** The dialog saving a new view, for the signed-in `role`. */
function open(role: string, onClose = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SaveViewDialog
        mode={{ kind: 'create' }}
        role={role}
        search={v.parse(OrderListQuerySchema, {})}
        layout={makeLayout()}
        onClose={onClose}
      />
    </QueryClientProvider>,
  );
  return { onClose, user: userEvent.setup() };
}

describe('save view dialog', () => {
  it('a name the owner already uses: the mock server names the field, the message shows under it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    store.views.set(1, makeView(1, { name: 'Dispatch' }));
    signInAs('WebAdmin');
    const { onClose, user } = open('WebAdmin');
    await user.type(screen.getByLabelText('View name'), 'dispatch');
    await user.click(screen.getByRole('button', { name: 'Save view' }));
    await waitFor(() =>
      expect(screen.getByLabelText('View name')).toHaveAccessibleDescription(
        expect.stringContaining(VIEW_MESSAGES.exists('dispatch')),
      ),
    );
    expect(sent('upsertView')).toHaveLength(1);
    // On the field, not repeated in the dialog's alert; the dialog stays open.
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(onClose).not.toHaveBeenCalled();
  });
});
