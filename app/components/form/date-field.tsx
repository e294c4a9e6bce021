import { DateInput } from '../date-input/date-input';
import { FieldFrame } from './field-frame';
import { useFieldA11y } from './use-field-a11y';

export interface DateFieldProps {
  label: string;
  hint?: string;
  /** Marks the label "(optional)". */
  optional?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  className?: string;
}

/**
 * A labelled day bound to the surrounding form field, typed DD/MM/YYYY whatever the
 * browser's own language (issue 17); the value is the contract's YYYY-MM-DD. A field of
 * its own, not a TextField type, so the sign-in page's core kit doesn't load the day
 * input and its calendar.
 */
export function DateField({ label, hint, optional, disabled, readOnly, className }: DateFieldProps) {
  const { field, value, error, inputId, hintId, errorId, describedBy, invalid, onBlur } = useFieldA11y<
    string | null | undefined
  >(hint);
  return (
    <FieldFrame {...{ label, inputId, hint, hintId, error, errorId, optional, className }}>
      <DateInput
        id={inputId}
        name={field.name}
        label={label}
        value={typeof value === 'string' ? value : ''}
        onChange={(day) => field.handleChange(day)}
        onBlur={onBlur}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        disabled={disabled}
        readOnly={readOnly}
        className="w-full"
      />
    </FieldFrame>
  );
}
