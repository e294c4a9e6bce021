import { i18n, params, useFormats, useT } from '../../lib/i18n';
import { FieldFrame } from './field-frame';
import { useFieldA11y } from './use-field-a11y';

const messages = i18n('form/text-area-field', {
  count: params('{used} of {max} characters'),
});

/**
 * A labelled multi-line text box bound to the surrounding form field. With `maxLength`
 * the hint counts what is left, so nobody learns the limit from a refusal.
 */
export function TextAreaField({
  label,
  hint,
  maxLength,
  rows = 3,
  placeholder,
  className,
}: {
  label: string;
  hint?: string;
  maxLength?: number;
  rows?: number;
  placeholder?: string;
  className?: string;
}) {
  // The hint's id only depends on there being a hint; its words follow the value.
  const a11y = useFieldA11y<string>(hint ?? (maxLength === undefined ? undefined : 'count'));
  const { field, inputId, hintId, error, errorId, describedBy, invalid, onBlur } = a11y;
  const value = a11y.value ?? '';
  const t = useT(messages);
  const f = useFormats();
  const count =
    maxLength === undefined ? '' : t.count({ used: f.count(value.length), max: f.count(maxLength) });
  const counted = maxLength === undefined ? hint : `${hint ? `${hint} · ` : ''}${count}`;
  return (
    <FieldFrame {...{ label, inputId, hint: counted, hintId, error, errorId, className }}>
      <textarea
        id={inputId}
        name={field.name}
        rows={rows}
        value={value}
        maxLength={maxLength}
        placeholder={placeholder}
        onChange={(e) => field.handleChange(e.target.value)}
        onBlur={onBlur}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className="input h-auto min-h-20 resize-y py-2"
      />
    </FieldFrame>
  );
}
