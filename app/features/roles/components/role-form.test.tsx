import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROLE_MESSAGES } from '#contract/roles';
import { refusingField } from '#mocks/endpoint';
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
  it('offers only the role types not yet present, and says which exist', async () => {
    store.roles.delete(3);
    store.roles.delete(4);
    await open('/addrole');
    const select = screen.getByLabelText('Role Type') as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['Select a role type', 'WebUser', 'MobileUser']);
    expect(select).toHaveAccessibleDescription(
      'Each type is added once; BlueTikAdmin and WebAdmin exist already.',
    );
  });

  it('says there is nothing to add once all four exist, and goes back', async () => {
    const { user, router } = await open('/addrole');
    expect(screen.queryByRole('form', { name: 'Add Role' })).not.toBeInTheDocument();
    expect(screen.getByText(/All four role types exist, and each is added once/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Roles' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/listroles'));
  });

  it('Role and Description are required; Description at most 40', async () => {
    store.roles.delete(4);
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
    store.roles.delete(4);
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
    // MobileUser looks free here, but a colleague adds it first: the server's refusal shows.
    store.roles.delete(4);
    server.use(refusingField('upsertRole', 'name', ROLE_MESSAGES.exists('MobileUser'), { once: true }));
    const { user, router } = await open('/roles/edit/3');
    expect(screen.getByLabelText('Role Type')).toHaveValue('WebUser');
    expect(screen.getByLabelText('Description')).toHaveValue(store.roles.get(3)!.description);
    const offered = [...(screen.getByLabelText('Role Type') as HTMLSelectElement).options].map((o) => o.text);
    expect(offered).toEqual(['Select a role type', 'WebUser', 'MobileUser']);
    await user.selectOptions(screen.getByLabelText('Role Type'), 'MobileUser');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Role Type')).toHaveAccessibleDescription(
        expect.stringContaining('Role MobileUser already exists.'),
      ),
    );
    await user.selectOptions(screen.getByLabelText('Role Type'), 'WebUser');
    expect(screen.getByLabelText('Role Type')).not.toHaveAccessibleDescription(
      expect.stringContaining('Role MobileUser already exists.'),
    );
    await user.clear(screen.getByLabelText('Description'));
    await user.type(screen.getByLabelText('Description'), 'Shop floor staff');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/listroles'));
    expect(posted().at(-1)).toMatchObject({ id: 3, name: 'WebUser', description: 'Shop floor staff' });
  });

  it('a refusal lands on the field the server names, whatever its words start with', async () => {
    // No label starts these words: only the field's name can place them.
    const said = 'Another role already reads like this.';
    server.use(refusingField('upsertRole', 'description', said, { once: true }));
    const { user, router } = await open('/roles/edit/3');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Description')).toHaveAccessibleDescription(expect.stringContaining(said)),
    );
    expect(screen.getByLabelText('Role Type')).not.toHaveAccessibleDescription(expect.stringContaining(said));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(router.state.location.pathname).toBe('/roles/edit/3');
    // The field keeps it until its value changes.
    await user.type(screen.getByLabelText('Description'), '!');
    expect(screen.getByLabelText('Description')).not.toHaveAccessibleDescription(
      expect.stringContaining(said),
    );
  });

  it('a refusal naming no field of the form goes to its alert, even when it starts with a label', async () => {
    server.use(
      refusingField('upsertRole', 'elsewhere', 'Description is not what was refused.', { once: true }),
    );
    const { user } = await open('/roles/edit/3');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Description is not what was refused.'),
    );
    expect(screen.getByLabelText('Description')).not.toHaveAccessibleDescription(
      expect.stringContaining('refused'),
    );
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
