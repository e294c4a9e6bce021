import * as v from 'valibot';
import { DEFAULT_PAGE_SIZE, queryInt, type OrderListQuery } from '#contract/lists';
import { MAX_ID } from '#contract/rules';
import type { LenientValidator } from '../../components/data-table/url-state';

/*
 * The saved view a list shows, in its URL (`?view=<id>`, issue 15): beside the list's own
 * keys, which it doesn't send to the server. Invalid, it is dropped like any stale key.
 */

const ViewParam = v.object({ view: queryInt(1, MAX_ID, 'View must be a view id.') });

/** A list route's validateSearch with `view` beside the list's own keys. */
export function withViewParam<TInput, TOutput>(list: LenientValidator<TInput, TOutput>) {
  type WithView<T> = T & { view?: number | undefined };
  const validate = (value: unknown): { value: WithView<TOutput> } => {
    const own = list['~standard'].validate(value).value;
    const view = v.safeParse(ViewParam, value ?? {});
    return { value: { ...own, view: view.success ? view.output.view : undefined } };
  };
  return {
    '~standard': { version: 1, vendor: 'bluetik-app', validate },
  } as LenientValidator<WithView<TInput>, WithView<TOutput>>;
}

/** Whether the list was opened with nothing of its own in the URL (the default view then applies). */
export function isBareList(search: OrderListQuery): boolean {
  return Object.entries(search).every(([key, value]) => {
    if (key === 'page') return value === 1;
    if (key === 'pageSize') return value === DEFAULT_PAGE_SIZE;
    if (key === 'order') return value === 'asc';
    if (key === 'q') return value === '';
    return value === undefined;
  });
}
