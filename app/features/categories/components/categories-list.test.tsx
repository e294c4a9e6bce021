import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { store, userByPhone } from '#mocks/store';
import { renderApp, signInAs } from '../../../test/render-app';

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());

function setAddCategoryItems(userId: string, value: 'Yes' | 'No') {
  const profile = userByPhone(userId)!;
  store.users.set(profile.id, { ...profile, isAddCategoryItems: value });
}

describe('categories table', () => {
  it('gives BlueTikAdmin Delete and Add Category', async () => {
    signInAs('BlueTikAdmin');
    await renderApp('/listcategories');
    await screen.findByRole('grid', { name: 'Categories' });
    expect(headers()).toEqual(['Name', 'Sub-Category', 'Description', 'Edit', 'Delete']);
    expect(screen.getByRole('link', { name: 'Add Category' })).toHaveAttribute('href', '/addcategory');
    expect(screen.getByRole('link', { name: 'Edit category Category 001' })).toHaveAttribute(
      'href',
      '/category/edit/1',
    );
  });

  it('gives a WebAdmin Add Category only when their profile allows adding categories', async () => {
    setAddCategoryItems('9000000002', 'Yes');
    signInAs('WebAdmin');
    await renderApp('/listcategories');
    await screen.findByRole('grid', { name: 'Categories' });
    expect(headers()).toEqual(['Name', 'Sub-Category', 'Description', 'Edit']);
    expect(await screen.findByRole('link', { name: 'Add Category' })).toBeInTheDocument();
  });

  it.each(['WebAdmin', 'WebUser', 'MobileUser'] as const)(
    'gives %s (without the flag) no Add Category',
    async (role) => {
      signInAs(role);
      await renderApp('/listcategories');
      await screen.findByRole('grid', { name: 'Categories' });
      expect(headers()).toEqual(['Name', 'Sub-Category', 'Description', 'Edit']);
      expect(screen.queryByRole('link', { name: 'Add Category' })).not.toBeInTheDocument();
    },
  );
});
