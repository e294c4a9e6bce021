import { useId } from 'react';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { formats, i18n, params, useFormats, useT, type Formats } from '../../lib/i18n';
import { GoToPage } from './go-to-page';
import { PAGE_SIZES } from './url-state';

const messages = i18n('data-table/pagination', {
  pages: params('{label} pages'),
  range: params('{from}–{to} of {total}'),
  empty: '0 of 0',
  loading: 'Loading…',
  rowsPerPage: 'Rows per page',
  page: params('Page {page} of {count}'),
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
});

/**
 * '1–50 of 12,34,567' (en dash, grouped as every count on screen), or '0 of 0': in the
 * words and number format given, the current language's by default.
 */
export function rangeText(
  page: number,
  pageSize: number,
  total: number,
  t: ReturnType<typeof messages.get> = messages.get(),
  f: Formats = formats(),
): string {
  if (total === 0) return t.empty;
  const from = Math.min((page - 1) * pageSize + 1, total);
  const to = Math.min(page * pageSize, total);
  return t.range({ from: f.count(from), to: f.count(to), total: f.count(total) });
}

/** Range, page size, page buttons and "Go to page" under a list. */
export function Pagination({
  page,
  pageSize,
  total,
  pageCount,
  noun,
  busy,
  onPage,
  onPageSize,
}: {
  page: number;
  pageSize: number;
  total: number;
  pageCount: number;
  noun: string;
  busy: boolean;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  const t = useT(messages);
  const f = useFormats();
  const sizeId = useId();
  const sizes: number[] = PAGE_SIZES.includes(pageSize as (typeof PAGE_SIZES)[number])
    ? [...PAGE_SIZES]
    : [...PAGE_SIZES, pageSize].sort((a, b) => a - b);
  // aria-disabled rather than disabled: a button that disables itself under the focus would drop it.
  const first = page <= 1;
  const last = page >= pageCount;
  return (
    <nav
      aria-label={t.pages({ label: noun })}
      className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3 border-t border-zinc-200 px-4 py-3"
    >
      <p className="min-w-40 text-sm text-zinc-700 tabular-nums" aria-live="polite" aria-atomic="true">
        <span className="font-medium text-zinc-900">{rangeText(page, pageSize, total, t, f)}</span>
        <span className={busy ? 'ml-2 text-zinc-600' : 'sr-only'}>{busy ? t.loading : ''}</span>
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="flex items-center gap-2">
          <label htmlFor={sizeId} className="text-sm text-zinc-700">
            {t.rowsPerPage}
          </label>
          <select
            id={sizeId}
            className="input h-8 w-20 px-2"
            value={pageSize}
            onChange={(event) => onPageSize(Number(event.target.value))}
          >
            {sizes.map((size) => (
              <option key={size} value={size}>
                {f.count(size)}
              </option>
            ))}
          </select>
        </div>
        <p className="text-sm text-zinc-700 tabular-nums">
          {t.page({ page: f.count(Math.min(page, pageCount)), count: f.count(pageCount) })}
        </p>
        <div className="flex gap-1">
          <button
            type="button"
            className="btn-secondary h-8 w-8 p-0"
            aria-label={t.first}
            aria-disabled={first || undefined}
            onClick={() => !first && onPage(1)}
          >
            <ChevronsLeft aria-hidden="true" className="size-4" />
          </button>
          <button
            type="button"
            className="btn-secondary h-8 w-8 p-0"
            aria-label={t.previous}
            aria-keyshortcuts="PageUp ["
            aria-disabled={first || undefined}
            onClick={() => !first && onPage(page - 1)}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
          </button>
          <button
            type="button"
            className="btn-secondary h-8 w-8 p-0"
            aria-label={t.next}
            aria-keyshortcuts="PageDown ]"
            aria-disabled={last || undefined}
            onClick={() => !last && onPage(page + 1)}
          >
            <ChevronRight aria-hidden="true" className="size-4" />
          </button>
          <button
            type="button"
            className="btn-secondary h-8 w-8 p-0"
            aria-label={t.last}
            aria-disabled={last || undefined}
            onClick={() => !last && onPage(pageCount)}
          >
            <ChevronsRight aria-hidden="true" className="size-4" />
          </button>
        </div>
        <GoToPage pageCount={pageCount} onPage={onPage} />
      </div>
    </nav>
  );
}
