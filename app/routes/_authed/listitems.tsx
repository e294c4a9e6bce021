import { createFileRoute } from '@tanstack/react-router';
import { ItemListQuerySchema } from '#contract/lists';
import { listSearch, ListScreen, loadList, useListPage } from '../../components/data-table';
import { useItemsList } from '../../features/items/columns';
import { itemsQueries } from '../../features/items/queries';

const url = listSearch(ItemListQuerySchema, { category: '', subCategory: '' });

export const Route = createFileRoute('/_authed/listitems')({
  validateSearch: url.validateSearch,
  search: url.search,
  loaderDeps: url.loaderDeps,
  loader: ({ context, deps, cause }) => loadList(context.queryClient, itemsQueries.list(deps), cause),
  component: function ListItemsPage() {
    const list = useItemsList();
    return <ListScreen list={list} {...useListPage(Route.useSearch())} />;
  },
});
