import { createFileRoute } from '@tanstack/react-router';
import { ItemListQuerySchema } from '#contract/lists';
import { listRoute, ListScreen, loadList } from '../../components/data-table';
import { useItemsList } from '../../features/items/columns';
import { itemsQueries } from '../../features/items/queries';

const url = listRoute(ItemListQuerySchema, { category: '', subCategory: '' });

export const Route = createFileRoute('/_authed/listitems')({
  ...url,
  loader: ({ context, deps, cause }) => loadList(context.queryClient, itemsQueries.list(deps), cause),
  component: function ListItemsPage() {
    return <ListScreen list={useItemsList()} search={Route.useSearch()} />;
  },
});
