import { useId, useState, type KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { firstMessage } from './use-field-a11y';
import { useFieldContext } from './form-context';
import { useStore } from '@tanstack/react-form';
import { i18n, params, useFormats, useT, useWords } from '../../lib/i18n';

const messages = i18n('form/dual-list-field', {
  filterLabel: params('Filter {list}'),
  filterPlaceholder: 'Filter…',
  shown: params('{count} shown.'),
  showHint: 'Double-click or press Enter to view an item’s image.',
  available: 'Available',
  chosen: 'Chosen',
  addSelected: 'Add selected',
  addAll: 'Add all',
  removeSelected: 'Remove selected',
  removeAll: 'Remove all',
});

/** One choice of a DualListField. */
export interface DualListOption {
  value: number;
  label: string;
  /** Extra words shown after the label (e.g. brand and pack size). */
  detail?: string;
}

function matches(option: DualListOption, filter: string) {
  const f = filter.trim().toLowerCase();
  return !f || `${option.label} ${option.detail ?? ''}`.toLowerCase().includes(f);
}

/**
 * One of the two lists: a native multi-select listbox (arrow keys move, Shift/Ctrl
 * extend the selection, screen readers know it), with a filter box above it.
 */
function Pane({
  label,
  options,
  selected,
  onSelect,
  onShow,
  disabled,
}: {
  label: string;
  options: readonly DualListOption[];
  selected: readonly number[];
  onSelect: (values: number[]) => void;
  onShow: ((option: DualListOption) => void) | undefined;
  disabled: boolean | undefined;
}) {
  const id = useId();
  const t = useT(messages);
  const f = useFormats();
  const [filter, setFilter] = useState('');
  const shown = options.filter((o) => matches(o, filter));
  const byValue = new Map(options.map((o) => [o.value, o]));

  const onKeyDown = (event: KeyboardEvent<HTMLSelectElement>) => {
    // Enter opens the (first) selected item, the keyboard's double-click.
    if (event.key !== 'Enter' || !onShow) return;
    const first = byValue.get(selected[0] ?? -1);
    if (first) {
      event.preventDefault();
      onShow(first);
    }
  };

  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={`${id}-list`} className="mb-1.5 block text-sm font-medium text-zinc-800">
        {label} <span className="font-normal text-zinc-600">({f.count(options.length)})</span>
      </label>
      <input
        type="search"
        aria-label={t.filterLabel({ list: label.toLowerCase() })}
        placeholder={t.filterPlaceholder}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        disabled={disabled}
        className="input mb-2"
      />
      <select
        id={`${id}-list`}
        multiple
        size={12}
        value={selected.map(String)}
        onChange={(e) => onSelect([...e.target.selectedOptions].map((o) => Number(o.value)))}
        onKeyDown={onKeyDown}
        aria-describedby={`${id}-hint`}
        disabled={disabled}
        className="block h-64 w-full rounded-md border border-zinc-300 bg-white p-1 text-sm shadow-xs focus-visible:border-accent-600 disabled:bg-zinc-100"
      >
        {shown.map((o) => (
          <option
            key={o.value}
            value={o.value}
            onDoubleClick={onShow ? () => onShow(o) : undefined}
            className="truncate rounded px-2 py-1 checked:bg-accent-100"
          >
            {o.detail ? `${o.label} — ${o.detail}` : o.label}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="mt-1 text-xs text-zinc-600">
        {shown.length === options.length ? null : `${t.shown({ count: f.count(shown.length) })} `}
        {onShow ? t.showHint : null}
      </p>
    </div>
  );
}

/**
 * Two lists (not chosen / chosen) with buttons that move the selected entries across,
 * bound to a field holding the chosen values. Everything works from the keyboard: Tab to
 * a list, select with the arrow keys (Shift or Ctrl for several), Tab to a move button.
 */
export function DualListField({
  label,
  options,
  availableLabel,
  chosenLabel,
  onShow,
  onSelectionChange,
  disabled,
}: {
  /** The group's name (the fieldset legend), in the reader's language. */
  label: string;
  /** Every option, in display order; the field's value says which are chosen. */
  options: readonly DualListOption[];
  /** The lists' names, in the reader's language ('Available' and 'Chosen' when not given). */
  availableLabel?: string;
  chosenLabel?: string;
  /** Opens an option (double-click, Enter). */
  onShow?: (option: DualListOption) => void;
  /** Reports the options currently selected in either list (e.g. for an Item Details button). */
  onSelectionChange?: (selected: DualListOption[]) => void;
  disabled?: boolean;
}) {
  const t = useT(messages);
  // The field's errors are the contract's validation messages (the words table).
  const w = useWords();
  const field = useFieldContext<number[]>();
  const chosenValues = useStore(field.store, (s) => s.value);
  const errors = useStore(field.store, (s) => s.meta.errors);
  const error = firstMessage(errors);
  const errorId = useId();
  const [left, setLeft] = useState<number[]>([]);
  const [right, setRight] = useState<number[]>([]);

  const chosenSet = new Set(chosenValues);
  const available = options.filter((o) => !chosenSet.has(o.value));
  const chosen = options.filter((o) => chosenSet.has(o.value));
  const byValue = new Map(options.map((o) => [o.value, o]));

  const report = (l: number[], r: number[]) =>
    onSelectionChange?.([...l, ...r].map((v) => byValue.get(v)).filter((o) => o !== undefined));
  const selectLeft = (values: number[]) => {
    setLeft(values);
    report(values, right);
  };
  const selectRight = (values: number[]) => {
    setRight(values);
    report(left, values);
  };
  const commit = (next: Set<number>) => {
    // Keep the options' display order in the value, so it reads the same as the list.
    field.handleChange(options.filter((o) => next.has(o.value)).map((o) => o.value));
    setLeft([]);
    setRight([]);
    report([], []);
  };

  const move = [
    {
      label: t.addSelected,
      icon: ChevronRight,
      onClick: () => commit(new Set([...chosenValues, ...left])),
      off: left.length === 0,
    },
    {
      label: t.addAll,
      icon: ChevronsRight,
      onClick: () => commit(new Set(options.map((o) => o.value))),
      off: available.length === 0,
    },
    {
      label: t.removeSelected,
      icon: ChevronLeft,
      onClick: () => commit(new Set(chosenValues.filter((v) => !right.includes(v)))),
      off: right.length === 0,
    },
    {
      label: t.removeAll,
      icon: ChevronsLeft,
      onClick: () => commit(new Set()),
      off: chosen.length === 0,
    },
  ];

  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-3 text-sm font-semibold text-zinc-900">{label}</legend>
      <div className="flex flex-col gap-4 md:flex-row md:items-center">
        <Pane
          label={availableLabel ?? t.available}
          options={available}
          selected={left}
          onSelect={selectLeft}
          onShow={onShow}
          disabled={disabled}
        />
        <div className="flex flex-row justify-center gap-2 md:flex-col">
          {move.map(({ label: name, icon: Icon, onClick, off }) => (
            <button
              key={name}
              type="button"
              className="btn-secondary px-3"
              onClick={onClick}
              disabled={disabled || off}
              aria-label={name}
              title={name}
            >
              <Icon aria-hidden="true" className="size-4 max-md:rotate-90" />
            </button>
          ))}
        </div>
        <Pane
          label={chosenLabel ?? t.chosen}
          options={chosen}
          selected={right}
          onSelect={selectRight}
          onShow={onShow}
          disabled={disabled}
        />
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {w(error)}
        </p>
      ) : null}
    </fieldset>
  );
}
