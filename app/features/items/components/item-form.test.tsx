import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '#contract/enums';
import { sent, store } from '#mocks/store';
import { renderApp, signInAs } from '../../../test/render-app';

const posted = () => sent('upsertItem');

async function open(path: string, role: Role = 'BlueTikAdmin') {
  signInAs(role);
  const app = await renderApp(path);
  await screen.findByRole('heading', { level: 1, name: /Item$/ });
  return app;
}

// The image field's label also says "(optional)".
const field = (label: string) => screen.getByLabelText(label === 'Image Name' ? /^Image Name/ : label);

async function fill(user: Awaited<ReturnType<typeof open>>['user'], values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = field(label);
    await user.clear(input);
    if (value) {
      await user.click(input);
      await user.paste(value);
    }
  }
}

describe('item form', () => {
  it('add: empty form with the preview placeholder', async () => {
    await open('/additem');
    expect(screen.getByRole('heading', { name: 'Add Item' })).toBeInTheDocument();
    expect(screen.getByText('Image preview will appear here in edit.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it.each([
    ['Name', '', 'Name is required'],
    ['Name', 'abc', 'Name must be at least 4 characters long.'],
    ['Name', 'x'.repeat(101), 'Name cannot be more than 100 characters long.'],
    ['Description', '', 'Description is required'],
    ['Description', 'x'.repeat(101), 'Description cannot be more than 100 characters long.'],
    ['Brand', 'abc', 'Brand must be at least 4 characters long.'],
    ['Category', '', 'Category is required'],
    ['Sub-Category', 'abc', 'Sub-Category must be at least 4 characters long.'],
    ['Qty', '', 'Qty is required'],
    ['Qty', '1', 'Qty must be at least 2 characters long.'],
    ['Qty', 'x'.repeat(101), 'Qty cannot be more than 100 characters long.'],
    ['Image Name', 'abc', 'Image Name must be at least 4 characters long.'],
    ['Image Name', 'x'.repeat(201), 'Image Name cannot be more than 200 characters long.'],
    ['Price (Rs)', '', 'Price is required'],
    ['Price (Rs)', '12.345', 'Only numbers or decimals with two digits are allowed.'],
    ['Price (Rs)', '10000.01', 'Price must be less than or equal to 10000.'],
    ['MRP (Rs)', '', 'MRP is required'],
    ['MRP (Rs)', 'abc', 'Only numbers or decimals with two digits are allowed.'],
    ['MRP (Rs)', '10001', 'MRP must be less than or equal to 10000.'],
  ])('%s %j → %s, and submit is blocked', async (label, value, message) => {
    const { user } = await open('/items/edit/1?action=edit');
    await fill(user, { [label]: value });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    expect(posted()).toHaveLength(0);
  });

  it('the image name is optional', async () => {
    const { user, router } = await open('/items/edit/1');
    await fill(user, { 'Image Name': '' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/listitems'));
  });

  it('the admin edits every field, image included, and lands on the list', async () => {
    const { user, router } = await open('/items/edit/1?action=edit');
    expect(screen.getByRole('img', { name: 'Preview of basmati-rice' })).toHaveAttribute(
      'src',
      '/item-images/basmati-rice.jpg',
    );
    // Prices read as the list shows them: two decimals.
    expect(field('Price (Rs)')).toHaveValue(store.items.get(1)!.price.toFixed(2));
    expect(field('MRP (Rs)')).toHaveValue(store.items.get(1)!.mrp.toFixed(2));
    await fill(user, { 'Price (Rs)': '125.50', 'Image Name': 'basmati-rice-new' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/listitems'));
    expect(posted()[0]).toMatchObject({ id: 1, price: '125.50', image: 'basmati-rice-new' });
    expect(await screen.findByText('Item Basmati Rice was saved.')).toBeInTheDocument();
  });

  it('WebAdmin: the image of an existing item is disabled, the rest is editable', async () => {
    const { user, router } = await open('/items/edit/2?action=edit', 'WebAdmin');
    expect(field('Image Name')).toBeDisabled();
    expect(screen.getByLabelText('Name')).toBeEnabled();
    await fill(user, { Name: 'Toor Dal Premium' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/listitems'));
    expect(posted()[0]).toMatchObject({ id: 2, name: 'Toor Dal Premium' });
  });

  it('clone clears the id, so saving creates a new item', async () => {
    const { user, router } = await open('/items/edit/2?action=clone', 'WebAdmin');
    expect(screen.getByRole('heading', { name: 'Clone Item' })).toBeInTheDocument();
    expect(field('Image Name')).toBeEnabled();
    await fill(user, { Name: 'Toor Dal Organic' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/listitems'));
    expect(posted()[0]).toMatchObject({
      id: '',
      name: 'Toor Dal Organic',
      brand: 'Tata Sampann',
    });
    expect(posted()[0]).toMatchObject({ image: 'toor-dal' });
    expect(await screen.findByText('Item Toor Dal Organic was created.')).toBeInTheDocument();
  });

  it.each(['WebUser', 'MobileUser'] as const)(
    '%s sees the item read-only and no image field',
    async (role) => {
      await open('/items/edit/1', role);
      expect(screen.getByText('Your role can view items but not change them.')).toBeInTheDocument();
      expect(screen.getByLabelText('Name')).toBeDisabled();
      expect(screen.getByLabelText('Price (Rs)')).toBeDisabled();
      expect(screen.queryByLabelText(/^Image Name/)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    },
  );

  it('adds an item', async () => {
    const { user, router } = await open('/additem');
    await fill(user, {
      Name: 'Masala Chai',
      Brand: 'Tata Tea',
      Description: 'Spiced black tea',
      Category: 'Beverages',
      'Sub-Category': 'Tea bags',
      'Price (Rs)': '99',
      'MRP (Rs)': '120',
      Qty: '250 g',
    });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/listitems'));
    expect(posted()).toHaveLength(1);
    expect(posted()[0]).toMatchObject({ id: '', name: 'Masala Chai', price: '99', mrp: '120', image: '' });
  });
});
