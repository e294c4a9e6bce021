import { useMemo, useState } from 'react';
import { useStore } from '@tanstack/react-form';
import { useSuspenseQuery } from '@tanstack/react-query';
import { ChevronRight, Info } from 'lucide-react';
import type { OrderItemLine } from '#contract/codecs';
import {
  CANCELLED_REASONS,
  CANCELLED_STATUS,
  ORDER_STATUSES,
  PAYMENT_TYPE_LABELS,
  TIME_PERIODS,
  YES_NO,
} from '#contract/enums';
import { itemImageUrl } from '#contract/items';
import { ITEM_PRICE_MAX_LENGTH, maskItemPriceText, ORDER_FIELD_LABELS } from '#contract/order-update';
import { CANCELLED_REASON_MESSAGE, type Order } from '#contract/orders';
import { can } from '#contract/permissions';
import { formatRupees, fromPaise } from '#contract/rules';
import { byLabel, useAppForm, useSaveForm } from '../../../components/form';
import { ImageDialog } from '../../../components/ui/image-dialog';
import { PhoneLink } from '../../../components/ui/phone-link';
import { Card, Facts, ItemTableHead, Stat } from './order-parts';
import { PageHeader } from '../../../components/ui/page-header';
import { useUpdateOrder } from '../mutations';
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

const HOURS = Array.from({ length: 12 }, (_, i) => String(i + 1));
const MINUTES = Array.from({ length: 60 }, (_, i) => ({
  value: String(i),
  label: String(i).padStart(2, '0'),
}));
const STATUS_OPTIONS = ORDER_STATUSES.map((s) => ({ value: String(s.id), label: s.label }));
const REASON_OPTIONS = CANCELLED_REASONS.map((r) => ({ value: String(r.id), label: r.label }));

// Server messages start with the field's label (the same schema speaks on both sides).
const fieldOfMessage = (() => {
  const labelled = byLabel(ORDER_FIELD_LABELS);
  return (message: string) => (message === CANCELLED_REASON_MESSAGE ? 'cancelledreason' : labelled(message));
})();

const rupees = (paise: number) => formatRupees(fromPaise(paise));

