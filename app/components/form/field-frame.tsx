import type { ReactNode } from 'react';
import { i18n, useT } from '../../lib/i18n';

const messages = i18n('form/field-frame', { optional: '(optional)' });

/** Label, control, hint and error in the kit's one layout. */
export function FieldFrame({
  label,
  inputId,
  hint,
  hintId,
  error,
  errorId,
  optional,
  hideLabel,
  labelSuffix,
  children,
  className,
}: {
  label: string;
  inputId: string;
  hint?: string | undefined;
  hintId?: string | undefined;
  error?: string | undefined;
  errorId?: string | undefined;
  optional?: boolean | undefined;
  /** Keeps the label for assistive technology only (e.g. a price box inside a table row). */
  hideLabel?: boolean | undefined;
  /** Words added to the label for assistive technology only: the visible 'Price' is 'Price of Toor Dal' to a screen reader. */
  labelSuffix?: string | undefined;
  children: ReactNode;
  className?: string | undefined;
}) {
  const t = useT(messages);
  return (
    <div className={className}>
      <label
        htmlFor={inputId}
        className={hideLabel ? 'sr-only' : 'mb-1.5 block text-sm font-medium text-zinc-800'}
      >
        {label}
        {labelSuffix ? <span className="sr-only">{labelSuffix}</span> : null}
        {optional ? <span className="ml-1 font-normal text-zinc-600">{t.optional}</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-zinc-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={hideLabel ? 'mt-1 text-xs text-red-700' : 'mt-1.5 text-sm text-red-700'}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The hint and error under a control whose label sits beside it (checkbox, switch). */
export function FieldNotes({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint?: string | undefined;
  hintId?: string | undefined;
  error?: string | undefined;
  errorId?: string | undefined;
}) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-zinc-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}
