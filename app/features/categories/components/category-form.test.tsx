import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CATEGORY_MESSAGES } from '#contract/categories';
import type { Role } from '#contract/enums';
import { refusingField } from '#mocks/endpoint';
import { makeCategory, makeItem } from '#mocks/factories/catalog';
import { server } from '#mocks/server';
import { sent, store, userByPhone } from '#mocks/store';
import { renderApp, signInAs } from '../../../test/render-app';

// A catalog of the five groceries, and category 11 holding the first two.
beforeEach(() => {
  store.items = new Map([1, 2, 3, 4, 5].map((n) => [n, makeItem(n)]));
  store.categories.set(
    11,
    makeCategory(11, {
      name: 'Staples',
      subCategory: 'Daily needs',
      description: 'Rice, dal and oil',
      image: 'staples',
      itemIds: [1, 2],
    }),
  );
});
const posted = () => sent('upsertCategory');

async function open(path: string, role: Role = 'BlueTikAdmin') {
  signInAs(role);
  const app = await renderApp(path);
  await screen.findByRole('heading', { level: 1, name: /Category$/ });
  return app;
}

const available = () => screen.getByRole('listbox', { name: /^Available items/ });
const associated = () => screen.getByRole('listbox', { name: /^Associated items/ });
const names = (list: HTMLElement) =>
  within(list)
    .queryAllByRole('option')
    .map((o) => o.textContent?.split(' — ')[0]);

