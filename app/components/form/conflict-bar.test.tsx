import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { staleSaveMessage } from '#contract/versions';
import { refusing } from '#mocks/endpoint';
import { server } from '#mocks/server';
import { sent, store } from '#mocks/store';
import { renderApp, signInAs } from '../../test/render-app';

/*
 * A stale save on an edit screen (issue 19): the role form stands for all six, which share
 * useSaveForm and ConflictBar. "Another user" saves role 3 while it is open here; the next
 * save is refused with the server's 409 and words (the check itself is the server's:
 * server/test/versions.test.ts).
 */

const THEIRS = staleSaveMessage('role', { by: 'Second Admin', at: '2026-11-25T09:32:00.000Z' });

async function openAndEdit() {
  signInAs('BlueTikAdmin');
  const app = await renderApp('/roles/edit/3');
  await screen.findByRole('heading', { level: 1, name: 'Role Details' });
  await app.user.clear(screen.getByLabelText('Description'));
  await app.user.type(screen.getByLabelText('Description'), 'Mine');
  // Meanwhile, someone else saves the role.
  store.roles.set(3, { ...store.roles.get(3)!, description: 'Theirs', version: 2 });
  server.use(refusing('upsertRole', 409, [THEIRS], { once: true }));
  await app.user.click(screen.getByRole('button', { name: 'Submit' }));
  // The server's words show at once; the choices come with the bar's code (loaded on first use).
  expect(await screen.findByText(THEIRS)).toBeInTheDocument();
  const review = await screen.findByRole('button', { name: 'Review their changes' });
  return { ...app, bar: review.closest('[role="alert"]') as HTMLElement };
}

describe('the conflict bar', () => {
  it('says who changed the record, keeps the input, shows their changes, and saves mine on purpose', async () => {
    const { user, router, bar } = await openAndEdit();
    expect(bar).toHaveFocus();
    expect(screen.getByLabelText('Description')).toHaveValue('Mine');

    await user.click(within(bar).getByRole('button', { name: 'Review their changes' }));
    const changes = await within(bar).findByRole('table');
    const rows = within(changes)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual(['FieldWhen you opened itNow', 'DescriptionWebUser accountsTheirs']);
    expect(screen.getByLabelText('Description')).toHaveValue('Mine');

    await user.click(within(bar).getByRole('button', { name: 'Keep my changes' }));
    expect(screen.queryByText(THEIRS)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/listroles'));
    // The first save named version 1 and was refused; this one names theirs.
    expect(sent('upsertRole')).toHaveLength(2);
    expect(sent('upsertRole')[0]).toMatchObject({ description: 'Mine', version: 1 });
    expect(sent('upsertRole')[1]).toMatchObject({ description: 'Mine', version: 2 });
  });

  it('Reload asks first, then shows the saved version', async () => {
    const { user, bar } = await openAndEdit();
    await user.click(within(bar).getByRole('button', { name: 'Reload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reload the latest version?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('Description')).toHaveValue('Mine');

    await user.click(within(bar).getByRole('button', { name: 'Reload' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Reload the latest version?' })).getByRole('button', {
        name: 'Reload',
      }),
    );
    await waitFor(() => expect(screen.getByLabelText('Description')).toHaveValue('Theirs'));
    expect(screen.queryByText(THEIRS)).not.toBeInTheDocument();
    // Only the refused save went out.
    expect(sent('upsertRole')).toHaveLength(1);
  });
});
