import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { OrderUpdateSchema } from '#contract/order-update';
import { makeOrder } from '#mocks/factories/orders';
import { sent, store } from '#mocks/store';
import { renderApp, signInAs } from '../../../test/render-app';
import type { Role } from '#contract/enums';

// Order 101 (cash on delivery, New Order, delivery Rs 30) and 102 (Online, delivery Rs 20),
// both with the factory's three lines: 2 × 120.00 + 3 × 95.50 + 1 × 40.00 = 566.50.
beforeEach(() => {
  store.orders.set(
    101,
    makeOrder(101, {
      status: 0,
      paymentType: 'PayOnDelivery',
      orderUserName: 'Ravi Kumar',
      orderUserPhoneNumber: '9876543210',
    }),
  );
  store.orders.set(102, makeOrder(102, { paymentType: 'Online', deliveryPrice: 20 }));
});
const posted = () => sent('upsertOrder');

async function openOrder(role: Role = 'WebAdmin', id = 101) {
  signInAs(role);
  const app = await renderApp(`/order/edit/${id}`);
  await screen.findByRole('heading', { name: /^Order ORD/ });
  return app;
}

const totals = () => screen.getByRole('region', { name: 'Order totals' });
const row = (name: string) => screen.getByRole('button', { name }).closest('tr')!;

