import type { HTMLInputTypeAttribute, InputHTMLAttributes, ReactNode } from 'react';
import { FieldFrame } from './field-frame';
import { useFieldA11y } from './use-field-a11y';

export interface TextFieldProps {
  label: string;
  hint?: string;
  /** Marks the label "(optional)". */
  optional?: boolean;
  type?: HTMLInputTypeAttribute;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete?: string;
  placeholder?: string;
  maxLength?: number;
  /** A fixed text shown before the input (e.g. a unit or '+91'). */
  prefix?: ReactNode;
  /** Rewrites each keystroke's result before it reaches the form (an input mask). */
  mask?: (raw: string) => string;
  /** Label for assistive technology only. */
  hideLabel?: boolean;
  /** Words added to the label for assistive technology only (FieldFrame). */
  labelSuffix?: string;
  disabled?: boolean;
  readOnly?: boolean;
  /** The field the screen is for (sign-in's mobile number): focused when it opens. */
  autoFocus?: boolean;
  /** Classes for the <input> itself (e.g. a narrow, right-aligned price box). */
  inputClassName?: string;
  className?: string;
}

/** A labelled text input bound to the surrounding form field. */
export function TextField({
  label,
  hint,
  optional,
  type = 'text',
  prefix,
  mask,
  hideLabel,
  labelSuffix,
  inputClassName,
  className,
  ...rest
}: TextFieldProps) {
  const { field, value, error, inputId, hintId, errorId, describedBy, invalid, onBlur } = useFieldA11y<
    string | number | null | undefined
  >(hint);

  const input = (
    <input
      id={inputId}
      name={field.name}
      type={type}
      value={value ?? ''}
      onChange={(e) => field.handleChange(mask ? mask(e.target.value) : e.target.value)}
      onBlur={onBlur}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      className={`input disabled:bg-zinc-100 disabled:text-zinc-600 ${prefix ? 'rounded-l-none' : ''} ${inputClassName ?? ''}`}
      {...rest}
    />
  );

  return (
    <FieldFrame
      {...{ label, inputId, hint, hintId, error, errorId, optional, hideLabel, labelSuffix, className }}
    >
      {prefix ? (
        <div className="flex">
          <span className="inline-flex items-center rounded-l-md border border-r-0 border-zinc-300 bg-zinc-100 px-3 text-zinc-700">
            {prefix}
          </span>
          {input}
        </div>
      ) : (
        input
      )}
    </FieldFrame>
  );
}
