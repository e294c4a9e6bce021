import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { CategoryListQuerySchema } from '#contract/lists';
import { grantOf } from '#contract/permissions';
import { listSearch, ListScreen, loadList, useListPage } from '../../components/data-table';
import { useCategoriesList } from '../../features/categories/columns';
import { categoriesQueries } from '../../features/categories/queries';
import { profileQueries } from '../../features/profile/queries';
import { getRole, getUserId, useSession } from '../../lib/auth/session';

/*
 * Add Category depends on the viewer's own isAddCategoryItems when their grant is
 * conditional (WebAdmin). The token doesn't carry it, so it is read from the viewer's
 * profile (one small cached call, shared with Edit Profile); the server refuses anyway.
 */
const needsProfileFlag = (role: string) => grantOf(role, 'categories.upsert') === 'if-add-category-items';

const url = listSearch(CategoryListQuerySchema, { subCategory: '' });

export const Route = createFileRoute('/_authed/listcategories')({
  validateSearch: url.validateSearch,
  search: url.search,
  loaderDeps: url.loaderDeps,
  loader: async ({ context, deps, cause }) => {
    const flag = needsProfileFlag(getRole())
      ? context.queryClient.ensureQueryData(profileQueries.detail(getUserId())).catch(() => undefined)
      : undefined;
    await Promise.all([loadList(context.queryClient, categoriesQueries.list(deps), cause), flag]);
  },
  component: ListCategoriesPage,
});

function ListCategoriesPage() {
  const session = useSession();
  const profile = useQuery({
    ...profileQueries.detail(session?.userId ?? ''),
    enabled: needsProfileFlag(session?.role ?? ''),
  });
  const isAddCategoryItems = profile.data?.isAddCategoryItems === 'Yes';
  const list = useCategoriesList();
  return <ListScreen list={list} {...useListPage(Route.useSearch(), { isAddCategoryItems })} />;
}
