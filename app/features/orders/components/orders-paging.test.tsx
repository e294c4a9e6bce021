import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '#mocks/factories/accounts';
import { asked, store } from '#mocks/store';
import { narrowOptions } from '../../../components/ui/combobox';
import { typedPage } from '../../../components/data-table/go-to-page';
import { renderApp, signInAs } from '../../../test/render-app';

/*
 * Issue 24, item 7: "Go to page" under the list (every list has it: the one pager) and the
 * store filter as a combobox that narrows as one types, both from the keyboard.
 */

const lastRequest = () => asked('listOrders').at(-1)!.url;

describe('Go to page', () => {
  it('reads grouped digits and nothing else', () => {
    expect(typedPage(' 20,000 ')).toBe(20000);
    expect(typedPage('4')).toBe(4);
    expect(typedPage('')).toBeNull();
    expect(typedPage('4.5')).toBeNull();
    expect(typedPage('-3')).toBeNull();
    expect(typedPage('four')).toBeNull();
  });

  it('jumps with Enter, and refuses a page outside the list with the range', async () => {
    signInAs('BlueTikAdmin');
    const { router, user } = await renderApp('/listorders');
    await screen.findByRole('grid', { name: 'Orders' });
    // 120 stored orders, 25 a page: pages 1–5.
    expect(screen.getByText('Page 1 of 5')).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Go to page' });

    await user.type(field, '9{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a page from 1 to 5.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Enter a page from 1 to 5.');
    expect(router.state.location.search).not.toHaveProperty('page');

    await user.clear(field);
    expect(field).not.toHaveAttribute('aria-invalid');
    await user.type(field, '4{Enter}');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ page: 4 }));
    await waitFor(() =>
      expect(asked('listOrders').some((r) => r.url.searchParams.get('page') === '4')).toBe(true),
    );
    expect(await screen.findByText('Page 4 of 5')).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();

    await user.type(field, '{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a page number.');
  });
});

describe('the store filter', () => {
  it('narrows by any part of the label, accents and case aside', () => {
    const options = [
      { value: '1', label: 'Café Mumbai' },
      { value: '2', label: 'Sharma Kirana' },
    ];
    expect(narrowOptions(options, 'cafe')).toEqual([options[0]]);
    expect(narrowOptions(options, 'KIRANA')).toEqual([options[1]]);
    expect(narrowOptions(options, '  ')).toEqual(options);
    expect(narrowOptions(options, 'zz')).toEqual([]);
  });

  it('is a combobox: type to narrow, arrows, Enter chooses, Escape closes', async () => {
    store.users.set(41, makeUser(41, { bussinessName: 'Sharma Kirana' }));
    store.users.set(43, makeUser(43, { bussinessName: 'Sharma Sweets' }));
    signInAs('BlueTikAdmin');
    const { router, user } = await renderApp('/listorders');
    await screen.findByRole('grid', { name: 'Orders' });
    const box = screen.getByRole('combobox', { name: 'Store' });
    expect(box).toHaveAttribute('aria-expanded', 'false');

    await user.click(box);
    await user.keyboard('{Escape}');
    await user.type(box, 'sharma');
    const list = screen.getByRole('listbox', { name: 'All stores' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', list.id);
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Sharma Kirana', 'Sharma Sweets']);
    // The first match is active; ↓ moves to the next, named by aria-activedescendant.
    await user.keyboard('{ArrowDown}');
    const sweets = within(list).getByRole('option', { name: 'Sharma Sweets' });
    expect(box).toHaveAttribute('aria-activedescendant', sweets.id);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ store: 43 }));
    await waitFor(() => expect(lastRequest().searchParams.get('store')).toBe('43'));
    expect(box).toHaveValue('Sharma Sweets');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveFocus();

    // Escape closes without choosing, and puts the chosen label back.
    await user.clear(box);
    await user.type(box, 'kir');
    expect(screen.getByRole('option', { name: 'Sharma Kirana' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('Sharma Sweets');
    expect(router.state.location.search).toMatchObject({ store: 43 });

    // Nothing matches: said so, and Enter chooses nothing.
    await user.clear(box);
    await user.type(box, 'zzz');
    expect(box).toHaveAccessibleDescription('No match for “zzz”');
    await user.keyboard('{Enter}');
    expect(router.state.location.search).toMatchObject({ store: 43 });

    // The first option clears the filter: ↑ from the top stays on it.
    await user.keyboard('{Escape}');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Sharma Sweets' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    for (let i = 0; i < 40; i++) await user.keyboard('{ArrowUp}');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('store'));
    expect(box).toHaveValue('');
  });
});
