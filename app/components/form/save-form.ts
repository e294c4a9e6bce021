import { useState } from 'react';
import type { AnyFormApi } from '@tanstack/react-form';
import { STALE_SAVE_STATUS } from '#contract/versions';
import { ApiError } from '../../lib/api-client';
import { applyServerErrors } from './server-errors';
import { allowLeaving } from './unsaved-changes';

/** A save refused as stale (409): the server's message and the values the form was opened with. */
export interface SaveConflict {
  message: string;
  opened: Record<string, unknown>;
}

/**
 * The one save sequence of an edit screen: clear the last refusal, save, let the user
 * leave, report the saved record; a refusal's messages go to the fields the server named
 * (through `fieldNames` where the form's names differ from the payload's keys) or the
 * form's alert, and a stale save (409, contract/versions) becomes a conflict for
 * <ConflictBar>. The form keeps whatever the user typed in every case.
 *
 *   const flow = useSaveForm({ onSaved });
 *   const form = useAppForm({ …, onSubmit: ({ value, formApi }) => flow.submit(formApi, () => save(value)) });
 */
export function useSaveForm<TSaved>(options: {
  /** Payload key → form field, for the keys the form names differently. */
  fieldNames?: Readonly<Record<string, string>>;
  onSaved: (saved: TSaved) => void;
  /** The form stays on screen for the next entry (a note): it keeps asking before leaving. */
  staysOpen?: boolean;
}) {
  const [alert, setAlert] = useState<string | null>(null);
  const [conflict, setConflict] = useState<SaveConflict | null>(null);

  /** `save` answers the saved record, or null when it refused in place (it set the field errors). */
  async function submit(form: AnyFormApi, save: () => Promise<TSaved | null>) {
    setAlert(null);
    setConflict(null);
    // What the form was opened with, before a reload or a refetch replaces it.
    const opened = { ...(form.options.defaultValues as Record<string, unknown>) };
    try {
      const saved = await save();
      if (saved === null) return;
      if (!options.staysOpen) allowLeaving(form);
      options.onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError && error.status === STALE_SAVE_STATUS) {
        setConflict({ message: error.messages[0] ?? error.message, opened });
        return;
      }
      setAlert(applyServerErrors(form, error, options.fieldNames)[0] ?? null);
    }
  }

  return { alert, conflict, submit, closeConflict: () => setConflict(null) };
}
