import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { Search, X } from 'lucide-react';
import { MAX_SEARCH_LENGTH } from '#contract/lists';

/** How long typing must pause before the list asks the server (one request per pause, not per key). */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The list's free-text search. The box keeps what is typed; the URL (and so the query)
 * follows after a pause, or at once on Enter. A single key that changes a search already
 * shown, typed after a pause (refining "Pr" to "Pri", deleting a letter), is sent at once:
 * waiting out the pause there only delayed the rows (most of bench:ui's key → painted
 * was the wait; decision record 029). A burst still waits for its pause, and a first search too (its
 * first letter alone is the broadest, dearest search). A URL change from elsewhere (Back,
 * a link) replaces the text.
 */
export function SearchBox({
  value,
  onSearch,
  label,
  placeholder,
  inputRef,
}: {
  value: string;
  onSearch: (q: string) => void;
  label: string;
  placeholder?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  // Adjust during render when the URL's value changes under us (React's "derived state" pattern).
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }

  const lastKeyAt = useRef(-Infinity);
  const sendAtOnce = useRef(false);

  useEffect(() => {
    if (text.trim() === value) return;
    if (sendAtOnce.current) {
      sendAtOnce.current = false;
      onSearch(text.trim());
      return;
    }
    const timer = window.setTimeout(() => onSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <div className="w-full sm:w-72">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-zinc-800">
        {label}
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-zinc-500"
        />
        <input
          ref={inputRef}
          id={id}
          type="search"
          className="input pr-9 pl-8"
          value={text}
          maxLength={MAX_SEARCH_LENGTH}
          placeholder={placeholder}
          aria-keyshortcuts="/"
          autoComplete="off"
          onChange={(event) => {
            const now = performance.now();
            sendAtOnce.current = value !== '' && now - lastKeyAt.current >= SEARCH_DEBOUNCE_MS;
            lastKeyAt.current = now;
            setText(event.target.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              onSearch(text.trim());
            }
          }}
        />
        {text ? (
          <button
            type="button"
            className="btn-ghost absolute top-0.5 right-0.5 h-8 w-8 p-0"
            aria-label="Clear search"
            onClick={() => {
              setText('');
              onSearch('');
            }}
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        ) : null}
      </div>
    </div>
  );
}
