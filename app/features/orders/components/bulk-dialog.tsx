import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from '@tanstack/react-form';
import * as v from 'valibot';
import { CANCELLED_STATUS } from '#contract/enums';
import { CANCELLED_REASON_MESSAGE } from '#contract/orders';
import { useAppForm } from '../../../components/form';
import { useModalDialog } from '../../../components/ui/use-modal-dialog';
import { ApiError } from '../../../lib/api-client';
import { i18n, params, plural, useFormats, useT, useWords } from '../../../lib/i18n';
import { runBulk, tallyText, type BulkChange, type BulkTally } from '../bulk-run';
import { useReasonOptions, useStatusOptions, useYesNoOptions } from '../options';

const messages = i18n('orders/bulk-dialog', {
  orders: plural({ one: '{count} order', other: '{count} orders' }),
  settleTitle: params('Settlement of {orders}'),
  statusTitle: params('Change the status of {orders}'),
  form: 'Bulk change',
  settled: 'Is Settled',
  newStatus: 'New status',
  reason: 'Cancelled Reason',
  selectReason: 'Select a reason',
  rules:
    'Each order is changed on its own, under the same rules as its own Save; any that cannot be are listed afterwards and stay selected.',
  cancel: 'Cancel',
  apply: params('Apply to {orders}'),
  notSent: 'The change could not be sent.',
  progress: 'Orders done',
  stopped: params('Stopped: {reason}'),
  done: params('{done} of {count} done…'),
  refused: 'Refused orders',
  order: params('Order #{id}'),
  stop: 'Stop',
  close: 'Close',
});

/** Which bulk change the dialog asks for. */
export type BulkMode = 'status' | 'settle';

const ChoiceSchema = v.pipe(
  v.object({ status: v.string(), cancelledreason: v.string(), issettled: v.string() }),
  v.forward(
    v.partialCheck(
      [['status'], ['cancelledreason']],
      (c) => c.status !== String(CANCELLED_STATUS) || c.cancelledreason !== '',
      CANCELLED_REASON_MESSAGE,
    ),
    ['cancelledreason'],
  ),
);

/**
 * A bulk change from choice to outcome (issue 15, item 2): the new status (Cancelled asks
 * for its reason) or the settlement, then the run with its progress and a Stop, then what
 * happened — "29 changed, 1 refused: …" with each refused order and why.
 */
export function BulkDialog({
  mode,
  count,
  target,
  onClose,
}: {
  mode: BulkMode | null;
  count: number;
  target: Parameters<typeof runBulk>[0]['target'];
  /** Closed; `tally` when a run happened (the list then refreshes and keeps the refused). */
  onClose: (tally: BulkTally | null) => void;
}) {
  const t = useT(messages);
  const f = useFormats();
  const w = useWords();
  const statusOptions = useStatusOptions();
  const reasonOptions = useReasonOptions();
  const yesNo = useYesNoOptions();
  const titleId = useId();
  const [done, setDone] = useState<number | null>(null);
  const [tally, setTally] = useState<BulkTally | null>(null);
  /** Why the run stopped: the server's messages as they came, or ours. */
  const [failure, setFailure] = useState<readonly string[] | null>(null);
  const stop = useRef(false);
  const running = done !== null && tally === null && failure === null;
  const firstRef = useRef<HTMLDivElement>(null);
  const close = () => {
    if (running) return;
    const result = tally;
    setDone(null);
    setTally(null);
    setFailure(null);
    onClose(result);
  };
  const dialogProps = useModalDialog(mode !== null, { onCancel: close, initialFocus: firstRef });
  // The form gives way to the progress: when the run ends, Close takes the focus.
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (tally || failure) closeRef.current?.focus();
  }, [tally, failure]);

  const form = useAppForm({
    defaultValues: { status: '1', cancelledreason: '', issettled: 'Yes' },
    validators: { onChange: ChoiceSchema },
    onSubmit: async ({ value }) => {
      const change: BulkChange =
        mode === 'settle'
          ? { issettled: value.issettled as 'Yes' | 'No' }
          : {
              status: Number(value.status),
              ...(value.status === String(CANCELLED_STATUS)
                ? { cancelledreason: Number(value.cancelledreason) }
                : {}),
            };
      stop.current = false;
      setDone(0);
      try {
        setTally(await runBulk({ target, change, onProgress: setDone, stopped: () => stop.current }));
      } catch (error) {
        setFailure(error instanceof ApiError ? error.messages : [messages.get().notSent]);
      }
    },
  });
  const cancelling = useStore(form.store, (s) => s.values.status === String(CANCELLED_STATUS));
  const what = t.orders(count);

  return (
    <dialog
      {...dialogProps}
      aria-labelledby={titleId}
      className="m-auto w-[min(30rem,calc(100vw-2rem))] rounded-lg border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-black/40"
    >
      <div ref={firstRef} tabIndex={-1} className="p-5 outline-none">
        <h2 id={titleId} className="text-base font-semibold">
          {mode === 'settle' ? t.settleTitle({ orders: what }) : t.statusTitle({ orders: what })}
        </h2>
        {done === null ? (
          <form.AppForm>
            <form.Form aria-label={t.form} className="mt-4 space-y-4">
              {mode === 'settle' ? (
                <form.AppField name="issettled">
                  {(field) => <field.SelectField label={t.settled} options={yesNo} />}
                </form.AppField>
              ) : (
                <>
                  <form.AppField name="status">
                    {(field) => <field.SelectField label={t.newStatus} options={statusOptions} />}
                  </form.AppField>
                  {cancelling ? (
                    <form.AppField name="cancelledreason">
                      {(field) => (
                        <field.SelectField
                          label={t.reason}
                          options={reasonOptions}
                          placeholder={t.selectReason}
                        />
                      )}
                    </form.AppField>
                  ) : null}
                </>
              )}
              <p className="text-sm text-zinc-600">{t.rules}</p>
              <div className="flex justify-end gap-2">
                <button type="button" className="btn-secondary" onClick={close}>
                  {t.cancel}
                </button>
                <form.SubmitButton>{t.apply({ orders: what })}</form.SubmitButton>
              </div>
            </form.Form>
          </form.AppForm>
        ) : (
          <div className="mt-4 space-y-3">
            <progress
              className="h-2 w-full accent-accent-600"
              max={count}
              value={done}
              aria-label={t.progress}
            />
            <p role="status" aria-live="polite" className="text-sm">
              {tally
                ? tallyText(tally)
                : failure
                  ? t.stopped({ reason: failure.map(w).join(' ') })
                  : t.done({ done: f.count(done), count: f.count(count) })}
            </p>
            {tally && tally.refused.length > 0 ? (
              <ul aria-label={t.refused} className="max-h-48 overflow-y-auto text-sm text-red-800">
                {tally.refused.map((r) => (
                  <li key={r.id}>
                    {r.orderNumber ?? t.order({ id: r.id })}: {w(r.message)}
                  </li>
                ))}
              </ul>
            ) : null}
            <div className="flex justify-end gap-2">
              {running ? (
                <button type="button" className="btn-secondary" onClick={() => (stop.current = true)}>
                  {t.stop}
                </button>
              ) : (
                <button ref={closeRef} type="button" className="btn-primary" onClick={close}>
                  {t.close}
                </button>
              )}
            </div>
          </div>
        )}
      </div>
    </dialog>
  );
}
