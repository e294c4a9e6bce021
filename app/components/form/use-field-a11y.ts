import { useId } from 'react';
import { useStore } from '@tanstack/react-form';
import { useWords } from '../../lib/i18n';
import { useFieldContext } from './form-context';

/** The first message of a field's errors (strings or Standard Schema issues). */
export function firstMessage(errors: readonly unknown[]): string | undefined {
  for (const error of errors) {
    if (typeof error === 'string' && error) return error;
    if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
      return error.message;
    }
  }
  return undefined;
}

/**
 * Wiring every control shares: ids for label/hint/error, and the error to show.
 * Errors wait until the field was left (blurred) or a submit was attempted, so
 * nobody is scolded while still typing their first character.
 */
export function useFieldA11y<TValue>(hint?: string) {
  const field = useFieldContext<TValue>();
  const id = useId();
  const value = useStore(field.store, (s) => s.value);
  const meta = useStore(field.store, (s) => s.meta);
  const submitted = useStore(field.form.store, (s) => s.submissionAttempts > 0);
  // The contract's and the server's English, said in the reader's language (issue 17).
  const w = useWords();

  const message = meta.isBlurred || submitted ? firstMessage(meta.errors) : undefined;
  const error = message === undefined ? undefined : w(message);
  const inputId = `${id}-control`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  // Forms validate with one onChange schema. Leaving a field re-runs it, so an untouched
  // required field complains when left, and an error never outlives the value that caused it.
  const onBlur = () => {
    field.handleBlur();
    field.validate('change');
  };

  return { field, value, error, inputId, hintId, errorId, describedBy, invalid: !!error, onBlur };
}
