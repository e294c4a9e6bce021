import { FieldNotes } from './field-frame';
import { useFieldA11y } from './use-field-a11y';

/** A checkbox with its label beside it. */
export function CheckboxField({
  label,
  hint,
  disabled,
  hideLabel,
  labelSuffix,
  className,
}: {
  label: string;
  hint?: string;
  disabled?: boolean;
  /** Label for assistive technology only (e.g. a box in a table row under a column header). */
  hideLabel?: boolean;
  /** Words added to the label for assistive technology only ('Not available' is 'Not available: Toor Dal' to a screen reader). */
  labelSuffix?: string;
  className?: string;
}) {
  const { field, value, error, inputId, hintId, errorId, describedBy, invalid, onBlur } = useFieldA11y<
    boolean | undefined
  >(hint);

  return (
    <div className={className}>
      <div className="flex items-center gap-2">
        <input
          id={inputId}
          name={field.name}
          type="checkbox"
          checked={!!value}
          onChange={(e) => field.handleChange(e.target.checked)}
          onBlur={onBlur}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          disabled={disabled}
          className="size-4 rounded border-zinc-400 accent-accent-600 disabled:opacity-60"
        />
        <label htmlFor={inputId} className={hideLabel ? 'sr-only' : 'text-sm text-zinc-800'}>
          {label}
          {labelSuffix ? <span className="sr-only">{labelSuffix}</span> : null}
        </label>
      </div>
      <FieldNotes {...{ hint, hintId, error, errorId }} />
    </div>
  );
}
