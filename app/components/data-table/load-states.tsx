import { RotateCw } from 'lucide-react';
import { i18n, params, useT, useWords } from '../../lib/i18n';

/*
 * What a list says about its loading: the first page on its way (for screen readers; the
 * skeleton rows show it), the first page failed, or a later one failed while the previous
 * rows stay on screen. The error's own words are the API client's or the server's.
 */

const messages = i18n('data-table/load-states', {
  stale: params('Showing the previous rows: the latest could not be loaded. {error}'),
  failed: params('The {noun} list could not be loaded.'),
  tryAgain: 'Try again',
  loading: params('Loading the {noun} list…'),
});

/** Above the rows still shown when the latest could not be loaded. */
export function StaleRowsAlert({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const t = useT(messages);
  const w = useWords();
  return (
    <div
      role="alert"
      className="mb-3 flex flex-wrap items-center justify-between gap-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      <span>{t.stale({ error: w(error.message) })}</span>
      <button type="button" className="btn-secondary h-8" onClick={onRetry}>
        <RotateCw aria-hidden="true" className="size-4" />
        {t.tryAgain}
      </button>
    </div>
  );
}

/** In place of the table when its first page could not be loaded. */
export function LoadFailed({ noun, error, onRetry }: { noun: string; error: Error; onRetry: () => void }) {
  const t = useT(messages);
  const w = useWords();
  return (
    <div role="alert" className="px-4 py-12 text-center">
      <p className="font-medium text-zinc-900">{t.failed({ noun })}</p>
      <p className="mt-1 text-zinc-600">{w(error.message)}</p>
      <button type="button" className="btn-primary mt-4" onClick={onRetry}>
        <RotateCw aria-hidden="true" className="size-4" />
        {t.tryAgain}
      </button>
    </div>
  );
}

/** Said while the first page is on its way. */
export function LoadingStatus({ noun }: { noun: string }) {
  const t = useT(messages);
  return (
    <p role="status" className="sr-only">
      {t.loading({ noun })}
    </p>
  );
}
