import type { AnyFormApi } from '@tanstack/react-form';
import { useStore } from '@tanstack/react-form';
import { useEffect } from 'react';
import { useBlocker } from '@tanstack/react-router';
import { i18n, useT } from '../../lib/i18n';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useFormContext } from './form-context';

const messages = i18n('form/unsaved-changes', {
  title: 'Leave this form?',
  leave: 'Leave',
  stay: 'Stay',
  body: 'You have changes that are not saved. If you leave now, they will be lost.',
});

/** Whether a form's values differ from what it started with (compared as data, not by touch). */
export function isChanged(values: unknown, defaults: unknown): boolean {
  return JSON.stringify(values) !== JSON.stringify(defaults);
}

// Forms (by id) whose changes were just saved: their own "go to the list" must not ask.
// By id, because the form a hook returns and the one onSubmit receives are different objects.
const saved = new Set<string>();
const wasSaved = (form: AnyFormApi) => saved.has(form.formId);

/** Lets a form's next navigation pass the unsaved-changes question (call after a successful save). */
export function allowLeaving(form: AnyFormApi) {
  saved.add(form.formId);
}

/**
 * Asks before leaving a changed form: in-app navigation through the router's blocker
 * (answered in the one ConfirmDialog), reload or close through the browser's own prompt.
 * A read-only form (`disabled`) and a form that was just saved let the user go.
 */
export function UnsavedChangesGuard({ disabled = false }: { disabled?: boolean }) {
  const t = useT(messages);
  const form = useFormContext();
  const changed = useStore(form.store, (s) => isChanged(s.values, form.options.defaultValues));
  const mustAsk = () =>
    !disabled && !wasSaved(form) && isChanged(form.state.values, form.options.defaultValues);
  useEffect(() => () => void saved.delete(form.formId), [form]);
  const blocker = useBlocker({
    shouldBlockFn: mustAsk,
    enableBeforeUnload: () => !disabled && changed && !wasSaved(form),
    withResolver: true,
  });

  return (
    <ConfirmDialog
      open={blocker.status === 'blocked'}
      title={t.title}
      confirmLabel={t.leave}
      cancelLabel={t.stay}
      destructive
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      {t.body}
    </ConfirmDialog>
  );
}
