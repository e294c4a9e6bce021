import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signInAs } from '../../../test/render-app';

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
const base = ['Category', 'Sub-Category', 'Name', 'Price', 'Qty', 'Edit'];

describe('items table', () => {
  it('gives BlueTikAdmin Clone, Delete and Add Item', async () => {
    signInAs('BlueTikAdmin');
    await renderApp('/listitems');
    await screen.findByRole('grid', { name: 'Items' });
    expect(headers()).toEqual([...base, 'Clone', 'Delete']);
    expect(screen.getByRole('link', { name: 'Add Item' })).toHaveAttribute('href', '/additem');
    expect(screen.getByRole('link', { name: 'Edit item Basmati Rice' })).toHaveAttribute(
      'href',
      '/items/edit/1?action=edit',
    );
    expect(screen.getByRole('link', { name: 'Clone item Basmati Rice' })).toHaveAttribute(
      'href',
      '/items/edit/1?action=clone',
    );
    expect(screen.getByText('Rs 120.00')).toBeInTheDocument();
  });

  it('gives a WebAdmin Clone but no Delete and no Add Item', async () => {
    signInAs('WebAdmin');
    await renderApp('/listitems');
    await screen.findByRole('grid', { name: 'Items' });
    expect(headers()).toEqual([...base, 'Clone']);
    expect(screen.queryByRole('link', { name: 'Add Item' })).not.toBeInTheDocument();
  });

  it.each(['WebUser', 'MobileUser'] as const)('gives %s Edit only', async (role) => {
    signInAs(role);
    await renderApp('/listitems');
    await screen.findByRole('grid', { name: 'Items' });
    expect(headers()).toEqual(base);
    expect(screen.queryByRole('link', { name: 'Add Item' })).not.toBeInTheDocument();
  });
});
