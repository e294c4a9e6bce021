import { useEffect, useRef, useState } from 'react';
import type { AnyFormApi } from '@tanstack/react-form';
import { useQueryClient, type FetchQueryOptions, type QueryKey } from '@tanstack/react-query';
import { GitCompareArrows, RefreshCw, TriangleAlert } from 'lucide-react';
import { i18n, useT, useWords } from '../../lib/i18n';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useFormContext } from './form-context';
import type { SaveConflict } from './save-form';

const messages = i18n('form/conflict-bar', {
  blank: '(blank)',
  notLoaded: 'The latest version could not be loaded. Please try again.',
  review: 'Review their changes',
  reload: 'Reload',
  theirChanges: 'Their changes',
  field: 'Field',
  opened: 'When you opened it',
  now: 'Now',
  noFieldChanged: 'None of the fields on this screen changed; only its history did.',
  stillHere:
    'Your input is still in the form. Keep it to save it over their version, or reload to start from theirs.',
  keepMine: 'Keep my changes',
  reloadTitle: 'Reload the latest version?',
  reloadBody: 'What you typed on this screen will be replaced by the version saved now.',
});

/** One field the other person changed: its label, and its value then and now as text. */
interface Change {
  label: string;
  was: string;
  now: string;
}

/** A value as text; read when the changes are listed, in the language then on screen. */
const shown = (value: unknown) =>
  value === '' || value === null || value === undefined ? messages.get().blank : String(value);

/**
 * The fields whose stored values differ between what the form opened with and the latest
 * record, in the form's field order. Only labelled fields count (the version, an id and
 * other bookkeeping never show); `describe` turns a value into words (a status code into
 * its name, a list into a summary).
 */
export function changedFields(
  opened: Record<string, unknown>,
  latest: Record<string, unknown>,
  labels: Readonly<Record<string, string>>,
  describe: (field: string, value: unknown) => string = (_f, v) => shown(v),
): Change[] {
  return Object.entries(labels)
    .filter(([field]) => JSON.stringify(opened[field]) !== JSON.stringify(latest[field]))
    .map(([field, label]) => ({
      label,
      was: describe(field, opened[field]),
      now: describe(field, latest[field]),
    }));
}

/** What ConflictBar takes (conflict-bar.tsx). */
export interface ConflictBarProps<TRecord, TValues extends object, TKey extends QueryKey> {
  conflict: SaveConflict | null;
  /** The record's detail query: its latest copy is fetched through it (and the cache updated). */
  query: FetchQueryOptions<TRecord, Error, TRecord, TKey>;
  toValues: (record: TRecord) => TValues;
  labels: Readonly<Record<string, string>>;
  describe?: (field: string, value: unknown) => string;
  onClose: () => void;
}

/**
 * What an edit screen shows when its save was refused as stale (409): the server's words
 * (who changed the record, and when), then two ways on. "Review their changes" loads the
 * latest record and lists what the other person changed, keeping everything typed here;
 * "Keep my changes" then adopts the latest version so the next Save replaces theirs on
 * purpose. "Reload" asks first, then replaces the form with the latest record.
 */
export default function ConflictBarBody<TRecord, TValues extends object, TKey extends QueryKey>({
  conflict,
  query,
  toValues,
  labels,
  describe,
  onClose,
}: {
  conflict: SaveConflict;
  /** The record's detail query: its latest copy is fetched through it (and the cache updated). */
  query: FetchQueryOptions<TRecord, Error, TRecord, TKey>;
  toValues: (record: TRecord) => TValues;
  labels: Readonly<Record<string, string>>;
  describe?: (field: string, value: unknown) => string;
  onClose: () => void;
}) {
  const t = useT(messages);
  // Labels are the contract's, values the record's (a state, Yes/No): said in the reader's language.
  const w = useWords();
  // The bar works on any edit form: it only resets values and sets `version`.
  const form = useFormContext() as unknown as AnyFormApi;
  const queryClient = useQueryClient();
  const barRef = useRef<HTMLDivElement>(null);
  // What was loaded and found for this conflict; a new conflict starts with nothing shown.
  const [reviewed, setReviewed] = useState<{ of: SaveConflict; changes: Change[]; latest: TValues } | null>(
    null,
  );
  // The conflict whose latest version could not be loaded (the message follows the language).
  const [problem, setProblem] = useState<{ of: SaveConflict } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const review = reviewed && reviewed.of === conflict ? reviewed : null;
  const failure = problem && problem.of === conflict ? t.notLoaded : null;

  useEffect(() => {
    // The bar is where the work continues: keyboard users land on it.
    barRef.current?.focus();
  }, [conflict]);

  const current = conflict;

  async function loadLatest(): Promise<TValues | null> {
    setBusy(true);
    setProblem(null);
    try {
      return toValues(await queryClient.fetchQuery({ ...query, staleTime: 0 }));
    } catch {
      setProblem({ of: current });
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function showChanges() {
    const latest = await loadLatest();
    if (!latest) return;
    const changes = changedFields(current.opened, latest as Record<string, unknown>, labels, describe);
    setReviewed({ of: current, changes, latest });
  }

  async function reload() {
    setConfirming(false);
    const values = await loadLatest();
    if (!values) return;
    form.reset(values);
    onClose();
  }

  function keepMine() {
    if (!review) return;
    form.setFieldValue('version', (review.latest as { version?: unknown }).version);
    onClose();
  }

  return (
    <div
      ref={barRef}
      tabIndex={-1}
      role="alert"
      aria-busy={busy || undefined}
      className="space-y-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 outline-none focus-visible:ring-2 focus-visible:ring-amber-500"
    >
      <p className="flex items-start gap-2 text-sm font-medium">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>{w(conflict.message)}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-secondary"
          onClick={() => void showChanges()}
          aria-disabled={busy || undefined}
        >
          <GitCompareArrows aria-hidden="true" className="size-4" />
          {t.review}
        </button>
        <button
          type="button"
          className="btn-secondary"
          onClick={() => setConfirming(true)}
          aria-disabled={busy || undefined}
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          {t.reload}
        </button>
      </div>
      {failure ? <p className="text-sm font-medium text-red-700">{failure}</p> : null}
      {review ? (
        <section aria-label={t.theirChanges} className="space-y-2">
          {review.changes.length ? (
            <table className="w-full text-left text-sm">
              <thead>
                <tr>
                  <th scope="col" className="py-1 pr-3 font-semibold">
                    {t.field}
                  </th>
                  <th scope="col" className="py-1 pr-3 font-semibold">
                    {t.opened}
                  </th>
                  <th scope="col" className="py-1 font-semibold">
                    {t.now}
                  </th>
                </tr>
              </thead>
              <tbody>
                {review.changes.map((c) => (
                  <tr key={c.label} className="border-t border-amber-200">
                    <th scope="row" className="py-1 pr-3 font-medium">
                      {w(c.label)}
                    </th>
                    <td className="py-1 pr-3">{w(c.was)}</td>
                    <td className="py-1">{w(c.now)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="text-sm">{t.noFieldChanged}</p>
          )}
          <p className="text-sm">{t.stillHere}</p>
          <button type="button" className="btn-secondary" onClick={keepMine}>
            {t.keepMine}
          </button>
        </section>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t.reloadTitle}
        confirmLabel={t.reload}
        destructive
        onConfirm={() => void reload()}
        onCancel={() => setConfirming(false)}
      >
        {t.reloadBody}
      </ConfirmDialog>
    </div>
  );
}
