import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { asked } from '#mocks/store';
import { renderApp, signInAs } from '../../../test/render-app';

describe('users table', () => {
  it('shows the admin every column, Add User, and filters by type from the URL', async () => {
    signInAs('BlueTikAdmin');
    const { router, user } = await renderApp('/listusers');
    await screen.findByRole('grid', { name: 'Users' });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent?.trim())).toEqual([
      'Type',
      'Name',
      'Email',
      'Business Name',
      'Is Home Delivery',
      'Is Active',
      'Is Online Pay',
      'Edit',
      'Delete',
    ]);
    expect(screen.getByRole('link', { name: 'Add User' })).toHaveAttribute('href', '/adduser');
    expect(screen.getByText('1–25 of 40')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Type'), 'WebAdmin');
    await waitFor(() => expect(router.state.location.search).toEqual({ type: 'WebAdmin' }));
    await waitFor(() => expect(asked('listUsers').at(-1)!.url.searchParams.get('type')).toBe('WebAdmin'));
  });

  it('shows anyone else "No access"', async () => {
    signInAs('WebAdmin');
    await renderApp('/listusers');
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });
});
