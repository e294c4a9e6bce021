import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sent } from '#mocks/store';
import { renderApp, signInAs } from '../../../test/render-app';

/* Export CSV from the orders list (issue 15, item 5); the file itself is the server's (tested there and end to end). */

afterEach(() => vi.restoreAllMocks());

/** Catches the download: the file's name and text. */
function catchDownload() {
  const files: { name: string; blob: Blob }[] = [];
  let last: Blob | null = null;
  URL.createObjectURL = (blob: Blob) => {
    last = blob;
    return 'blob:export';
  };
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, blob: last! });
  });
  return files;
}

describe('Export CSV', () => {
  it('exports the view as it is (filters, snapshot, sort, the viewer’s columns) and saves the file', async () => {
    const files = catchDownload();
    signInAs('WebAdmin');
    await renderApp('/listorders?status=1&sort=orderUserName&order=desc');
    await screen.findByRole('grid', { name: 'Orders' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(sent('exportOrders')).toEqual([
      {
        filter: { status: [1], q: '', upto: 120 },
        sort: 'orderUserName',
        order: 'desc',
        columns: [
          'orderNumber',
          'status',
          'orderUserName',
          'totalPrice',
          'createdDate',
          'paymentType',
          'isSettled',
          'settlementAmt',
        ],
      },
    ]);
    expect(files[0]!.name).toBe('orders-2026-11-26.csv');
    expect((await files[0]!.blob.text()).split('\r\n')[1]).toBe('ORD000001');
    expect(await screen.findByText('120 orders exported to orders-2026-11-26.csv.')).toBeInTheDocument();
  });

  it('exports a selection by its ids', async () => {
    const files = catchDownload();
    signInAs('BlueTikAdmin');
    await renderApp('/listorders');
    const grid = await screen.findByRole('grid', { name: 'Orders' });
    const user = userEvent.setup();
    await waitFor(() => expect(within(grid).getAllByRole('row')[1]).toHaveFocus());
    await user.keyboard(' {Shift>}{ArrowDown}{/Shift}');
    const bar = screen.getByRole('region', { name: 'Selection' });
    await user.click(within(bar).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(sent('exportOrders')).toEqual([
      { ids: [1, 2], columns: expect.arrayContaining(['merchantName']) },
    ]);
  });
});
