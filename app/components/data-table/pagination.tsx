import { useId } from 'react';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { formatCount } from '#contract/rules';
import { GoToPage } from './go-to-page';
import { PAGE_SIZES } from './url-state';

/** '1–50 of 12,34,567' (en dash, grouped as every count on screen: formatCount), or '0 of 0'. */
export function rangeText(page: number, pageSize: number, total: number): string {
  if (total === 0) return '0 of 0';
  const from = Math.min((page - 1) * pageSize + 1, total);
  const to = Math.min(page * pageSize, total);
  return `${formatCount(from)}–${formatCount(to)} of ${formatCount(total)}`;
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
  const sizeId = useId();
  const sizes: number[] = PAGE_SIZES.includes(pageSize as (typeof PAGE_SIZES)[number])
    ? [...PAGE_SIZES]
    : [...PAGE_SIZES, pageSize].sort((a, b) => a - b);
  // aria-disabled rather than disabled: a button that disables itself under the focus would drop it.
  const first = page <= 1;
  const last = page >= pageCount;
  return (
    <nav
      aria-label={`${noun} pages`}
      className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3 border-t border-zinc-200 px-4 py-3"
    >
      <p className="min-w-40 text-sm text-zinc-700 tabular-nums" aria-live="polite" aria-atomic="true">
        <span className="font-medium text-zinc-900">{rangeText(page, pageSize, total)}</span>
        <span className={busy ? 'ml-2 text-zinc-600' : 'sr-only'}>{busy ? 'Loading…' : ''}</span>
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="flex items-center gap-2">
          <label htmlFor={sizeId} className="text-sm text-zinc-700">
            Rows per page
          </label>
          <select
            id={sizeId}
            className="input h-8 w-20 px-2"
            value={pageSize}
            onChange={(event) => onPageSize(Number(event.target.value))}
          >
            {sizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
        <p className="text-sm text-zinc-700 tabular-nums">
          Page {formatCount(Math.min(page, pageCount))} of {formatCount(pageCount)}
        </p>
        <div className="flex gap-1">
          <button
            type="button"
            className="btn-secondary h-8 w-8 p-0"
            aria-label="First page"
            aria-disabled={first || undefined}
            onClick={() => !first && onPage(1)}
          >
            <ChevronsLeft aria-hidden="true" className="size-4" />
          </button>
          <button
            type="button"
            className="btn-secondary h-8 w-8 p-0"
            aria-label="Previous page"
            aria-keyshortcuts="PageUp ["
            aria-disabled={first || undefined}
            onClick={() => !first && onPage(page - 1)}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
          </button>
          <button
            type="button"
            className="btn-secondary h-8 w-8 p-0"
            aria-label="Next page"
            aria-keyshortcuts="PageDown ]"
            aria-disabled={last || undefined}
            onClick={() => !last && onPage(page + 1)}
          >
            <ChevronRight aria-hidden="true" className="size-4" />
          </button>
          <button
            type="button"
            className="btn-secondary h-8 w-8 p-0"
            aria-label="Last page"
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
