import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROLE_MESSAGES } from '#contract/roles';
import { refusing } from '#mocks/endpoint';
import { server } from '#mocks/server';
import { asked, store } from '#mocks/store';
import { renderApp, signInAs } from '../../../test/render-app';

describe('roles table', () => {
  it('is the admin’s: Name, Description, Edit, Delete and Add Role', async () => {
    store.roles.delete(4);
    signInAs('BlueTikAdmin');
    await renderApp('/listroles');
    await screen.findByRole('grid', { name: 'Roles' });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent?.trim())).toEqual([
      'Name',
      'Description',
      'Edit',
      'Delete',
    ]);
    expect(screen.getByRole('link', { name: 'Add Role' })).toHaveAttribute('href', '/addrole');
  });

  it('disables Add Role with the reason while all four role types exist', async () => {
    signInAs('BlueTikAdmin');
    await renderApp('/listroles');
    const add = await screen.findByRole('button', { name: 'Add Role' });
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(add).toHaveAccessibleDescription('All four role types exist: edit one to change it.');
    expect(screen.queryByRole('link', { name: 'Add Role' })).not.toBeInTheDocument();
  });

  it.each(['WebAdmin', 'WebUser', 'MobileUser'] as const)(
    'shows %s "No access" and asks the server nothing',
    async (role) => {
      signInAs(role);
      const { router } = await renderApp('/listroles');
      expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
      expect(screen.queryByRole('grid')).not.toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/listroles');
      // Nothing for this screen (the shell's new-order check is the shell's own).
      expect(asked().filter((r) => r.name !== 'getOrderChanges')).toHaveLength(0);
    },
  );

  it('shows the server’s refusal in the dialog and keeps the row', async () => {
    server.use(refusing('removeRole', 400, [ROLE_MESSAGES.inUse(2)]));
    signInAs('BlueTikAdmin');
    const { user } = await renderApp('/listroles');
    await screen.findByRole('grid', { name: 'Roles' });
    await user.click(screen.getByRole('button', { name: 'Delete role WebAdmin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete role WebAdmin' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ROLE_MESSAGES.inUse(2));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('WebAdmin')).toBeInTheDocument();
  });

  it('deletes a role nobody holds', async () => {
    signInAs('BlueTikAdmin');
    const { user } = await renderApp('/listroles');
    await screen.findByRole('grid', { name: 'Roles' });
    await user.click(screen.getByRole('button', { name: 'Delete role MobileUser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete role MobileUser' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('MobileUser')).not.toBeInTheDocument());
    expect(screen.getByText('1–3 of 3')).toBeInTheDocument();
    // A type is free again: Add Role comes back.
    expect(await screen.findByRole('link', { name: 'Add Role' })).toHaveAttribute('href', '/addrole');
  });
});
