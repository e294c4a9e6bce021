import { useStore } from '@tanstack/react-form';
import { useRef, type ReactNode } from 'react';
import { Info } from 'lucide-react';
import { CANCELLED_STATUS } from '#contract/enums';
import { fromPaise } from '#contract/rules';
import { withForm } from '../../../components/form';
import { useCoveredFoot } from '../../../lib/covered-foot';
import { i18n, useFormats, useT } from '../../../lib/i18n';
import type { OrderFormValues } from '../order-form-model';
import { useReasonOptions, useStatusOptions, useTimePeriodOptions, useYesNoOptions } from '../options';
import { Card } from './order-parts';

const messages = i18n('orders/order-status-form', {
  orderStatus: 'Order status',
  status: 'Status',
  reason: 'Cancelled Reason',
  selectReason: 'Select a reason',
  notCancelled: 'Not cancelled',
  grandTotal: 'Grand total',
  backToOrders: 'Back to orders',
  cancel: 'Cancel',
  save: 'Save',
  delivery: 'Delivery',
  readOnly: 'Your role can view orders but not update them.',
  date: 'Expected Delivery Date',
  time: 'Expected Delivery Time',
  hours: 'Hours',
  minutes: 'Minutes',
  period: 'AM or PM',
  price: 'Delivery Price (Rs)',
  fixed: 'Fixed for Online orders.',
  settled: 'Is Settled',
});

const HOURS = Array.from({ length: 12 }, (_, i) => String(i + 1));
const MINUTES = Array.from({ length: 60 }, (_, i) => ({
  value: String(i),
  label: String(i).padStart(2, '0'),
}));

/**
 * The order's action bar: Status, Cancelled Reason, the live grand total, Save and Cancel,
 * kept at the bottom of the screen while the form is on it (sticky), on a phone and a
 * desktop alike, so changing an order's status never means scrolling past every item
 * first (issue 24). A refused save's alert and a stale save's conflict show in the bar,
 * beside the button that caused them; the bar scrolls within itself if they grow tall.
 */
export const OrderActionBar = withForm({
  defaultValues: {} as OrderFormValues,
  props: {
    readOnly: false,
    grandTotalPaise: 0,
    notices: null as ReactNode,
    /** More actions on the order (Print), before Cancel. */
    tools: null as ReactNode,
    onCancel: () => {},
  },
  render: function OrderActionBarRender({ form, readOnly, grandTotalPaise, notices, tools, onCancel }) {
    const t = useT(messages);
    const f = useFormats();
    const statusOptions = useStatusOptions();
    const reasonOptions = useReasonOptions();
    const isCancelled = useStore(form.store, (state) => Number(state.values.status) === CANCELLED_STATUS);
    // A field reached with Tab scrolls above the bar, not under it (lib/covered-foot.ts).
    const bar = useRef<HTMLDivElement>(null);
    useCoveredFoot(bar, '--action-bar', (el) => el.offsetHeight);
    return (
      <div
        ref={bar}
        className="sticky bottom-[var(--waiting-bar,0px)] z-10 flex max-h-[calc(70dvh-var(--waiting-bar,0px))] flex-col gap-3 overflow-y-auto rounded-t-lg border border-b-0 border-zinc-200 bg-white/95 px-4 py-3 shadow-[0_-4px_16px_rgb(0_0_0/0.08)] backdrop-blur-sm"
      >
        {notices}
        <div className="flex flex-wrap items-end gap-x-4 gap-y-3">
          <fieldset
            disabled={readOnly}
            className="grid min-w-0 flex-1 basis-72 grid-cols-2 gap-3 sm:max-w-lg"
          >
            <legend className="sr-only">{t.orderStatus}</legend>
            <form.AppField
              name="status"
              listeners={{
                // Spec §4: only Cancelled takes a reason; any other status clears it.
                onChange: ({ value, fieldApi }) => {
                  if (Number(value) !== CANCELLED_STATUS) fieldApi.form.setFieldValue('cancelledreason', '');
                },
              }}
            >
              {(field) => <field.SelectField label={t.status} options={statusOptions} shortcut="s" />}
            </form.AppField>
            <form.AppField name="cancelledreason">
              {(field) => (
                <field.SelectField
                  label={t.reason}
                  options={reasonOptions}
                  placeholder={isCancelled ? t.selectReason : t.notCancelled}
                  disabled={!isCancelled}
                />
              )}
            </form.AppField>
          </fieldset>
          <div className="ml-auto flex items-center gap-3">
            <p className="text-right leading-tight">
              <span className="block text-xs text-zinc-600">{t.grandTotal}</span>
              <span className="font-semibold tabular-nums">{f.money(fromPaise(grandTotalPaise))}</span>
            </p>
            {tools}
            <button type="button" className="btn-secondary" onClick={onCancel}>
              {readOnly ? t.backToOrders : t.cancel}
            </button>
            {readOnly ? null : <form.SubmitButton>{t.save}</form.SubmitButton>}
          </div>
        </div>
      </div>
    );
  },
});

/** Expected delivery date and time, delivery price and, for a role that settles, Is Settled. */
export const DeliveryFields = withForm({
  defaultValues: {} as OrderFormValues,
  props: { readOnly: false, online: false, canSettle: false },
  render: function DeliveryFieldsRender({ form, readOnly, online, canSettle }) {
    const t = useT(messages);
    const periods = useTimePeriodOptions();
    const yesNo = useYesNoOptions(true);
    return (
      <Card title={t.delivery} className="min-w-0 self-start lg:col-span-2">
        {readOnly ? (
          <p className="mb-4 flex items-start gap-2 rounded-md bg-zinc-100 px-3 py-2 text-zinc-700">
            <Info aria-hidden="true" className="mt-1 size-4 shrink-0" />
            {t.readOnly}
          </p>
        ) : null}
        <fieldset disabled={readOnly} className="grid min-w-0 gap-5 sm:grid-cols-2">
          <legend className="sr-only">{t.delivery}</legend>
          <form.AppField name="expecteddeliverydate">{(f) => <f.DateField label={t.date} />}</form.AppField>
          <fieldset className="min-w-0">
            <legend className="mb-1.5 block text-sm font-medium text-zinc-800">{t.time}</legend>
            <div className="grid grid-cols-3 gap-2">
              <form.AppField name="exphours">
                {(f) => <f.SelectField label={t.hours} hideLabel options={HOURS} />}
              </form.AppField>
              <form.AppField name="expminutes">
                {(f) => <f.SelectField label={t.minutes} hideLabel options={MINUTES} />}
              </form.AppField>
              <form.AppField name="exptimeperiod">
                {(f) => <f.SelectField label={t.period} hideLabel options={periods} />}
              </form.AppField>
            </div>
          </fieldset>
          <form.AppField name="deliveryprice">
            {(f) => (
              <f.TextField
                label={t.price}
                inputMode="numeric"
                disabled={online}
                hint={online ? t.fixed : undefined}
              />
            )}
          </form.AppField>
          {canSettle ? (
            <form.AppField name="issettled">
              {(f) => <f.SelectField label={t.settled} options={yesNo} />}
            </form.AppField>
          ) : null}
        </fieldset>
      </Card>
    );
  },
});
