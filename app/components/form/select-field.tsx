import { FieldFrame } from './field-frame';
import { useFieldA11y } from './use-field-a11y';

export interface SelectOption {
  value: string;
  label: string;
}

/** A labelled native select: the most robust control for keyboards and screen readers. */
export function SelectField({
  label,
  options,
  placeholder,
  hint,
  disabled,
  hideLabel,
  className,
}: {
  label: string;
  options: readonly SelectOption[] | readonly string[];
  /** Text of an empty first option (value ''), for "nothing chosen yet". */
  placeholder?: string;
  hint?: string;
  disabled?: boolean;
  hideLabel?: boolean;
  className?: string;
}) {
  const { field, value, error, inputId, hintId, errorId, describedBy, invalid, onBlur } = useFieldA11y<
    string | null | undefined
  >(hint);
  const items = options.map((o) => (typeof o === 'string' ? { value: o, label: o } : o));

  return (
    <FieldFrame {...{ label, inputId, hint, hintId, error, errorId, hideLabel, className }}>
      <select
        id={inputId}
        name={field.name}
        value={value ?? ''}
        onChange={(e) => field.handleChange(e.target.value)}
        onBlur={onBlur}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        disabled={disabled}
        className="input pr-8 disabled:bg-zinc-100 disabled:text-zinc-600"
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {items.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
