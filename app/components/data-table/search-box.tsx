import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { Search, X } from 'lucide-react';
import { MAX_SEARCH_LENGTH } from '#contract/lists';
import { i18n, useT } from '../../lib/i18n';

const messages = i18n('data-table/search-box', { clear: 'Clear search' });

/**
 * The list's free-text search. The box keeps what is typed; the URL (and so the query)
 * follows at once while the list has no request on its way, else with the latest text as
 * soon as that request answers — at most one list request in flight per box, none sent
 * for a key that a later key already replaced, and no fixed pause: the last key of a burst
 * is sent when it is typed or when the request before it answers (issue 15 item 7; the
 * 300 ms pause of decision record 029 cost every burst 300 ms, record 051). Enter sends at
 * once. A URL change from elsewhere (Back, a link) replaces the text.
 */
export function SearchBox({
  value,
  onSearch,
  inFlight = false,
  label,
  placeholder,
  inputRef,
}: {
  value: string;
  onSearch: (q: string) => void;
  /** The list's request is on its way: what is typed meanwhile waits for its answer. */
  inFlight?: boolean;
  label: string;
  placeholder?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const t = useT(messages);
  const id = useId();
  const [text, setText] = useState(value);
  // Adjust during render when the URL's value changes under us (React's "derived state" pattern).
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }

  // What was sent and has not reached the URL yet: sent once, whatever re-renders meanwhile.
  const sent = useRef<string | undefined>(undefined);
  useEffect(() => {
    sent.current = undefined;
  }, [value]);
  const send = (q: string) => {
    sent.current = q;
    onSearch(q);
  };
  useEffect(() => {
    const next = text.trim();
    if (inFlight || next === value || next === sent.current) return;
    sent.current = next;
    onSearch(next);
  }, [text, value, inFlight, onSearch]);

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
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              send(text.trim());
            }
          }}
        />
        {text ? (
          <button
            type="button"
            className="btn-ghost absolute top-0.5 right-0.5 h-8 w-8 p-0"
            aria-label={t.clear}
            onClick={() => {
              setText('');
              send('');
            }}
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        ) : null}
      </div>
    </div>
  );
}
