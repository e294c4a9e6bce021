import { useCallback, useInsertionEffect, useRef } from 'react';

/**
 * One function for the component's life that calls `fn` as of the last commit. For handlers
 * handed to memoised children (the table's rows and toolbar): a new closure each render
 * would render them again on every list change, though nothing they show changed (issue 26).
 * Updated before any layout effect, so a focus moved there calls the new one. Not for use
 * during render: it answers the last commit's `fn`, not this render's.
 */
export function useLatestCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useInsertionEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
