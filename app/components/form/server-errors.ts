import type { AnyFormApi } from '@tanstack/react-form';
import { ApiError } from '../../lib/api-client';
import { i18n } from '../../lib/i18n';

const messages = i18n('form/server-errors', { failed: 'The save failed. Please try again.' });

/**
 * Puts a refused save's messages where they belong: a message that names a field (by
 * `fieldOf`) becomes that field's error until the field changes; the rest are returned
 * for the form's alert. The server validates with the same schemas, so most of its
 * messages start with the field's own label ('Name must be…', 'Role WebAdmin already…').
 */
export function applyServerErrors(
  form: AnyFormApi,
  error: unknown,
  fieldOf: (message: string) => string | undefined,
): string[] {
  // The server's words stay as sent (the form's alert and fields say them in the reader's language).
  const said = error instanceof ApiError ? error.messages : [messages.get().failed];
  const rest: string[] = [];
  for (const message of said) {
    const name = fieldOf(message);
    if (name && form.getFieldInfo(name)?.instance) setServerError(form, name, message);
    else rest.push(message);
  }
  return rest;
}

/**
 * Shows `message` as the field's error until its value changes. (The form validates with
 * one form-level schema, so a change doesn't run the field's own validators, which is what
 * would otherwise clear a server error.)
 */
export function setServerError(form: AnyFormApi, name: string, message: string) {
  const before = JSON.stringify(form.getFieldValue(name));
  const setError = (error: string | undefined) =>
    form.setFieldMeta(name, (meta) => ({
      ...meta,
      isTouched: true,
      errorMap: { ...meta.errorMap, onServer: error },
    }));
  setError(message);
  const subscription = form.store.subscribe(() => {
    if (JSON.stringify(form.getFieldValue(name)) === before) return;
    subscription.unsubscribe();
    setError(undefined);
  });
}

/** A `fieldOf` for applyServerErrors that matches messages starting with a field's label. */
export function byLabel(labels: Readonly<Record<string, string>>) {
  // Longest label first, so 'Sub-Category' wins over a shorter label it contains.
  const entries = Object.entries(labels).sort((a, b) => b[1].length - a[1].length);
  return (message: string) => entries.find(([, label]) => message.startsWith(`${label} `))?.[0];
}
