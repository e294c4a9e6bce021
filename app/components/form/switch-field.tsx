import { useWords } from '../../lib/i18n';
import { FieldNotes } from './field-frame';
import { useFieldA11y } from './use-field-a11y';

/**
 * An on/off switch for a two-valued field (the wire's 'Yes'/'No' by default). A native
 * checkbox with role="switch": Space toggles it and screen readers announce on/off. The
 * values are the contract's words: the form keeps them, the screen says them (words table).
 */
export function SwitchField({
  label,
  hint,
  on = 'Yes',
  off = 'No',
  disabled,
  className,
}: {
  label: string;
  hint?: string;
  on?: string;
  off?: string;
  disabled?: boolean;
  className?: string;
}) {
  const { field, value, error, inputId, hintId, errorId, describedBy, invalid, onBlur } = useFieldA11y<
    string | null | undefined
  >(hint);
  const checked = value === on;
  const w = useWords();

  return (
    <div className={className}>
      <div className="flex items-center gap-3">
        <span className="relative inline-flex h-6 w-11 shrink-0 items-center">
          <input
            id={inputId}
            name={field.name}
            type="checkbox"
            role="switch"
            checked={checked}
            aria-checked={checked}
            onChange={(e) => field.handleChange(e.target.checked ? on : off)}
            onBlur={onBlur}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            disabled={disabled}
            className="peer absolute inset-0 z-10 size-full cursor-pointer appearance-none rounded-full disabled:cursor-not-allowed"
          />
          <span
            aria-hidden="true"
            className="h-6 w-11 rounded-full bg-zinc-300 transition-colors peer-checked:bg-accent-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent-600 peer-disabled:opacity-60"
          />
          <span
            aria-hidden="true"
            className="absolute left-0.5 size-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
          />
        </span>
        <label htmlFor={inputId} className="text-sm font-medium text-zinc-800">
          {label}
          <span className="ml-2 font-normal text-zinc-600">{w(checked ? on : off)}</span>
        </label>
      </div>
      <FieldNotes {...{ hint, hintId, error, errorId }} />
    </div>
  );
}
