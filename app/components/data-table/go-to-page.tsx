import { useId, useState, type FormEvent } from 'react';
import { i18n, params, useFormats, useT } from '../../lib/i18n';

const messages = i18n('data-table/go-to-page', {
  label: 'Go to page',
  go: 'Go',
  empty: 'Enter a page number.',
  onlyOne: 'There is only page 1.',
  range: params('Enter a page from 1 to {last}.'),
});

/** What was wrong with the typed page (its words are the language's at render). */
type Problem = '' | 'empty' | 'onlyOne' | 'range';

/**
 * The page number of a wanted page, from what was typed: digits, grouped or not
 * ('20,000', '20 000', as the pager shows counts); null for anything else.
 */
export function typedPage(text: string): number | null {
  const digits = text.trim().replace(/[,\s]/g, '');
  return /^\d{1,9}$/.test(digits) ? Number(digits) : null;
}

/**
 * "Go to page": a numeric field under a list of thousands of pages (issue 24). Enter or Go
 * jumps; a number outside 1…pageCount is refused with a message naming the range rather
 * than clamped, so a typo never lands silently on another page. The field empties after a
 * jump (the pager says which page is shown) and keeps the focus for the next one.
 */
export function GoToPage({ pageCount, onPage }: { pageCount: number; onPage: (page: number) => void }) {
  const t = useT(messages);
  const f = useFormats();
  const id = useId();
  const errorId = `${id}-error`;
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<Problem>('');
  const last = Math.max(1, pageCount);
  const error = problem === 'range' ? t.range({ last: f.count(last) }) : problem ? t[problem] : '';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const page = typedPage(text);
    if (page === null || page < 1 || page > last) {
      setProblem(text.trim() === '' ? 'empty' : last === 1 ? 'onlyOne' : 'range');
      return;
    }
    setProblem('');
    setText('');
    onPage(page);
  };
  return (
    <form className="flex flex-wrap items-center gap-x-2 gap-y-1" onSubmit={submit} noValidate>
      <label htmlFor={id} className="text-sm text-zinc-700">
        {t.label}
      </label>
      <input
        id={id}
        className="input h-8 w-24 px-2 tabular-nums"
        inputMode="numeric"
        autoComplete="off"
        enterKeyHint="go"
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          setText(event.target.value);
          if (problem) setProblem('');
        }}
      />
      <button type="submit" className="btn-secondary h-8 px-3">
        {t.go}
      </button>
      {/* Announced when it appears; the field names it through aria-describedby. */}
      <p id={errorId} role="alert" className={error ? 'basis-full text-sm text-red-700' : 'sr-only'}>
        {error}
      </p>
    </form>
  );
}