describe('order details', () => {
  it('shows the summary cards, the item tree and the spec §4 defaults', async () => {
    await openOrder();
    expect(within(totals()).getByText('Rs 566.50')).toBeInTheDocument();
    expect(within(totals()).getByText('Rs 30.00')).toBeInTheDocument();
    expect(within(totals()).getByText('Rs 596.50')).toBeInTheDocument();
    const customer = screen.getByRole('region', { name: 'Customer' });
    for (const text of [
      'Ravi Kumar',
      'Flat 4B, Lake View',
      'Madhapur',
      'Hyderabad',
      'Telangana',
      'India',
      '500081',
    ])
      expect(within(customer).getByText(text)).toBeInTheDocument();
    // A tap calls the customer.
    expect(within(customer).getByRole('link', { name: '+91 98765 43210' })).toHaveAttribute(
      'href',
      'tel:+919876543210',
    );
    const payment = screen.getByRole('region', { name: 'Payment' });
    // The list's words for the payment type, not the wire's.
    expect(within(payment).getByText('Pay on Delivery')).toBeInTheDocument();
    expect(within(payment).getByText('NA')).toBeInTheDocument();

    expect(screen.getByText('Grocery')).toBeInTheDocument();
    expect(screen.getByText('Bakery')).toBeInTheDocument();
    for (const header of ['Not Available', 'Name', 'Items Count', 'Qty', 'Price', 'Total Price'])
      expect(screen.getAllByRole('columnheader', { name: header }).length).toBe(2);

    expect(screen.getByLabelText('Status')).toHaveValue('0');
    expect(screen.getByLabelText('Hours')).toHaveValue('1');
    expect(screen.getByLabelText('Minutes')).toHaveValue('0');
    expect(screen.getByLabelText('AM or PM')).toHaveValue('AM');
    expect(screen.getByLabelText('Delivery Price (Rs)')).toHaveValue('30');
    expect(screen.getByLabelText('Cancelled Reason')).toBeDisabled();
    // Is Settled is the platform admin's alone.
    expect(screen.queryByLabelText('Is Settled')).not.toBeInTheDocument();
  });

  it('ticking Not Available subtracts the line, unticking adds it back', async () => {
    const { user } = await openOrder();
    await user.click(screen.getByLabelText('Not available: Toor Dal'));
    expect(within(totals()).getByText('Rs 280.00')).toBeInTheDocument();
    expect(within(totals()).getByText('Rs 310.00')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Not available: Toor Dal'));
    expect(within(totals()).getByText('Rs 566.50')).toBeInTheDocument();
  });

  it('a price edit recomputes the line and the totals; the box takes only the mask; blank becomes 0', async () => {
    const { user } = await openOrder();
    const price = screen.getByLabelText('Price of Basmati Rice');
    await user.clear(price);
    await user.type(price, '1a0.2.55x');
    // digits and one dot, two decimals
    expect(price).toHaveValue('10.25');
    expect(within(row('Basmati Rice')).getByText('Rs 20.50')).toBeInTheDocument();
    expect(within(totals()).getByText('Rs 347.00')).toBeInTheDocument();

    await user.clear(price);
    await user.type(price, '1234567890123456');
    expect(price).toHaveValue('123456789012');

    await user.clear(price);
    await user.tab();
    expect(price).toHaveValue('0');
    expect(within(totals()).getByText('Rs 326.50')).toBeInTheDocument();
  });

  it('Cancelled enables and requires a reason; another status clears it', async () => {
    const { user } = await openOrder();
    await user.selectOptions(screen.getByLabelText('Status'), '4');
    const reason = screen.getByLabelText('Cancelled Reason');
    expect(reason).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please select a cancelled reason')).toBeInTheDocument();
    expect(posted()).toHaveLength(0);

    await user.selectOptions(reason, 'Out of Stock');
    expect(screen.queryByText('Please select a cancelled reason')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), '1');
    expect(reason).toBeDisabled();
    expect(reason).toHaveValue('');
  });

  it('delivery price: the spec messages, and nothing is sent while invalid', async () => {
    const { user } = await openOrder();
    const delivery = screen.getByLabelText('Delivery Price (Rs)');
    await user.clear(delivery);
    await user.tab();
    expect(
      await screen.findByText('Delivery price is required and must be at least zero.'),
    ).toBeInTheDocument();
    await user.type(delivery, '12.5');
    await user.tab();
    expect(await screen.findByText('Only numbers are allowed.')).toBeInTheDocument();
    await user.clear(delivery);
    await user.type(delivery, '1001');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Delivery price less than or equal to 1000.')).toBeInTheDocument();
    await waitFor(() => expect(delivery).toHaveFocus());
    expect(posted()).toHaveLength(0);
  });

  it('saves the wire shape, goes to the list, and says so', async () => {
    const { user, router } = await openOrder();
    await user.click(screen.getByLabelText('Not available: Toor Dal'));
    await user.click(screen.getByLabelText('Not available: Milk Bread'));
    const price = screen.getByLabelText('Price of Basmati Rice');
    await user.clear(price);
    await user.type(price, '110.5');
    await user.selectOptions(screen.getByLabelText('Status'), '2');
    await user.selectOptions(screen.getByLabelText('Hours'), '5');
    await user.selectOptions(screen.getByLabelText('Minutes'), '45');
    await user.selectOptions(screen.getByLabelText('AM or PM'), 'PM');
    await user.type(screen.getByLabelText('Expected Delivery Date'), '20/03/2025');
    // 2 × 110.50 = 221.00; + 30 delivery
    expect(within(totals()).getByText('Rs 221.00')).toBeInTheDocument();
    expect(within(totals()).getByText('Rs 251.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/listorders'));
    expect(posted()).toHaveLength(1);
    const body = posted()[0];
    expect(body).toMatchObject({
      id: 101,
      status: '2',
      exphours: '5',
      expminutes: '45',
      exptimeperiod: 'PM',
      expecteddeliverydate: '2025-03-20',
      deliveryprice: '30',
      cancelledreason: 0,
      orderUnAvailableUserItems: '1|false,2|true,5|true',
      orderItemsPrice: '1|110.5,2|95.50,5|40.00',
    });
    expect(v.safeParse(OrderUpdateSchema, body).success).toBe(true);
    expect(await screen.findByText('Order ORD000101 was saved.')).toBeInTheDocument();
  });

  it('an Online order has its prices, availability and delivery price locked', async () => {
    await openOrder('WebAdmin', 102);
    expect(screen.getByLabelText('Price of Basmati Rice')).toBeDisabled();
    expect(screen.getByLabelText('Not available: Toor Dal')).toBeDisabled();
    expect(screen.getByLabelText('Delivery Price (Rs)')).toBeDisabled();
    expect(screen.getByLabelText('Status')).toBeEnabled();
    const payment = screen.getByRole('region', { name: 'Payment' });
    // Online: the settlement is the grand total (586.50 = 566.50 + 20).
    expect(within(payment).getAllByText('Rs 586.50')).toHaveLength(2);
  });

  it('the platform admin sets Is Settled', async () => {
    const { user } = await openOrder('BlueTikAdmin');
    await user.selectOptions(screen.getByLabelText('Is Settled'), 'Yes');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]).toMatchObject({ id: 101, issettled: 'Yes' });
  });

  it('a MobileUser sees the order read-only, with no Save', async () => {
    await openOrder('MobileUser');
    expect(screen.getByText('Your role can view orders but not update them.')).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toBeDisabled();
    expect(screen.getByLabelText('Price of Basmati Rice')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('double-click or Enter on an item shows its image', async () => {
    const { user } = await openOrder();
    await user.dblClick(screen.getByText('1 kg'));
    const dialog = await screen.findByRole('dialog', { name: 'Basmati Rice' });
    expect(within(dialog).getByRole('img', { name: 'Image of Basmati Rice' })).toHaveAttribute(
      'src',
      '/item-images/basmati-rice.jpg',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    screen.getByRole('button', { name: 'Milk Bread' }).focus();
    await user.keyboard('{Enter}');
    const bread = await screen.findByRole('dialog', { name: 'Milk Bread' });
    // No image name: the placeholder.
    expect(within(bread).getByRole('img')).toHaveAttribute('src', '/item-images/placeholder.jpg');
  });

  it('leaving a changed form asks first; Stay keeps it, Leave goes', async () => {
    const { user, router } = await openOrder();
    await user.click(screen.getByLabelText('Not available: Toor Dal'));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Leave this form?' });
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/order/edit/101');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave this form?' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/listorders'));
    expect(posted()).toHaveLength(0);
  });

  it('an unchanged form leaves without asking', async () => {
    const { user, router } = await openOrder();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/listorders'));
  });

  it('a missing order is the not-found screen', async () => {
    signInAs('WebAdmin');
    await renderApp('/order/edit/999');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    // Inside the shell, in its one main region.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getAllByRole('main')).toHaveLength(1);
    await act(async () => {});
  });
});
