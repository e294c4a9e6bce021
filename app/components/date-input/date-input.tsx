import { useId, useRef, useState, type InputHTMLAttributes } from 'react';
import { CalendarDays } from 'lucide-react';
import { i18n, params, useT } from '../../lib/i18n';

const messages = i18n('date-input/date-input', {
  format: 'DD/MM/YYYY',
  pick: params('Choose {field} from a calendar'),
  invalid: 'Enter the date as DD/MM/YYYY.',
});

/** 'YYYY-MM-DD' → '24/11/2026'; anything else → ''. */
export function dayText(ymd: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** '24/11/2026', '24-11-2026', '24.11.2026' or '1/2/2026' → 'YYYY-MM-DD' when that day exists; else undefined. */
export function parseDayText(text: string): string | undefined {
  const m = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!m) return undefined;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d)
    return undefined;
  return `${m[3]}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'min' | 'max'> & {
  /** 'YYYY-MM-DD' or ''. */
  value: string;
  /** Called with 'YYYY-MM-DD' once a whole valid day is typed or picked, '' when cleared. */
  onChange: (ymd: string) => void;
  /** The field's name in words, for the calendar button's label. */
  label: string;
  min?: string;
  max?: string;
};

/**
 * A day typed the Indian way, DD/MM/YYYY (issue 17): a browser's own date input writes
 * mm/dd/yyyy whenever its UI language is US English, whatever the page's language. The
 * calendar button opens the browser's picker on a hidden native input.
 */
export function DateInput({ value, onChange, label, min, max, className, onBlur, ...rest }: Props) {
  const t = useT(messages);
  const [text, setText] = useState(() => dayText(value));
  const [bad, setBad] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const hintId = useId();

  // A new value from outside (the URL, a reset) replaces what is typed (React's
  // "adjusting state when a prop changes": during render, not in an effect).
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText((typed) => (parseDayText(typed) === value ? typed : dayText(value)));
    setBad(false);
  }

  const commit = (typed: string) => {
    if (typed.trim() === '') {
      setBad(false);
      if (value !== '') onChange('');
      return;
    }
    const ymd = parseDayText(typed);
    setBad(!ymd);
    if (ymd && ymd !== value) onChange(ymd);
  };

  return (
    <span className={`relative inline-flex ${className ?? ''}`}>
      <input
        {...rest}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={t.format}
        value={text}
        aria-invalid={rest['aria-invalid'] ?? (bad || undefined)}
        aria-describedby={
          [rest['aria-describedby'], bad ? hintId : undefined].filter(Boolean).join(' ') || undefined
        }
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value.trim() === '' || parseDayText(e.target.value)) commit(e.target.value);
        }}
        onBlur={(e) => {
          commit(text);
          onBlur?.(e);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit(text);
        }}
        className="input w-full pr-9"
      />
      <button
        type="button"
        disabled={rest.disabled}
        aria-label={t.pick({ field: label })}
        className="absolute inset-y-0 right-0 flex w-9 items-center justify-center text-zinc-600 hover:text-zinc-900 disabled:opacity-50"
        onClick={() => {
          const p = picker.current;
          if (!p) return;
          p.value = value;
          try {
            p.showPicker();
          } catch {
            p.focus();
          }
        }}
      >
        <CalendarDays aria-hidden="true" className="size-4" />
      </button>
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        className="pointer-events-none absolute bottom-0 left-0 h-0 w-0 opacity-0"
        min={min}
        max={max}
        onChange={(e) => {
          setText(dayText(e.target.value));
          setBad(false);
          onChange(e.target.value);
        }}
      />
      {bad ? (
        <span
          id={hintId}
          role="alert"
          className="absolute top-full left-0 mt-1 text-xs whitespace-nowrap text-red-700"
        >
          {t.invalid}
        </span>
      ) : null}
    </span>
  );
}
