import { DateInput } from '../date-input/date-input';
import { memo, useId, useState, type ReactNode } from 'react';
import { SlidersHorizontal } from 'lucide-react';
import { i18n, params, useFormats, useT } from '../../lib/i18n';
import { sameItems } from '../../lib/same-items';
import { useLatestCallback } from '../../lib/latest-callback';
import { Combobox } from '../ui/combobox';
import { useChosenSearch } from './load-list';
import type { Viewer } from './table-features';
import type { ListSearch } from './url-state';

/*
 * A list's filters as data: each names its URL key, its label and its choices, and the
 * table renders them (FilterBar), tells whether any is set and clears them all. Every
 * change goes to the URL and back to page 1.
 */

const messages = i18n('data-table/filters', {
  all: 'All',
  filters: params('Filters ({count})'),
});

type Option = { value: string; label: string };

interface FilterBase<S> {
  key: keyof S & string;
  label: string;
  /** Shown only to the viewers it names (a column the viewer can't filter by doesn't exist). */
  visibleTo?: (viewer: Viewer) => boolean;
}

export type ListFilter<S> = FilterBase<S> &
  (
    | {
        /** One of several values, or all: a select. */
        kind: 'select';
        options: readonly Option[];
        /** The "no filter" choice's words ('All'). */
        all?: string;
        /** Text → URL value (e.g. a store id as a number). */
        parse?: (value: string) => unknown;
        className?: string;
      }
    | {
        /**
         * One of many values, or all: a text box that narrows the list as one types (a
         * select of hundreds, e.g. the stores, is a long scroll).
         */
        kind: 'combobox';
        options: readonly Option[];
        /** The "no filter" choice's words ('All stores'). */
        all?: string;
        /** Text → URL value (e.g. a store id as a number). */
        parse?: (value: string) => unknown;
        className?: string;
      }
    | {
        /** Any of several values: a row of check boxes (the URL keeps the sorted list). */
        kind: 'checks';
        options: readonly { value: number; label: string }[];
      }
    | {
        /** One condition, on or off (the URL says 'Yes' when on). */
        kind: 'check';
        text: string;
      }
    | {
        /** A date; `after`/`before` name the filter it may not cross. */
        kind: 'date';
        after?: keyof S & string;
        before?: keyof S & string;
      }
  );

function isSet<S>(filter: ListFilter<S>, search: S): boolean {
  const value = search[filter.key];
  return Array.isArray(value) ? value.length > 0 : value !== undefined && value !== '';
}

/** Whether any of `filters` is set in `search`. */
export function filtersActive<S>(filters: readonly ListFilter<S>[], search: S): boolean {
  return filters.some((f) => isSet(f, search));
}

/** How many of the filters `viewer` may use are set (several statuses are one filter). */
export function activeFilterCount<S>(filters: readonly ListFilter<S>[], search: S, viewer: Viewer): number {
  return filters.filter((f) => (f.visibleTo?.(viewer) ?? true) && isSet(f, search)).length;
}

/** `filters` cleared, to spread over the URL state. */
export function noFilters<S>(filters: readonly ListFilter<S>[]): Partial<S> {
  return Object.fromEntries(filters.map((f) => [f.key, undefined])) as Partial<S>;
}

function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-zinc-800">
        {label}
      </label>
      {children}
    </div>
  );
}

const CHECK = 'size-4 rounded border-zinc-300 accent-accent-600';

