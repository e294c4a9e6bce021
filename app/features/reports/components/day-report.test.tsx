import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asked, store } from '#mocks/store';
import { readText, renderApp, signInAs } from '../../../test/render-app';

/*
 * The day-end report's screen (issue 28 item 4): who finds it, what it shows of the
 * server's answer (the figures against the day before and last week, cancellations, what
 * sold), the days in the URL, and the CSV a spreadsheet opens.
 */

afterEach(() => vi.restoreAllMocks());

describe('day report', () => {
  it('a store admin finds it in the menu and reads the day against the day before and last week', async () => {
    signInAs('WebAdmin');
    const { user } = await renderApp('/');
    await user.click(await screen.findByRole('link', { name: 'Day report' }));
    const figures = await screen.findByRole('region', { name: 'Figures' });
    const headers = within(figures)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Figure',
      'This day26 Nov 2026',
      'Previous day25 Nov 2026',
      'Same day last week19 Nov 2026',
    ]);
    const sales = within(figures).getByRole('row', { name: /^Delivered sales/ });
    expect(within(sales).getAllByRole('cell').map(readText)).toEqual([
      'Rs 4,000.00',
      'Rs 3,000.00',
      'Rs 2,000.00',
    ]);
    const rate = within(figures).getByRole('row', { name: /^Cancellation rate/ });
    expect(within(rate).getAllByRole('cell')[0]).toHaveTextContent('20%');
    const reasons = screen.getByRole('region', { name: 'Cancellations' });
    expect(within(reasons).getByRole('row', { name: /Cancelled 4/ })).toBeInTheDocument();
    const sold = screen.getByRole('region', { name: 'What sold' });
    expect(within(sold).getByRole('row', { name: /Basmati Rice 12 Rs\s1,440.00/ })).toBeInTheDocument();
    // The chart is drawn for the eye; the hours table says it to a screen reader.
    expect(screen.getByRole('table', { name: /Orders placed per hour/ })).toBeInTheDocument();
  });

  it('the days chosen go to the URL and to the server; the platform admin picks a store', async () => {
    signInAs('BlueTikAdmin');
    const { user, router } = await renderApp('/reports/day?from=2026-11-20&to=2026-11-26');
    await screen.findByRole('region', { name: 'Figures' });
    expect(asked('getDayReport').at(-1)!.url.searchParams.get('from')).toBe('2026-11-20');
    await user.selectOptions(screen.getByLabelText('Store'), screen.getAllByRole('option')[1]!);
    await waitFor(() => expect(router.state.location.search).toHaveProperty('store'));
    await waitFor(() => expect(asked('getDayReport').at(-1)!.url.searchParams.get('store')).not.toBeNull());
  });

  it('Export CSV saves the figures, reasons, items and hours as rows a spreadsheet reads', async () => {
    let saved: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved = blob as Blob;
      return 'blob:report';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    signInAs('WebAdmin');
    const { user } = await renderApp('/reports/day');
    await screen.findByRole('region', { name: 'Figures' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const csv = await saved!.text();
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toContain('Delivered sales,4000,3000,2000');
    expect(lines).toContain('Basmati Rice,12,1440');
    expect(lines).toContain('Delayed Delivery,3');
    expect(lines).toContain('09:00–10:00,1');
    expect(store.dayReport.current.orders).toBe(20);
  });

  it('staff and the app’s users have no menu entry and get "No access"', async () => {
    signInAs('WebUser');
    await renderApp('/reports/day');
    expect(await screen.findByRole('heading', { name: /No access/i })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Day report' })).not.toBeInTheDocument();
  });
});
