import type { AnyFormApi } from '@tanstack/react-form';
import { ApiError } from '../../lib/api-client';
import { i18n } from '../../lib/i18n';

const messages = i18n('form/server-errors', { failed: 'The save failed. Please try again.' });

/**
 * Puts a refused save's messages where they belong: a message the server named a field for
 * (ApiError.fields, by payload key) becomes that field's error until the field changes; the
 * rest are returned for the form's alert. A form whose field names differ from the payload's
 * keys passes `fieldNames` (payload key → form field).
 */
export function applyServerErrors(
  form: AnyFormApi,
  error: unknown,
  fieldNames: Readonly<Record<string, string>> = {},
): string[] {
  // The server's words stay as sent (the form's alert and fields say them in the reader's language).
  if (!(error instanceof ApiError)) return [messages.get().failed];
  const placed = new Set<string>();
  for (const [key, said] of Object.entries(error.fields)) {
    const name = fieldNames[key] ?? key;
    if (!said[0] || !form.getFieldInfo(name)?.instance) continue;
    // A field shows one message at a time, as its own validation does: the first rule it broke.
    setServerError(form, name, said[0]);
    for (const message of said) placed.add(message);
  }
  return error.messages.filter((message) => !placed.has(message));
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
