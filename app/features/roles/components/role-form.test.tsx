import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROLE_MESSAGES } from '#contract/roles';
import { refusing } from '#mocks/endpoint';
import { server } from '#mocks/server';
import { sent, store } from '#mocks/store';
import { renderApp, signInAs } from '../../../test/render-app';

const posted = () => sent('upsertRole');

async function open(path: string) {
  signInAs('BlueTikAdmin');
  const app = await renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Role Details' });
  return app;
}

describe('role form', () => {
  it('offers the four role types', async () => {
    await open('/addrole');
    const options = [...(screen.getByLabelText('Role Type') as HTMLSelectElement).options].map((o) => o.text);
    expect(options).toEqual(['Select a role type', 'BlueTikAdmin', 'WebAdmin', 'WebUser', 'MobileUser']);
  });

  it('Role and Description are required; Description at most 40', async () => {
    const { user } = await open('/addrole');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Role is required')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Description'), 'x'.repeat(41));
    expect(
      await screen.findByText('Description cannot be more than 40 characters long.'),
    ).toBeInTheDocument();
    expect(posted()).toHaveLength(0);
  });

  it('adds a role and returns to the list', async () => {
    const { user, router } = await open('/addrole');
    await user.selectOptions(screen.getByLabelText('Role Type'), 'MobileUser');
    await user.type(screen.getByLabelText('Description'), 'Delivery app users');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/listroles'));
    expect(posted()[0]).toEqual({
      id: '',
      name: 'MobileUser',
      description: 'Delivery app users',
    });
  });

  it('edits a role; a clash lands on Role Type until it changes', async () => {
    server.use(refusing('upsertRole', 400, [ROLE_MESSAGES.exists('WebAdmin')], { once: true }));
    const { user, router } = await open('/roles/edit/3');
    expect(screen.getByLabelText('Role Type')).toHaveValue('WebUser');
    expect(screen.getByLabelText('Description')).toHaveValue(store.roles.get(3)!.description);
    await user.selectOptions(screen.getByLabelText('Role Type'), 'WebAdmin');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Role Type')).toHaveAccessibleDescription('Role WebAdmin already exists.'),
    );
    await user.selectOptions(screen.getByLabelText('Role Type'), 'WebUser');
    expect(screen.getByLabelText('Role Type')).not.toHaveAccessibleDescription(
      'Role WebAdmin already exists.',
    );
    await user.clear(screen.getByLabelText('Description'));
    await user.type(screen.getByLabelText('Description'), 'Shop floor staff');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/listroles'));
    expect(posted().at(-1)).toMatchObject({ id: 3, name: 'WebUser', description: 'Shop floor staff' });
  });

  it('Cancel goes to the roles list', async () => {
    const { user, router } = await open('/roles/edit/3');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/listroles'));
  });

  it('BulkItemsInsert reports how many items were inserted and skipped', async () => {
    const { user } = await open('/addrole');
    await user.click(screen.getByRole('button', { name: 'BulkItemsInsert' }));
    expect(await screen.findByRole('status')).toHaveTextContent('3 items inserted, 261 skipped');
  });

  it('is the admin only: others get No access', async () => {
    signInAs('WebAdmin');
    await renderApp('/roles/edit/3');
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
  });
});
