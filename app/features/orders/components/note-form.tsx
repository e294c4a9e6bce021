import { ORDER_NOTE_LABELS, ORDER_NOTE_MAX, OrderNoteAddSchema } from '#contract/order-history';
import * as v from 'valibot';
import { useAppForm, useSaveForm } from '../../../components/form';
import { notify } from '../../../lib/events';
import { i18n, useT, useWords } from '../../../lib/i18n';
import { useAddNote } from '../mutations';

const TextSchema = v.object({ text: OrderNoteAddSchema.entries.text });

const messages = i18n('orders/note-form', {
  added: 'The note was added.',
  form: 'Add a note',
  hint: 'Seen by staff only, never by the customer',
  add: 'Add note',
});

/**
 * Adds an internal note to the order (issue 16): for the next shift, never shown to
 * customers. The note's own form, apart from the order's, so a note never waits for Save.
 */
export function NoteForm({ orderId }: { orderId: number }) {
  const t = useT(messages);
  const w = useWords();
  const add = useAddNote(orderId);
  const flow = useSaveForm({
    onSaved: () => notify({ tone: 'success', message: messages.get().added }),
    staysOpen: true,
  });
  const form = useAppForm({
    defaultValues: { text: '' },
    validators: { onChange: TextSchema },
    onSubmit: ({ value, formApi }) =>
      flow.submit(formApi, async () => {
        const saved = await add.mutateAsync(value.text);
        formApi.reset({ text: '' });
        return saved;
      }),
  });
  return (
    <form.AppForm>
      <form.Form aria-label={t.form} className="mt-5 space-y-2 border-t border-zinc-200 pt-4">
        <form.AppField name="text">
          {(f) => (
            <f.TextAreaField
              label={w(ORDER_NOTE_LABELS.text)}
              hint={t.hint}
              maxLength={ORDER_NOTE_MAX}
              rows={2}
            />
          )}
        </form.AppField>
        <form.FormAlert message={flow.alert} />
        <form.SubmitButton>{t.add}</form.SubmitButton>
        <form.UnsavedChangesGuard />
      </form.Form>
    </form.AppForm>
  );
}
