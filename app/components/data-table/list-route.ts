import { stripSearchParams, useNavigate, useRouter } from '@tanstack/react-router';
import type * as v from 'valibot';
import { useSession } from '../../lib/auth/session';
import type { Viewer } from './table-features';
import { showSearch, useShownSearch } from './shown-search';
import { lenientSearch, LIST_SEARCH_DEFAULTS } from './url-state';

/*
 * What every list route repeats, once. A list route is then
 *
 *   const url = listRoute(ItemListQuerySchema, { category: '', subCategory: '' });
 *   createFileRoute('/_authed/listitems')({
 *     ...url,
 *     loader: ({ context, deps, cause }) => loadList(context.queryClient, itemsQueries.list(deps), cause),
 *     component: function ListItemsPage() {
 *       return <ListScreen list={useItemsList()} search={Route.useSearch()} />;
 *     },
 *   });
 *
 * The loader and the component are written in the route file, not made here: the router
 * plugin splits them into the route's own chunk only when it sees them there (so /login
 * never loads the query modules; record 025). What is spread is the URL's part, which every
 * chunk needs anyway — spread by name, as the router's ESLint rule reads a spread.
 */

/** The URL state of a list: validated leniently, defaults left out of the URL, the loader's deps. */
export function listRoute<TSchema extends v.GenericSchema>(
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

/**
 * A list page's props: its state (the URL's, or a change shown before the URL has it:
 * shown-search.ts), the viewer, and writing the state back.
 */
export function useListPage<S>(routed: S, viewer: Partial<Viewer> = {}) {
  const navigate = useNavigate();
  const session = useSession();
  const router = useRouter();
  return {
    search: useShownSearch(router, routed),
    viewer: { role: session?.role ?? '', ...viewer },
    onSearchChange: (next: S, options?: { replace?: boolean }) =>
      showSearch(router, next, () =>
        // The page stays where it is: the control pressed (a pager under the table, a sort
        // header) keeps the focus in view, and the frame showing the change is the last.
        navigate({ to: '.', search: next as never, replace: options?.replace, resetScroll: false }),
      ),
  };
}
