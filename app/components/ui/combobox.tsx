import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';

/** One choice: the value the caller keeps and the words shown. */
export interface ComboboxOption {
  value: string;
  label: string;
}

/** The options whose label holds `text` anywhere, case and accents aside; all of them for ''. */
export function narrowOptions<O extends ComboboxOption>(options: readonly O[], text: string): readonly O[] {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  const wanted = fold(text.trim());
  return wanted ? options.filter((o) => fold(o.label).includes(wanted)) : options;
}

/**
 * An editable combobox with a list that narrows as one types (the WAI-ARIA APG pattern
 * "combobox with list autocomplete"): the focus stays in the text box and the active
 * option is named by aria-activedescendant. ↓/↑ open the list and move, Enter chooses
 * the active option, Escape closes the list (and, closed, puts back the chosen label),
 * Tab leaves as from any field. The first option is `none` (e.g. "All stores"): choosing
 * it, or Enter on an emptied box, clears the value. A list of a few hundred (the stores at
 * 1,000,000 orders) is rendered whole: no virtualisation is needed at that size.
 */
export function Combobox({
  id,
  value,
  options,
  none,
  onChange,
  className,
  describedBy,
}: {
  /** The text box's id, for its <label htmlFor>. */
  id: string;
  /** The chosen value, '' for none. */
  value: string;
  options: readonly ComboboxOption[];
  /** The words of the "no value" choice. */
  none: string;
  onChange: (value: string) => void;
  className?: string;
  describedBy?: string;
}) {
  const listId = useId();
  const emptyId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const chosen = options.find((o) => o.value === value);
  // A value set by link before its options arrive still shows as chosen.
  const chosenLabel = value ? (chosen?.label ?? value) : '';
  const [open, setOpen] = useState(false);
  // What the operator typed since the list opened; null while nothing was typed (the list
  // then shows every option, the chosen one active).
  const [typed, setTyped] = useState<string | null>(null);
  const all = useMemo(() => [{ value: '', label: none }, ...options], [none, options]);
  const shown = useMemo(() => (typed === null ? all : narrowOptions(all, typed)), [all, typed]);
  const [active, setActive] = useState(-1);
  const expanded = open && shown.length > 0;
  const optionId = (index: number) => `${listId}-${index}`;

  const activate = setActive;
  // The active option stays in sight, the chosen one included when the list opens on it
  // (jsdom has no scrollIntoView).
  useEffect(() => {
    if (expanded && active >= 0)
      listRef.current
        ?.querySelector(`#${CSS.escape(`${listId}-${active}`)}`)
        ?.scrollIntoView?.({ block: 'nearest' });
  }, [expanded, active, listId]);
  // Opens on the chosen option (the first, "none", when nothing is chosen).
  const openList = () => {
    setOpen(true);
    activate(
      Math.max(
        0,
        all.findIndex((o) => o.value === value),
      ),
    );
  };
  const close = () => {
    setOpen(false);
    setTyped(null);
    setActive(-1);
  };
  const choose = (option: ComboboxOption) => {
    close();
    if (option.value !== value) onChange(option.value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        if (!expanded) openList();
        else activate(Math.min(active + 1, shown.length - 1));
        break;
      case 'ArrowUp':
        if (!expanded) openList();
        else activate(Math.max(active - 1, 0));
        break;
      case 'Enter':
        if (expanded && shown[active]) choose(shown[active]);
        else if (typed !== null && typed.trim() === '') choose(all[0]!);
        else return;
        break;
      case 'Escape':
        if (!open && typed === null) return;
        close();
        break;
      default:
        return;
    }
    event.preventDefault();
    // The list's keys are its own: the table's shortcuts and an open dialog's Escape stay out.
    event.stopPropagation();
  };

  return (
    <div className="relative">
      <input
        id={id}
        type="text"
        role="combobox"
        className={`input ${className ?? 'w-48'}`}
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-describedby={
          [describedBy, open && !expanded ? emptyId : undefined].filter(Boolean).join(' ') || undefined
        }
        placeholder={none}
        value={typed ?? chosenLabel}
        onChange={(event) => {
          setTyped(event.target.value);
          setOpen(true);
          // The first match is active, so Enter takes it.
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
        // A click opens the list; it never closes it, which would drop what was typed.
        onClick={() => !open && openList()}
        // Typing replaces the chosen label rather than adding to it.
        onFocus={(event) => event.target.select()}
      />
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={none}
        hidden={!expanded}
        className="absolute z-20 mt-1 max-h-64 w-full min-w-48 overflow-auto rounded-md border border-zinc-200 bg-white py-1 text-sm shadow-lg"
      >
        {expanded
          ? shown.map((o, index) => (
              // The keys are the text box's (aria-activedescendant): the focus never moves
              // to an option, so an option's own key handler would never run.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={o.value}
                id={optionId(index)}
                role="option"
                aria-selected={o.value === value}
                className={`cursor-pointer px-3 py-1.5 ${index === active ? 'bg-accent-100 text-zinc-900' : 'text-zinc-800'} ${o.value === value ? 'font-semibold' : ''}`}
                // Keeps the focus in the text box, so the blur does not close the list first.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => index !== active && setActive(index)}
                onClick={() => choose(o)}
              >
                {o.label}
              </li>
            ))
          : null}
      </ul>
      {open && !expanded ? (
        <p
          id={emptyId}
          role="status"
          className="absolute z-20 mt-1 w-full min-w-48 rounded-md border border-zinc-200 bg-white px-3 py-1.5 text-sm text-zinc-700 shadow-lg"
        >
          No match for “{typed}”
        </p>
      ) : null}
    </div>
  );
}
