import { stripSearchParams, useNavigate } from '@tanstack/react-router';
import type * as v from 'valibot';
import { useSession } from '../../lib/auth/session';
import type { Viewer } from './table-features';
import { lenientSearch, LIST_SEARCH_DEFAULTS } from './url-state';

/*
 * What every list route repeats, once. A list route is then
 *
 *   const url = listSearch(ItemListQuerySchema, { category: '', subCategory: '' });
 *   createFileRoute('/_authed/listitems')({
 *     validateSearch: url.validateSearch, search: url.search, loaderDeps: url.loaderDeps,
 *     loader: ({ context, deps, cause }) => loadList(context.queryClient, itemsQueries.list(deps), cause),
 *     component: () => <ItemsList {...useListPage(Route.useSearch())} />,
 *   });
 *
 * Properties, not a spread: the router's ESLint rule checks their order and the router
 * plugin splits the loader and the component into the route's own chunk only when it sees
 * them written in the route file (so /login never loads the query modules; record 025).
 */

/** The URL state of a list: validated leniently, defaults left out of the URL, the loader's deps. */
export function listSearch<TSchema extends v.GenericSchema>(
  schema: TSchema,
  /** The list's own filters at their "unset" value (left out of the URL). */
  defaults: Record<string, unknown> = {},
) {
  type S = v.InferOutput<TSchema>;
  return {
    validateSearch: lenientSearch(schema),
    search: {
      middlewares: [stripSearchParams<S>({ ...LIST_SEARCH_DEFAULTS, ...defaults } as Partial<S>)],
    },
    loaderDeps: ({ search }: { search: S }) => search,
  };
}

/** A list page's props: its URL state, the viewer, and writing the URL state back. */
export function useListPage<S>(search: S, viewer: Partial<Viewer> = {}) {
  const navigate = useNavigate();
  const session = useSession();
  return {
    search,
    viewer: { role: session?.role ?? '', ...viewer },
    onSearchChange: (next: S, options?: { replace?: boolean }) =>
      void navigate({ to: '.', search: next as never, replace: options?.replace }),
  };
}
