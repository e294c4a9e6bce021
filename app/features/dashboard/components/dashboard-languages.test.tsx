import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { store } from '#mocks/store';
import { showLanguage } from '../../../lib/i18n';
import { renderApp, signInAs } from '../../../test/render-app';

/* The home screen in Telugu and Hindi (issue 17): its own words, month names and counts. */

const thisYear = new Date().getUTCFullYear();

// Each test starts past nanostores' 1 s unmount delay: switching language while the last
// test's messages are still mounted re-renders nothing when a mounted component has no entry
// in the new language's catalog (@nanostores/i18n keeps waiting for it), and ends in English.
beforeEach(() => new Promise((resolve) => setTimeout(resolve, 1100)));
afterEach(() => showLanguage('en-IN', { remember: false }));

describe('the dashboard in another language', () => {
  it('reads in Telugu, counts grouped the Indian way', async () => {
    await showLanguage('te-IN', { remember: false });
    store.dashboard.cards = { ...store.dashboard.cards, upCommingOrder: 1_20_000 };
    store.dashboard.sales.set(thisYear, [12_34_567, ...Array<number>(11).fill(0)]);
    signInAs('BlueTikAdmin');
    await renderApp('/');
    const cards = await screen.findByRole('list', { name: 'స్థితి వారీగా ఆర్డర్లు' });
    expect(within(cards).getByRole('link', { name: /^రాబోయేవి:/ })).toHaveAccessibleName('రాబోయేవి: 1,20,000 ఆర్డర్లు');
    const table = await screen.findByRole('table', { name: `నెల వారీగా డెలివరీ అయిన అమ్మకాలు, ${thisYear}` });
    const january = within(table).getAllByRole('row')[1]!;
    expect(within(january).getByRole('rowheader')).toHaveTextContent('జనవరి');
    expect(within(january).getByRole('cell')).toHaveTextContent('Rs 12,34,567.00');
    expect(screen.getByRole('button', { name: 'పట్టిక చూపించు' })).toBeInTheDocument();
  });

  it('reads in Hindi', async () => {
    await showLanguage('hi-IN', { remember: false });
    signInAs('WebAdmin');
    await renderApp('/');
    const cards = await screen.findByRole('list', { name: 'स्थिति के अनुसार ऑर्डर' });
    expect(within(cards).getByRole('link', { name: /^आने वाले:/ })).toHaveAccessibleName('आने वाले: 42 ऑर्डर');
    const table = await screen.findByRole('table', { name: `महीने के अनुसार डिलीवर हुई बिक्री, ${thisYear}` });
    expect(within(table).getAllByRole('rowheader').at(-2)).toHaveTextContent('दिसंबर');
    expect(screen.getByRole('combobox', { name: 'साल' })).toHaveValue(String(thisYear));
  });
});