describe('category form', () => {
  it('loads a category with its two item lists', async () => {
    await open('/category/edit/11');
    expect(screen.getByRole('heading', { name: 'Edit Category' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Staples');
    expect(screen.getByLabelText('Sub-Category')).toHaveValue('Daily needs');
    expect(screen.getByLabelText('Description')).toHaveValue('Rice, dal and oil');
    expect(screen.getByLabelText('Image')).toHaveValue('staples');
    expect(names(associated())).toEqual(['Basmati Rice', 'Toor Dal']);
    expect(names(available())).toEqual(['Green Tea', 'Milk Bread', 'Sunflower Oil']);
  });

  it.each([
    ['Name', '', 'Name is required'],
    ['Name', 'abc', 'Name must be at least 4 characters long.'],
    ['Name', 'x'.repeat(101), 'Name cannot be more than 100 characters long.'],
    ['Sub-Category', '', 'Sub-Category is required'],
    ['Sub-Category', 'abc', 'Sub-Category must be at least 4 characters long.'],
    ['Sub-Category', 'x'.repeat(101), 'Sub-Category cannot be more than 100 characters long.'],
    ['Description', '', 'Description is required'],
    ['Description', 'abc', 'Description must be at least 4 characters long.'],
    ['Description', 'x'.repeat(101), 'Description cannot be more than 100 characters long.'],
    ['Image', '', 'Image is required'],
    ['Image', 'abc', 'Image must be at least 4 characters long.'],
    ['Image', 'x'.repeat(201), 'Image cannot be more than 200 characters long.'],
  ])('%s %j → %s, and submit is blocked', async (label, value, message) => {
    const { user } = await open('/category/edit/11');
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.click(input).then(() => user.paste(value));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(posted()).toHaveLength(0);
  });

  it('moves items with the keyboard and posts associatedItems as id|label entries', async () => {
    const { user, router } = await open('/category/edit/11');
    // Select "Milk Bread" in the available list with the keyboard, then move it.
    available().focus();
    await user.selectOptions(available(), 'Milk Bread — Modern, 400 g');
    await user.click(screen.getByRole('button', { name: 'Add selected' }));
    expect(names(associated())).toEqual(['Basmati Rice', 'Milk Bread', 'Toor Dal']);
    await user.selectOptions(associated(), ['Toor Dal — Tata Sampann, 500 g']);
    await user.click(screen.getByRole('button', { name: 'Remove selected' }));
    expect(names(associated())).toEqual(['Basmati Rice', 'Milk Bread']);
    expect(names(available())).toContain('Toor Dal');

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/listcategories'));
    expect(posted()[0]).toEqual({
      id: 11,
      name: 'Staples',
      subcategory: 'Daily needs',
      description: 'Rice, dal and oil',
      image: 'staples',
      associatedItems: '1|Basmati Rice,5|Milk Bread',
      version: 1,
    });
  });

  it('Add all and Remove all', async () => {
    const { user } = await open('/category/edit/11');
    await user.click(screen.getByRole('button', { name: 'Add all' }));
    expect(names(available())).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Remove all' }));
    expect(names(associated())).toEqual([]);
  });

  it('Item Details without a selection says Select Item; with one it shows the item', async () => {
    const { user } = await open('/category/edit/11');
    await user.click(screen.getByRole('button', { name: 'Item Details' }));
    expect(await screen.findByText('Select Item')).toBeInTheDocument();
    expect(screen.getByText('Select Item')).toHaveAttribute('role', 'alert');
    await user.selectOptions(associated(), ['Toor Dal — Tata Sampann, 500 g']);
    expect(screen.queryByText('Select Item')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Item Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Toor Dal' });
    expect(within(dialog).getByText('Tata Sampann')).toBeInTheDocument();
    expect(within(dialog).getByText('Rs 95.50')).toBeInTheDocument();
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', '/item-images/toor-dal.jpg');
  });

  it('double-click or Enter on an item shows its image', async () => {
    const { user } = await open('/category/edit/11');
    await user.dblClick(within(available()).getByRole('option', { name: /^Sunflower Oil/ }));
    expect(await screen.findByRole('dialog', { name: 'Sunflower Oil' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.selectOptions(associated(), ['Basmati Rice — India Gate, 1 kg']);
    associated().focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Basmati Rice' })).toBeInTheDocument();
  });

  it('adds a category from the whole catalog', async () => {
    const { user, router } = await open('/addcategory');
    expect(screen.getByRole('heading', { name: 'Add Category' })).toBeInTheDocument();
    expect(names(available())).toHaveLength(5);
    await user.type(screen.getByLabelText('Name'), 'Beverages');
    await user.type(screen.getByLabelText('Sub-Category'), 'Hot drinks');
    await user.type(screen.getByLabelText('Description'), 'Tea and coffee');
    await user.type(screen.getByLabelText('Image'), 'beverages');
    await user.selectOptions(available(), ['Green Tea — Lipton, 100 g']);
    await user.click(screen.getByRole('button', { name: 'Add selected' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/listcategories'));
    expect(posted()[0]).toMatchObject({
      id: '',
      name: 'Beverages',
      associatedItems: '4|Green Tea',
    });
  });

  it('a server refusal that names the items (associatedItems) lands on the item lists', async () => {
    server.use(refusingField('upsertCategory', 'associatedItems', CATEGORY_MESSAGES.unknownItems([1])));
    const { user } = await open('/category/edit/11');
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Staples and more');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    // The API client's notice says it too; the field keeps it until the lists change.
    await waitFor(() =>
      expect(screen.getAllByText('associatedItems: no item with id 1 exists.')).toHaveLength(2),
    );
    expect(screen.getByRole('group', { name: 'Items' })).toHaveAccessibleDescription(
      'associatedItems: no item with id 1 exists.',
    );
  });

  it('WebUser and a WebAdmin without Add Category Items see it read-only', async () => {
    await open('/category/edit/11', 'WebUser');
    expect(screen.getByText('Your role can view categories but not change them.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it('a WebAdmin with Add Category Items may edit', async () => {
    const storeOwner = userByPhone('9000000002')!;
    store.users.set(storeOwner.id, { ...storeOwner, isAddCategoryItems: 'Yes' });
    await open('/category/edit/11', 'WebAdmin');
    await waitFor(() => expect(screen.getByLabelText('Name')).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
  });
});
