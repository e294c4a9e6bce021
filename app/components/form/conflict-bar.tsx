import { lazy, Suspense } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { useWords } from '../../lib/i18n';
import type { ConflictBarProps } from './conflict-bar-body';

// Loaded when a save is first refused as stale: no edit screen pays for it before (bench:bundle).
const ConflictBarBody = lazy(() => import('./conflict-bar-body'));

/**
 * The bar of a stale save (record 041): nothing until a save is refused with 409, then the
 * server's words at once and the review and reload choices as soon as they have loaded.
 */
export function ConflictBar<TRecord, TValues extends object, TKey extends QueryKey>(
  props: ConflictBarProps<TRecord, TValues, TKey>,
) {
  const { conflict } = props;
  const w = useWords();
  if (!conflict) return null;
  return (
    <Suspense
      fallback={
        <div
          role="alert"
          className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-950"
        >
          {w(conflict.message)}
        </div>
      }
    >
      {/* lazy() loses the body's type parameters; the props are this component's own. */}
      <ConflictBarBody
        {...(props as unknown as ConflictBarProps<unknown, object, QueryKey>)}
        conflict={conflict}
      />
    </Suspense>
  );
}
