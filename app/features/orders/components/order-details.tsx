import { useMemo, useState } from 'react';
import { useStore } from '@tanstack/react-form';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { OrderItemLine } from '#contract/codecs';
import { PAYMENT_TYPE_LABELS } from '#contract/enums';
import { itemImageUrl } from '#contract/items';
import { ORDER_FIELD_LABELS } from '#contract/order-update';
import type { Order } from '#contract/orders';
import { can } from '#contract/permissions';
import { fromPaise } from '#contract/rules';
import { useAppForm, useSaveForm } from '../../../components/form';
import { ImageDialog } from '../../../components/ui/image-dialog';
import { PhoneLink } from '../../../components/ui/phone-link';
import { OrderItems } from './order-items';
import { OrderTimeline } from './order-timeline';
import { PrintMenu } from '../print/print-menu';
import { printKindsFor, usePrintOrders } from '../print/use-print-orders';
import { Card, Facts, Stat } from './order-parts';
import { DeliveryFields, OrderActionBar } from './order-status-form';
import { PageHeader } from '../../../components/ui/page-header';
import { i18n, params, useFormats, useT, useWords } from '../../../lib/i18n';
import { useUpdateOrder } from '../mutations';
import { useTakeOnOpen } from '../take-order';
import {
  describeOrderField,
  flatLines,
  liveTotals,
  orderFormValuesOf,
  orderTree,
  toFormValues,
  toPayload,
  validateOrderForm,
  type OrderFormValues,
} from '../order-form-model';
import { ordersQueries } from '../queries';
import { TimeLeftLine } from './time-left';

const messages = i18n('orders/order-details', {
  title: params('Order {number}'),
  placed: params('Placed {date}'),
  totals: 'Order totals',
  items: 'Items',
  itemsTotal: 'Items total',
  shipping: 'Shipping',
  grandTotal: 'Grand total',
  form: 'Order details',
  payment: 'Payment',
  orderNumber: 'Order Number',
  itemsCount: 'Items Count',
  totalItemsPrice: 'Total Items Price',
  grandTotalFact: 'Grand Total',
  paymentType: 'Payment Type',
  settlementAmount: 'Settlement Amount',
  na: 'NA',
  customer: 'Customer',
  name: 'Name',
  phone: 'Phone',
  address: 'Address',
  city: 'City',
  state: 'State',
  country: 'Country',
  pincode: 'Pincode',
  cancelledReason: 'Cancelled reason',
  lines: 'Item prices and availability',
  imageOf: params('Image of {name}'),
  each: params('{qty} · {price} each'),
});

/**
 * Order details (spec §2): summary cards, the collapsible item tree with live totals
 * (order-items.tsx), the delivery fields, payment and customer, and the status with Save
 * in a bar at the bottom of the screen (order-status-form.tsx). Saving sends OrderUpdateSchema's wire shape and goes to the list, which
 * then shows the server's recomputed totals.
 */
