import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { can } from '#contract/permissions';
import { VIEW_LABELS, VIEW_SHARE_LABELS, type ListLayout, type ListView } from '#contract/list-views';
import type { OrderListQuery } from '#contract/lists';
import { applyServerErrors, FormAlert, useAppForm } from '../../components/form';
import { useModalDialog } from '../../components/ui/use-modal-dialog';
import { api } from '../../lib/api-client';
import { i18n, params, translateWords, useT, useWords } from '../../lib/i18n';
import { viewFilterOf, viewsKeys } from './queries';

const messages = i18n('views/save', {
  saveTitle: 'Save this view',
  editTitle: params('Rename or share “{name}”'),
  editForm: 'Edit view',
  save: 'Save view',
  keeps: 'The view keeps this list’s filters, search, sort, page size, columns and density.',
  cancel: 'Cancel',
});

/** What the dialog does: save the list as a new view, or rename and re-share one of the user's own. */
export type SaveViewMode = { kind: 'create' } | { kind: 'edit'; view: ListView };

/**
 * Save the list as a view (its filter, sort, page size and layout), or change one's name
 * and sharing. Sharing offers what the role may do (the server refuses the rest).
 */
export function SaveViewDialog({
  mode,
  role,
  search,
  layout,
  onClose,
}: {
  mode: SaveViewMode | null;
  role: string;
  search: OrderListQuery;
  layout: ListLayout;
  /** Closed; `saved` when a view was stored (the list then opens it). */
  onClose: (saved: ListView | null) => void;
}) {
  const t = useT(messages);
  const w = useWords();
  const titleId = useId();
  const queryClient = useQueryClient();
  // No initial focus of its own: the dialog's autofocus field (the name) takes it.
  const dialogProps = useModalDialog(mode !== null, { onCancel: () => onClose(null) });
  const editing = mode?.kind === 'edit' ? mode.view : null;
  const [alert, setAlert] = useState<string | null>(null);
  const shares = (Object.keys(VIEW_SHARE_LABELS) as (keyof typeof VIEW_SHARE_LABELS)[])
    .filter(
      (share) =>
        share === 'private' ||
        share === editing?.share ||
        can(role, share === 'store' ? 'views.shareStore' : 'views.shareAll'),
    )
    .map((share) => ({ value: share, label: w(VIEW_SHARE_LABELS[share]) }));

  const form = useAppForm({
    defaultValues: { name: editing?.name ?? '', share: editing?.share ?? 'private' },
    onSubmit: async ({ value, formApi }) => {
      setAlert(null);
      try {
        const saved = await api.call('upsertView', {
          body: {
            ...(editing ? { id: editing.id, version: editing.version } : {}),
            list: 'orders',
            name: value.name,
            share: value.share,
            // Renaming keeps what the view shows; a new view takes the list as it is now.
            filter: editing ? editing.filter : viewFilterOf(search),
            layout: editing ? editing.layout : layout,
          },
        });
        await queryClient.invalidateQueries({ queryKey: viewsKeys.all });
        onClose(saved);
      } catch (error) {
        const rest = applyServerErrors(formApi, error);
        if (rest.length) setAlert(rest.map((m) => translateWords(m)).join(' '));
      }
    },
  });

  return (
    <dialog
      {...dialogProps}
      aria-labelledby={titleId}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-black/40"
    >
      {mode ? (
        <div className="p-5">
          <h2 id={titleId} className="text-base font-semibold">
            {editing ? t.editTitle({ name: editing.name }) : t.saveTitle}
          </h2>
          <form.AppForm>
            <form.Form aria-label={editing ? t.editForm : t.save} className="mt-4 space-y-4">
              <FormAlert message={alert} />
              <form.AppField name="name">
                {(f) => (
                  <f.TextField
                    label={w(VIEW_LABELS.name)}
                    // The name is what the dialog asks for: the modal dialog focuses it on opening.
                    // eslint-disable-next-line jsx-a11y/no-autofocus
                    autoFocus
                  />
                )}
              </form.AppField>
              <form.AppField name="share">
                {(f) => <f.SelectField label={w(VIEW_LABELS.share)} options={shares} />}
              </form.AppField>
              {editing ? null : <p className="text-sm text-zinc-600">{t.keeps}</p>}
              <div className="flex justify-end gap-2">
                <button type="button" className="btn-secondary" onClick={() => onClose(null)}>
                  {t.cancel}
                </button>
                <form.SubmitButton>{t.save}</form.SubmitButton>
              </div>
            </form.Form>
          </form.AppForm>
        </div>
      ) : null}
    </dialog>
  );
}