/**
 * Order details (spec §2): summary cards, the collapsible item tree with live totals, and
 * the status form. Saving sends OrderUpdateSchema's wire shape and goes to the list, which
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
  const { data: order } = useSuspenseQuery(ordersQueries.detail(id));
  const { categories, problems } = useMemo(() => orderTree(order), [order]);
  const lines = useMemo(() => flatLines(categories), [categories]);
  const defaultValues = useMemo(() => toFormValues(order, lines), [order, lines]);
  const online = order.paymentType === 'Online';
  const readOnly = !can(role, 'orders.update');
  const canSettle = can(role, 'orders.settle');
  const [shown, setShown] = useState<OrderItemLine | null>(null);

  const update = useUpdateOrder();
  const flow = useSaveForm({
    fieldOf: fieldOfMessage,
    onSaved: (saved: Order) => onSaved(saved.orderNumber),
  });
  const form = useAppForm({
    defaultValues,
    validators: { onChange: ({ value }) => validateOrderForm(value, online) },
    onSubmit: ({ value, formApi }) =>
      flow.submit(formApi, () => update.mutateAsync(toPayload(value, online))),
  });

  const values = useStore(form.store, (s) => s.values);
  const totals = liveTotals(lines, values, order.deliveryPrice);
  const status = values.status;
  const isCancelled = Number(status) === CANCELLED_STATUS;

  // Each category's first index in the form's flat `lines`.
  const tree = useMemo(
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
        title={`Order ${order.orderNumber}`}
        description={
          <>
            Placed {new Date(order.createdDate).toLocaleString()}
            {order.merchantName ? ` · ${order.merchantName}` : ''}
          </>
        }
      />

      <section aria-label="Order totals" className="mb-6">
        {/* Live: they follow the Not Available boxes, the prices and the delivery price as they change. */}
        <dl aria-live="polite" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Stat label="Items" value={String(order.itemsCount)} />
          <Stat label="Items total" value={rupees(totals.itemsTotal)} />
          <Stat label="Shipping" value={rupees(totals.delivery)} />
          <Stat label="Grand total" value={rupees(totals.grandTotal)} strong />
        </dl>
      </section>

      <form.AppForm>
        <form.Form aria-label="Order details" className="min-w-0 space-y-6">
          <Card title="Order items">
            {online ? (
              <p className="mb-4 flex items-start gap-2 rounded-md bg-zinc-100 px-3 py-2 text-zinc-700">
                <Info aria-hidden="true" className="mt-1 size-4 shrink-0" />
                Online orders are paid in advance: prices, availability and shipping can’t be changed.
              </p>
            ) : null}
            {problems.length ? (
              <p role="alert" className="text-red-700">
                The order’s items could not be read: {problems[0]}
              </p>
            ) : null}
            <fieldset disabled={readOnly} className="min-w-0 space-y-3">
              <legend className="sr-only">Order items</legend>
              {tree.map(({ category, start }) => (
                <details
                  key={`${category.category}-${start}`}
                  open
                  className="group rounded-md border border-zinc-200"
                >
                  <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md px-3 py-2 font-medium text-zinc-900 hover:bg-zinc-50 [&::-webkit-details-marker]:hidden">
                    <ChevronRight
                      aria-hidden="true"
                      className="size-4 transition-transform group-open:rotate-90"
                    />
                    {category.category}
                    <span className="font-normal text-zinc-600">
                      ({category.items.length} {category.items.length === 1 ? 'item' : 'items'})
                    </span>
                  </summary>
                  {/* relative: the visually hidden labels inside are clipped with the table, not left to widen the page. */}
                  <div className="relative overflow-x-auto border-t border-zinc-200">
                    <table className="w-full min-w-[40rem] table-fixed text-left">
                      <caption className="sr-only">Items of {category.category}</caption>
                      <ItemTableHead />
                      <tbody className="divide-y divide-zinc-100">
                        {category.items.map((line, j) => {
                          const i = start + j;
                          const unavailable = values.lines[i]?.unavailable ?? false;
                          return (
                            <tr
                              key={`${line.itemId}-${i}`}
                              // Double-click anywhere on the row shows the picture; the name button is the keyboard's way.
                              onDoubleClick={() => setShown(line)}
                              className={unavailable ? 'bg-zinc-50 text-zinc-500' : undefined}
                            >
                              <td className="px-3 py-2 align-top">
                                <form.AppField name={`lines[${i}].unavailable`}>
                                  {(f) => (
                                    <f.CheckboxField
                                      label={`Not available: ${line.name}`}
                                      hideLabel
                                      disabled={online}
                                    />
                                  )}
                                </form.AppField>
                              </td>
                              <td className="px-3 py-2 align-top">
                                <button
                                  type="button"
                                  className={`link text-left ${unavailable ? 'line-through' : ''}`}
                                  onClick={() => setShown(line)}
                                  aria-haspopup="dialog"
                                  title="Show image"
                                >
                                  {line.name}
                                </button>
                              </td>
                              <td className="px-3 py-2 text-right align-top tabular-nums">
                                {line.itemsCount}
                              </td>
                              <td className="px-3 py-2 align-top">{line.qty}</td>
                              <td className="w-36 px-3 py-1.5 align-top">
                                <form.AppField
                                  name={`lines[${i}].price`}
                                  listeners={{
                                    // Spec §5: a blank price box means 0.
                                    onBlur: ({ value, fieldApi }) => {
                                      if (String(value).trim() === '') fieldApi.setValue('0');
                                    },
                                  }}
                                >
                                  {(f) => (
                                    <f.TextField
                                      label={`Price of ${line.name}`}
                                      hideLabel
                                      inputMode="decimal"
                                      maxLength={ITEM_PRICE_MAX_LENGTH}
                                      mask={maskItemPriceText}
                                      disabled={online}
                                      inputClassName="h-8 text-right tabular-nums"
                                    />
                                  )}
                                </form.AppField>
                              </td>
                              <td
                                className={`px-3 py-2 text-right align-top font-medium tabular-nums ${unavailable ? 'line-through' : ''}`}
                              >
                                {rupees(totals.lineTotals[i] ?? 0)}
                              </td>
                            </tr>
                          );
                        })}
                      </tbody>
                    </table>
                  </div>
                </details>
              ))}
            </fieldset>
            <p className="mt-3 text-xs text-zinc-600">
              Double-click an item, or choose its name, to see its image. Items marked Not Available don’t
              count towards the total.
            </p>
          </Card>

          <div className="grid gap-6 lg:grid-cols-3">
            <Card title="Status and delivery" className="min-w-0 self-start lg:col-span-2">
              {readOnly ? (
                <p className="mb-4 flex items-start gap-2 rounded-md bg-zinc-100 px-3 py-2 text-zinc-700">
                  <Info aria-hidden="true" className="mt-1 size-4 shrink-0" />
                  Your role can view orders but not update them.
                </p>
              ) : null}
              <fieldset disabled={readOnly} className="grid min-w-0 gap-5 sm:grid-cols-2">
                <legend className="sr-only">Order status</legend>
                <form.AppField
                  name="status"
                  listeners={{
                    // Spec §4: only Cancelled takes a reason; any other status clears it.
                    onChange: ({ value, fieldApi }) => {
                      if (Number(value) !== CANCELLED_STATUS)
                        fieldApi.form.setFieldValue('cancelledreason', '');
                    },
                  }}
                >
                  {(f) => <f.SelectField label="Status" options={STATUS_OPTIONS} shortcut="s" />}
                </form.AppField>
                <form.AppField name="cancelledreason">
                  {(f) => (
                    <f.SelectField
                      label="Cancelled Reason"
                      options={REASON_OPTIONS}
                      placeholder={isCancelled ? 'Select a reason' : 'Only for cancelled orders'}
                      disabled={!isCancelled}
                    />
                  )}
                </form.AppField>
                <form.AppField name="expecteddeliverydate">
                  {(f) => <f.TextField label="Expected Delivery Date" type="date" />}
                </form.AppField>
                <fieldset className="min-w-0">
                  <legend className="mb-1.5 block text-sm font-medium text-zinc-800">
                    Expected Delivery Time
                  </legend>
                  <div className="grid grid-cols-3 gap-2">
                    <form.AppField name="exphours">
                      {(f) => <f.SelectField label="Hours" hideLabel options={HOURS} />}
                    </form.AppField>
                    <form.AppField name="expminutes">
                      {(f) => <f.SelectField label="Minutes" hideLabel options={MINUTES} />}
                    </form.AppField>
                    <form.AppField name="exptimeperiod">
                      {(f) => <f.SelectField label="AM or PM" hideLabel options={TIME_PERIODS} />}
                    </form.AppField>
                  </div>
                </fieldset>
                <form.AppField name="deliveryprice">
                  {(f) => (
                    <f.TextField
                      label="Delivery Price (Rs)"
                      inputMode="numeric"
                      disabled={online}
                      hint={online ? 'Fixed for Online orders.' : undefined}
                    />
                  )}
                </form.AppField>
                {canSettle ? (
                  <form.AppField name="issettled">
                    {(f) => <f.SelectField label="Is Settled" options={YES_NO.slice().reverse()} />}
                  </form.AppField>
                ) : null}
              </fieldset>
              <div className="mt-6 space-y-4">
                <form.FormAlert message={flow.alert} />
                <form.ConflictBar
                  conflict={flow.conflict}
                  query={ordersQueries.detail(order.id)}
                  toValues={orderFormValuesOf}
                  labels={{
                    ...ORDER_FIELD_LABELS,
                    cancelledreason: 'Cancelled reason',
                    lines: 'Item prices and availability',
                  }}
                  describe={describeOrderField}
                  onClose={flow.closeConflict}
                />
                <div className="flex flex-wrap gap-3">
                  {readOnly ? null : <form.SubmitButton>Save</form.SubmitButton>}
                  <button type="button" className="btn-secondary" onClick={onCancel}>
                    {readOnly ? 'Back to orders' : 'Cancel'}
                  </button>
                </div>
              </div>
            </Card>

            <div className="min-w-0 space-y-6">
              <Card title="Payment">
                <Facts
                  rows={[
                    ['Order Number', order.orderNumber],
                    ['Items Count', String(order.itemsCount)],
                    ['Total Items Price', rupees(totals.itemsTotal)],
                    ['Shipping', rupees(totals.delivery)],
                    ['Grand Total', rupees(totals.grandTotal)],
                    ['Payment Type', PAYMENT_TYPE_LABELS[order.paymentType]],
                    [
                      'Settlement Amount',
                      order.settlementAmt === null ? 'NA' : formatRupees(order.settlementAmt),
                    ],
                  ]}
                />
              </Card>
              <Card title="Customer">
                <Facts
                  rows={[
                    ['Name', order.orderUserName],
                    ['Phone', <PhoneLink key="phone" number={order.orderUserPhoneNumber} />],
                    [
                      'Address',
                      [order.orderUserAddress1, order.orderUserAddress2, order.orderUserAddress3]
                        .filter(Boolean)
                        .map((l) => (
                          <span key={l} className="block">
                            {l}
                          </span>
                        )),
                    ],
                    ['City', order.orderUserCity],
                    ['State', order.orderUserState],
                    ['Country', order.orderUserCountry],
                    ['Pincode', order.orderUserPincode],
                  ]}
                />
              </Card>
            </div>
          </div>
          <form.UnsavedChangesGuard disabled={readOnly} />
        </form.Form>
      </form.AppForm>

      <ImageDialog
        open={shown !== null}
        title={shown?.name ?? ''}
        src={itemImageUrl(shown?.image ?? '')}
        alt={shown ? `Image of ${shown.name}` : ''}
        onClose={() => setShown(null)}
      >
        {shown ? (
          <p>
            {shown.qty} · {formatRupees(shown.price)} each
          </p>
        ) : null}
      </ImageDialog>
    </div>
  );
}

export type { OrderFormValues };
