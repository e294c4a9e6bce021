import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail } from '#contract/envelope';
import { staleSaveMessage } from '#contract/versions';
import { formHandlers, formState, resetFormState } from '../../../mocks/forms/handlers';
import { url } from '../../../mocks/handlers';
import { server } from '../../../mocks/server';
import { renderApp, signInAs } from '../../test/render-app';

/*
 * A stale save on an edit screen (issue 19): the role form stands for all six, which share
 * useSaveForm and ConflictBar. "Another user" saves role 3 while it is open here; the mock
 * refuses a save naming an older version with the server's 409 and words.
 */

const THEIRS = staleSaveMessage('role', { by: 'Second Admin', at: '2026-11-25T09:32:00.000Z' });

beforeEach(() => {
  resetFormState();
  server.use(
    http.post(url('upsertRole'), async ({ request }) => {
      const body = (await request.clone().json()) as { id: number; version?: number };
      const stored = formState.roles.get(Number(body.id));
      if (stored && body.version !== undefined && body.version !== stored.version)
        return HttpResponse.json(fail(THEIRS), { status: 409 });
      return undefined; // the shared handler saves it
    }),
    ...formHandlers,
  );
});

async function openAndEdit() {
  signInAs('BlueTikAdmin');
  const app = await renderApp('/roles/edit/3');
  await screen.findByRole('heading', { level: 1, name: 'Role Details' });
  await app.user.clear(screen.getByLabelText('Description'));
  await app.user.type(screen.getByLabelText('Description'), 'Mine');
  // Meanwhile, someone else saves the role.
  formState.roles.set(3, { ...formState.roles.get(3)!, description: 'Theirs', version: 2 });
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
    expect(formState.roles.get(3)?.description).toBe('Theirs');

    await user.click(within(bar).getByRole('button', { name: 'Review their changes' }));
    const changes = await within(bar).findByRole('table');
    const rows = within(changes)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual(['FieldWhen you opened itNow', 'DescriptionStore staffTheirs']);
    expect(screen.getByLabelText('Description')).toHaveValue('Mine');

    await user.click(within(bar).getByRole('button', { name: 'Keep my changes' }));
    expect(screen.queryByText(THEIRS)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/listroles'));
    expect(formState.posted.at(-1)?.body).toMatchObject({ description: 'Mine', version: 2 });
    expect(formState.roles.get(3)).toMatchObject({ description: 'Mine', version: 3 });
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
    expect(formState.posted.filter((p) => p.path.includes('upsertrole'))).toHaveLength(0);
  });
});
