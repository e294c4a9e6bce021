import { createFileRoute } from '@tanstack/react-router';
import { CategoryListQuerySchema } from '#contract/lists';
import { listRoute, ListScreen, loadList } from '../../components/data-table';
import { useCategoriesList } from '../../features/categories/columns';
import { categoriesQueries } from '../../features/categories/queries';
import { loadCategoryAccess, useCanUpsertCategory } from './-category-access';

const url = listRoute(CategoryListQuerySchema, { subCategory: '' });

export const Route = createFileRoute('/_authed/listcategories')({
  ...url,
  loader: async ({ context: { queryClient }, deps, cause }) => {
    // The Add button waits for a WebAdmin's grant, so it doesn't appear after the rows.
    const access = loadCategoryAccess(queryClient).catch(() => undefined);
    await Promise.all([loadList(queryClient, categoriesQueries.list(deps), cause), access]);
  },
  component: function ListCategoriesPage() {
    const canAdd = useCanUpsertCategory();
    return <ListScreen list={useCategoriesList()} search={Route.useSearch()} canAdd={canAdd} />;
  },
});
