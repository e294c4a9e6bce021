import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAuditEntry } from '#mocks/factories/audit';
import { asked, store } from '#mocks/store';
import { renderApp, signInAs } from '../../test/render-app';

const grid = () => screen.getByRole('grid', { name: 'Audit trail' });
const bodyRows = () => within(grid()).getAllByRole('row').slice(1);

describe('audit trail', () => {
  it('shows the admin who changed what, newest first, each row opening the record it names', async () => {
    signInAs('BlueTikAdmin');
    await renderApp('/listaudit');
    await screen.findByRole('grid', { name: 'Audit trail' });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent?.trim())).toEqual([
      'When',
      'Who',
      'Record',
      'Action',
      'What changed',
      'Open',
    ]);
    // Nothing is added or removed here: no Add button, no Delete.
    expect(screen.queryByRole('link', { name: /^Add/ })).not.toBeInTheDocument();
    expect(screen.getByText('1–25 of 30')).toBeInTheDocument();
    // Newest first: entry 30, a profile's change (entries take the kinds in turn).
    const [newest] = bodyRows();
    expect(newest).toHaveTextContent('Platform Admin');
    expect(within(newest!).getByText('Profile')).toBeInTheDocument();
    // A profile and a password have no screen of their own: their rows have no link.
    expect(within(newest!).queryByRole('link')).not.toBeInTheDocument();
    const password = bodyRows()[7]!; // entry 23
    expect(within(password).getByText('Password changed')).toBeInTheDocument();
    expect(within(password).queryByRole('link')).not.toBeInTheDocument();
    const order = bodyRows()[5]!; // entry 25: an order
    expect(within(order).getByText('Order')).toBeInTheDocument();
    expect(within(order).getByText('Changed')).toBeInTheDocument();
    expect(within(order).getByText('name: Old 25 → New 25')).toBeInTheDocument();
    expect(within(order).getByRole('link', { name: 'Open entry 25' })).toHaveAttribute(
      'href',
      '/order/edit/25',
    );
    const item = bodyRows()[3]!; // entry 27: an item, opened for editing
    expect(within(item).getByRole('link', { name: 'Open entry 27' })).toHaveAttribute(
      'href',
      '/items/edit/27?action=edit',
    );
  });

  it('filters by kind and action and searches by name through the server', async () => {
    signInAs('BlueTikAdmin');
    const { router, user } = await renderApp('/listaudit');
    await screen.findByRole('grid', { name: 'Audit trail' });
    await user.selectOptions(screen.getByLabelText('Record'), 'order');
    await waitFor(() => expect(router.state.location.search).toEqual({ entity: 'order' }));
    await user.selectOptions(screen.getByLabelText('Action'), 'update');
    await waitFor(() => expect(asked('listAudit').at(-1)!.url.searchParams.get('action')).toBe('update'));
    expect(asked('listAudit').at(-1)!.url.searchParams.get('entity')).toBe('order');
    await user.type(screen.getByRole('searchbox', { name: 'Search by user' }), 'plat');
    await waitFor(() => expect(asked('listAudit').at(-1)!.url.searchParams.get('q')).toBe('plat'));
  });

  it('comes back from a record to the row that opened it, not the row whose id is the record’s', async () => {
    // Entry 30 names order 7; entry 7 (a password change) is on the same page.
    store.audit.set(30, makeAuditEntry(30, { entity: 'order', entityId: 7, action: 'update' }));
    signInAs('BlueTikAdmin');
    const { router, user } = await renderApp('/listaudit?sort=at&order=desc');
    await screen.findByRole('grid', { name: 'Audit trail' });
    const listHref = router.state.location.href;
    await user.click(within(bodyRows()[0]!).getByRole('link', { name: 'Open entry 30' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/edit/7'));
    await screen.findByRole('button', { name: 'Cancel' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByRole('grid', { name: 'Audit trail' });
    expect(router.state.location.href).toBe(listHref);
    await waitFor(() => expect(document.activeElement).toBe(bodyRows()[0]));
    expect(bodyRows()[0]).toHaveAttribute('tabindex', '0');
  });

  it('opens a row with Enter and does nothing for a row without a record', async () => {
    signInAs('BlueTikAdmin');
    const { router, user } = await renderApp('/listaudit');
    await screen.findByRole('grid', { name: 'Audit trail' });
    act(() => bodyRows()[0]!.focus()); // entry 30: a profile, which opens nothing
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/listaudit');
    await user.keyboard('{ArrowDown}{Enter}'); // entry 29: a role
    await waitFor(() => expect(router.state.location.pathname).toBe('/roles/edit/29'));
  });

  it.each(['WebAdmin', 'WebUser', 'MobileUser'] as const)(
    'shows %s "No access" and asks the server nothing',
    async (role) => {
      signInAs(role);
      await renderApp('/listaudit');
      expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
      expect(screen.queryByRole('grid')).not.toBeInTheDocument();
      expect(asked('listAudit')).toHaveLength(0);
    },
  );
});
