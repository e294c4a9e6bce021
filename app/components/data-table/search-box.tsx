import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { Search, X } from 'lucide-react';
import { MAX_SEARCH_LENGTH } from '#contract/lists';
import { i18n, useT } from '../../lib/i18n';

const messages = i18n('data-table/search-box', { clear: 'Clear search' });

/**
 * The list's free-text search. The box keeps what is typed; the URL (and so the query)
 * follows at once while nothing is on its way (a request, or a change waiting for its
 * rows), else with the latest text as soon as it has arrived — one thing on its way per
 * box, none sent for a key that a later key already replaced, and no fixed pause: the last
 * key of a burst is sent when it is typed or when what was before it arrives (issue 15
 * item 7; the 300 ms pause of decision record 029 cost every burst 300 ms, record 051).
 * Enter sends at once. A URL change from elsewhere (Back, a link) replaces the text.
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
  // What the box sent that has not reached the URL yet. A list change waits for its rows
  // before it does (record 076), so until then it is on its way, as a request is. A new
  // object for each send, so the effect below sends each once.
  const [sent, setSent] = useState<{ q: string } | undefined>(undefined);
  // Adjust during render when the URL's value changes (React's "derived state" pattern). The
  // box's own text arriving keeps what was typed since; any other value (Back, a link) replaces it.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setSent(undefined);
    if (value !== sent?.q) setText(value);
  }
  const send = (q: string) => {
    if (q !== value) setSent({ q });
  };
  // The latest text goes as soon as nothing is on its way.
  const next = text.trim();
  if (shown === value && !inFlight && sent === undefined && next !== value) send(next);

  const done = useRef<{ q: string } | undefined>(undefined);
  useEffect(() => {
    if (!sent || done.current === sent) return;
    done.current = sent;
    onSearch(sent.q);
  }, [sent, onSearch]);

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