function FilterControlOf<S extends ListSearch>({
  filter,
  search,
  onChange,
}: {
  filter: ListFilter<S>;
  search: S;
  onChange: (patch: Partial<S>) => void;
}) {
  const t = useT(messages);
  const id = useId();
  const value = search[filter.key] as unknown;
  const set = (next: unknown) => onChange({ [filter.key]: next } as Partial<S>);
  switch (filter.kind) {
    case 'select': {
      const current = value === undefined || value === null ? '' : String(value);
      return (
        <Labelled id={id} label={filter.label}>
          <select
            id={id}
            className={`input ${filter.className ?? 'w-40'}`}
            value={current}
            onChange={(event) => {
              const text = event.target.value;
              set(text ? (filter.parse ? filter.parse(text) : text) : undefined);
            }}
          >
            <option value="">{filter.all ?? t.all}</option>
            {/* A value chosen by link before its options arrive still shows as chosen. */}
            {current && !filter.options.some((o) => o.value === current) ? (
              <option value={current}>
                {filter.label} {current}
              </option>
            ) : null}
            {filter.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </Labelled>
      );
    }
    case 'combobox': {
      const current = value === undefined || value === null ? '' : String(value);
      return (
        <Labelled id={id} label={filter.label}>
          <Combobox
            id={id}
            value={current}
            options={filter.options}
            none={filter.all ?? t.all}
            className={filter.className}
            onChange={(text) => set(text ? (filter.parse ? filter.parse(text) : text) : undefined)}
          />
        </Labelled>
      );
    }
    case 'checks': {
      const chosen = (Array.isArray(value) ? value : []) as number[];
      return (
        <fieldset className="min-w-0">
          <legend className="mb-1 block text-sm font-medium text-zinc-800">{filter.label}</legend>
          <div className="flex min-h-9 flex-wrap items-center gap-x-3 gap-y-1">
            {filter.options.map((o) => (
              <label key={o.value} className="inline-flex items-center gap-1.5 text-sm text-zinc-800">
                <input
                  type="checkbox"
                  className={CHECK}
                  checked={chosen.includes(o.value)}
                  onChange={(event) => {
                    const next = event.target.checked
                      ? [...chosen, o.value]
                      : chosen.filter((v) => v !== o.value);
                    set(next.length ? [...next].sort((a, b) => a - b) : undefined);
                  }}
                />
                {o.label}
              </label>
            ))}
          </div>
        </fieldset>
      );
    }
    case 'check':
      return (
        <fieldset className="min-w-0">
          <legend className="mb-1 block text-sm font-medium text-zinc-800">{filter.label}</legend>
          <label className="inline-flex h-9 items-center gap-1.5 text-sm text-zinc-800">
            <input
              type="checkbox"
              className={CHECK}
              checked={value === 'Yes'}
              onChange={(event) => set(event.target.checked ? 'Yes' : undefined)}
            />
            {filter.text}
          </label>
        </fieldset>
      );
    case 'date':
      return (
        <Labelled id={id} label={filter.label}>
          <DateInput
            id={id}
            label={filter.label}
            className="w-40"
            value={(value as string | undefined) ?? ''}
            min={filter.after ? (search[filter.after] as string | undefined) : undefined}
            max={filter.before ? (search[filter.before] as string | undefined) : undefined}
            onChange={(day) => set(day || undefined)}
          />
        </Labelled>
      );
  }
}

/** The filters a viewer may use, beside the search box. */
export function FilterBar<S extends ListSearch>({
  filters,
  search,
  viewer,
  onChange,
}: {
  filters: readonly ListFilter<S>[];
  search: S;
  viewer: Viewer;
  onChange: (patch: Partial<S>) => void;
}) {
  return (
    <>
      {filters
        .filter((f) => f.visibleTo?.(viewer) ?? true)
        .map((f) => (
          <FilterControl key={f.key} filter={f} search={search} onChange={onChange} />
        ))}
    </>
  );
}

/**
 * The filters, folded on a phone behind a "Filters (n)" disclosure button (n: how many
 * are set), so the first screen shows rows rather than seven controls. From the md
 * breakpoint up the button is gone and the wrapper is `display: contents`: the filters sit
 * in the toolbar beside the search box exactly as they always have.
 */
function FoldedFiltersOf<S extends ListSearch>(props: {
  filters: readonly ListFilter<S>[];
  search: S;
  viewer: Viewer;
  onChange: (patch: Partial<S>) => void;
  /** Folded at every width (the compact density keeps the rows, not the filters, on screen). */
  folded?: boolean;
}) {
  const t = useT(messages);
  const f = useFormats();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { filters, viewer, folded } = props;
  const [search, choose] = useChosenSearch(props.search);
  // One function for the filters' life, so a control whose value didn't change skips its render.
  const onChange = useLatestCallback((patch: Partial<S>) => {
    choose({ ...search, ...patch });
    props.onChange(patch);
  });
  if (!filters.some((f) => f.visibleTo?.(viewer) ?? true)) return null;
  return (
    <>
      <button
        type="button"
        className={folded ? 'btn-secondary' : 'btn-secondary md:hidden'}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        {t.filters({ count: f.count(activeFilterCount(filters, search, viewer)) })}
      </button>
      <div
        id={panelId}
        className={
          folded
            ? `${open ? 'flex' : 'hidden'} order-last w-full flex-wrap items-end gap-x-4 gap-y-3`
            : `${open ? 'max-md:flex' : 'max-md:hidden'} max-md:w-full max-md:flex-wrap max-md:items-end max-md:gap-x-4 max-md:gap-y-3 md:contents`
        }
      >
        <FilterBar filters={filters} search={search} viewer={viewer} onChange={onChange} />
      </div>
    </>
  );
}

type FoldedProps<S extends ListSearch> = Parameters<typeof FoldedFiltersOf<S>>[0];

/** The URL keys the filters show: their own, and the dates a date filter may not cross. */
function shownKeys<S>(filters: readonly ListFilter<S>[]): (keyof S)[] {
  return filters
    .flatMap((f) => (f.kind === 'date' ? [f.key, f.after, f.before] : [f.key]))
    .filter((k) => k !== undefined);
}

function sameValue(a: unknown, b: unknown): boolean {
  return Array.isArray(a) && Array.isArray(b) ? sameItems(a, b) : a === b;
}

/** Whether two URL states show the same in these filters (their memos' comparison). */
function sameShown<S>(filters: readonly ListFilter<S>[], a: S, b: S): boolean {
  return shownKeys(filters).every((key) => sameValue(a[key], b[key]));
}

/**
 * One filter, rendered again only when its own values changed: a new status leaves the
 * payment, store and date controls alone (issue 26: a filter change rendered all seven,
 * with their labels, icons and combobox, twice).
 */
const FilterControl = memo(
  FilterControlOf,
  (a, b) => a.filter === b.filter && a.onChange === b.onChange && sameShown([a.filter], a.search, b.search),
) as <S extends ListSearch>(props: Parameters<typeof FilterControlOf<S>>[0]) => ReactNode;

/**
 * The filters and their Filters button, rendered again only when what they show changed: the
 * filters' own values in the URL state, the viewer, the density. A sort or a page change
 * leaves them as they were (issue 26: a sort rendered some twenty of their components).
 * `onChange` must be one function for the table's life (it is: useLatestCallback).
 */
export const FoldedFilters = memo(
  FoldedFiltersOf,
  (a, b) =>
    a.filters === b.filters &&
    a.folded === b.folded &&
    a.onChange === b.onChange &&
    a.viewer.role === b.viewer.role &&
    a.viewer.isAddCategoryItems === b.viewer.isAddCategoryItems &&
    sameShown(a.filters, a.search, b.search),
) as <S extends ListSearch>(props: FoldedProps<S>) => ReactNode;
