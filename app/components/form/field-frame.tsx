import type { ReactNode } from 'react';

/** Label, control, hint and error in the kit's one layout. */
export function FieldFrame({
  label,
  inputId,
  hint,
  hintId,
  error,
  errorId,
  optional,
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
  children: ReactNode;
  className?: string | undefined;
}) {
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-zinc-800">
        {label}
        {optional ? <span className="ml-1 font-normal text-zinc-600">(optional)</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-zinc-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
