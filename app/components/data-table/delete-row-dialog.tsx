import { useCallback, useState } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { notify } from '../../lib/events';
import { i18n, params, translateWords, useT, useWords } from '../../lib/i18n';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useRemoveRow, type RemoveCall } from './use-remove-row';

/** Spec §2: the question every list's Delete asks (in English; the dialog says it in the reader's language). */
export const DELETE_QUESTION = 'Are you sure you want to delete this row?';

const messages = i18n('data-table/delete-row', {
  question: DELETE_QUESTION,
  title: params('Delete {row}'),
  confirm: 'Delete',
  deleted: params('The {noun} was deleted.'),
});

/**
 * A list's delete flow: which row is asked about, the remove call, and `closed`, a count
 * that grows each time the dialog closes (the grid then takes the focus back).
 */
export function useDeleteRow<T extends { id: number }>(options: {
  /** Absent for a list whose rows aren't removed (it has no Delete column to ask). */
  remove?: { endpoint: RemoveCall; invalidate: QueryKey };
  /** One row in words, in English ('order'): said in the language of the moment it is deleted. */
  noun: string;
}) {
  const [toDelete, setToDelete] = useState<T | null>(null);
  const [closed, setClosed] = useState(0);
  const close = () => {
    setToDelete(null);
    setClosed((n) => n + 1);
  };
  const removal = useRemoveRow({
    endpoint: options.remove?.endpoint,
    invalidate: options.remove?.invalidate ?? [],
    onSuccess: () => {
      notify({ tone: 'success', message: messages.get().deleted({ noun: translateWords(options.noun) }) });
      close();
    },
  });
  const { reset } = removal;
  const request = useCallback(
    (row: unknown) => {
      reset();
      setToDelete(row as T);
    },
    [reset],
  );
  return { toDelete, closed, request, removal, cancel: close };
}

/** The one delete confirmation of a list (the spec's question, the server's refusal inside). */
export function DeleteRowDialog<T extends { id: number }>({
  deletion,
  rowLabel,
  noun,
}: {
  deletion: ReturnType<typeof useDeleteRow<T>>;
  rowLabel: (row: T) => string;
  noun: string;
}) {
  const t = useT(messages);
  const w = useWords();
  const { toDelete, removal } = deletion;
  return (
    <ConfirmDialog
      open={toDelete !== null}
      title={t.title({ row: toDelete ? rowLabel(toDelete) : noun })}
      confirmLabel={t.confirm}
      destructive
      busy={removal.isPending}
      error={removal.error ? w(removal.error.message) : null}
      onConfirm={() => {
        if (toDelete && !removal.isPending) removal.mutate(toDelete.id);
      }}
      onCancel={deletion.cancel}
    >
      {t.question}
    </ConfirmDialog>
  );
}
