import { useEffect } from 'react';
import { useWords } from '../../lib/i18n';
import { isEditable } from '../../lib/typing';
import { FieldFrame } from './field-frame';
import { useFieldA11y } from './use-field-a11y';

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A labelled native select: the most robust control for keyboards and screen readers.
 * Options given as plain strings are the contract's values (states, Yes/No, roles, tax
 * schemes): the form keeps the value, the option shows it in the reader's language.
 */
export function SelectField({
  label,
  options,
  placeholder,
  hint,
  disabled,
  hideLabel,
  className,
  shortcut,
}: {
  label: string;
  /** Labelled options (labels in the reader's language), or the contract's values as they are. */
  options: readonly SelectOption[] | readonly string[];
  /** Text of an empty first option (value ''), for "nothing chosen yet". */
  placeholder?: string;
  hint?: string;
  disabled?: boolean;
  hideLabel?: boolean;
  className?: string;
  /** A key that focuses this field from anywhere on the screen (never while typing). */
  shortcut?: string;
}) {
  const { field, value, error, inputId, hintId, errorId, describedBy, invalid, onBlur } = useFieldA11y<
    string | null | undefined
  >(hint);
  useFocusKey(shortcut, inputId);
  const w = useWords();
  const items = options.map((o) => (typeof o === 'string' ? { value: o, label: w(o) } : o));

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
        aria-keyshortcuts={shortcut}
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

/** `key` (alone, outside any field or dialog) focuses the element with id `targetId`. */
function useFocusKey(key: string | undefined, targetId: string) {
  useEffect(() => {
    if (!key) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== key || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey)
        return;
      if (isEditable(event.target) || document.querySelector('dialog[open], [role="menu"]')) return;
      const target = document.getElementById(targetId);
      if (!target) return;
      event.preventDefault();
      target.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [key, targetId]);
}
