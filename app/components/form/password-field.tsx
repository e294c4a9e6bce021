import { useState } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { i18n, useT } from '../../lib/i18n';
import { FieldFrame } from './field-frame';
import { useFieldA11y } from './use-field-a11y';

const messages = i18n('form/password-field', { show: 'Show' });

/** A labelled password input with a show/hide toggle. */
export function PasswordField({
  label,
  hint,
  autoComplete = 'current-password',
  disabled,
  className,
}: {
  label: string;
  hint?: string;
  autoComplete?: 'current-password' | 'new-password';
  disabled?: boolean;
  className?: string;
}) {
  const { field, value, error, inputId, hintId, errorId, describedBy, invalid, onBlur } =
    useFieldA11y<string>(hint);
  const [visible, setVisible] = useState(false);
  const t = useT(messages);

  return (
    <FieldFrame {...{ label, inputId, hint, hintId, error, errorId, className }}>
      <div className="relative">
        <input
          id={inputId}
          name={field.name}
          type={visible ? 'text' : 'password'}
          value={value ?? ''}
          onChange={(e) => field.handleChange(e.target.value)}
          onBlur={onBlur}
          autoComplete={autoComplete}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          disabled={disabled}
          className="input pr-11 disabled:bg-zinc-100 disabled:text-zinc-600"
        />
        {/* Named "Show" (not "Show password") so the field's own label stays unique on the page. */}
        <button
          type="button"
          aria-label={t.show}
          aria-pressed={visible}
          aria-controls={inputId}
          disabled={disabled}
          onClick={() => setVisible((v) => !v)}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-zinc-600 hover:text-zinc-900"
        >
          {visible ? (
            <EyeOff aria-hidden="true" className="size-4" />
          ) : (
            <Eye aria-hidden="true" className="size-4" />
          )}
        </button>
      </div>
    </FieldFrame>
  );
}