export function OrderDetails({
  id,
  role,
  onSaved,
  onCancel,
}: {
  id: number;
  role: string;
  onSaved: (orderNumber: string) => void;
  onCancel: () => void;
}) {
  const t = useT(messages);
  const f = useFormats();
  const w = useWords();
  const rupees = (paise: number) => f.money(fromPaise(paise));
  const { data: order } = useSuspenseQuery(ordersQueries.detail(id));
  const { categories, problems } = useMemo(() => orderTree(order), [order]);
  const lines = useMemo(() => flatLines(categories), [categories]);
  const defaultValues = useMemo(() => toFormValues(order, lines), [order, lines]);
  const online = order.paymentType === 'Online';
  const readOnly = !can(role, 'orders.update');
  const canSettle = can(role, 'orders.settle');
  const [shown, setShown] = useState<OrderItemLine | null>(null);

  useTakeOnOpen(order, role);
  const printing = usePrintOrders();
  const update = useUpdateOrder();
  const flow = useSaveForm({ onSaved: (saved: Order) => onSaved(saved.orderNumber) });
  const form = useAppForm({
    defaultValues,
    validators: { onChange: ({ value }) => validateOrderForm(value, online) },
    onSubmit: ({ value, formApi }) =>
      flow.submit(formApi, () => update.mutateAsync(toPayload(value, online))),
  });

  const values = useStore(form.store, (s) => s.values);
  const totals = liveTotals(lines, values, order.deliveryPrice);

  // Each category's first index in the form's flat `lines`.
  const groups = useMemo(
    () =>
      categories.map((category, c) => ({
        category,
        start: categories.slice(0, c).reduce((n, earlier) => n + earlier.items.length, 0),
      })),
    [categories],
  );

  return (
    <div>
      <PageHeader
        title={t.title({ number: order.orderNumber })}
        description={
          <>
            {t.placed({ date: f.dateTime(order.createdDate) })}
            {order.merchantName ? ` · ${order.merchantName}` : ''}
          </>
        }
      />
      <TimeLeftLine status={order.status} dueAt={order.dueAt} />

      <section aria-label={t.totals} className="mb-6">
        {/* Live: they follow the Not Available boxes, the prices and the delivery price as they change. */}
        <dl aria-live="polite" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Stat label={t.items} value={f.count(order.itemsCount)} />
          <Stat label={t.itemsTotal} value={rupees(totals.itemsTotal)} />
          <Stat label={t.shipping} value={rupees(totals.delivery)} />
          <Stat label={t.grandTotal} value={rupees(totals.grandTotal)} strong />
        </dl>
      </section>

      <form.AppForm>
        <form.Form aria-label={t.form} className="min-w-0 space-y-6">
          <OrderItems
            form={form}
            groups={groups}
            lineTotals={totals.lineTotals}
            online={online}
            readOnly={readOnly}
            problems={problems}
            onShow={setShown}
          />

          <div className="grid gap-6 lg:grid-cols-3">
            <DeliveryFields form={form} readOnly={readOnly} online={online} canSettle={canSettle} />
            <div className="min-w-0 space-y-6">
              <Card title={t.payment}>
                <Facts
                  rows={[
                    [t.orderNumber, order.orderNumber],
                    [t.itemsCount, f.count(order.itemsCount)],
                    [t.totalItemsPrice, rupees(totals.itemsTotal)],
                    [t.shipping, rupees(totals.delivery)],
                    [t.grandTotalFact, rupees(totals.grandTotal)],
                    [t.paymentType, w(PAYMENT_TYPE_LABELS[order.paymentType])],
                    [t.settlementAmount, order.settlementAmt === null ? t.na : f.money(order.settlementAmt)],
                  ]}
                />
              </Card>
              <Card title={t.customer}>
                <Facts
                  rows={[
                    [t.name, order.orderUserName],
                    [t.phone, <PhoneLink key="phone" number={order.orderUserPhoneNumber} />],
                    [
                      t.address,
                      [order.orderUserAddress1, order.orderUserAddress2, order.orderUserAddress3]
                        .filter(Boolean)
                        .map((l) => (
                          <span key={l} className="block">
                            {l}
                          </span>
                        )),
                    ],
                    [t.city, order.orderUserCity],
                    [t.state, order.orderUserState && w(order.orderUserState)],
                    [t.country, order.orderUserCountry && w(order.orderUserCountry)],
                    [t.pincode, order.orderUserPincode],
                  ]}
                />
              </Card>
            </div>
          </div>

          <OrderActionBar
            form={form}
            readOnly={readOnly}
            grandTotalPaise={totals.grandTotal}
            onCancel={onCancel}
            // Here, not in the heading: one Tab from the heading reaches the first field (issue 20).
            tools={
              <PrintMenu
                compact
                busy={printing.busy}
                kinds={printKindsFor(role)}
                onPrint={(kind) => void printing.print(kind, [order.id])}
              />
            }
            notices={
              <>
                <form.FormAlert message={flow.alert} />
                <form.ConflictBar
                  conflict={flow.conflict}
                  query={ordersQueries.detail(order.id)}
                  toValues={orderFormValuesOf}
                  labels={{
                    ...Object.fromEntries(
                      Object.entries(ORDER_FIELD_LABELS).map(([k, label]) => [k, w(label)]),
                    ),
                    cancelledreason: t.cancelledReason,
                    lines: t.lines,
                  }}
                  describe={describeOrderField}
                  onClose={flow.closeConflict}
                />
              </>
            }
          />
          <form.UnsavedChangesGuard disabled={readOnly} />
        </form.Form>
      </form.AppForm>

      {/* Apart from the order's form: the note form is a form of its own. */}
      <div className="mt-6">
        <OrderTimeline order={order} lines={lines} role={role} />
      </div>

      {printing.host}
      <ImageDialog
        open={shown !== null}
        title={shown?.name ?? ''}
        src={itemImageUrl(shown?.image ?? '')}
        alt={shown ? t.imageOf({ name: shown.name }) : ''}
        onClose={() => setShown(null)}
      >
        {shown ? <p>{t.each({ qty: shown.qty, price: f.money(shown.price) })}</p> : null}
      </ImageDialog>
    </div>
  );
}

export type { OrderFormValues };
