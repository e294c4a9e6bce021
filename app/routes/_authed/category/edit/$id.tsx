import { createFileRoute } from '@tanstack/react-router';
import { EditCategoryForm } from '../../../../features/categories/components/category-form';
import { categoriesQueries } from '../../../../features/categories/queries';
import { orNotFound, routeId } from '../../../../lib/detail-loader';
import { useBackToList } from '../../../../lib/list-return-hooks';
import { notify } from '../../../../lib/events';
import { loadCategoryAccess, useCanUpsertCategory } from '../../-category-access';

export const Route = createFileRoute('/_authed/category/edit/$id')({
  loader: async ({ context, params }) => {
    const id = routeId(params.id);
    await loadCategoryAccess(context.queryClient);
    await orNotFound(context.queryClient.ensureQueryData(categoriesQueries.detail(id)));
    return { id };
  },
  component: EditCategoryPage,
});

function EditCategoryPage() {
  const { id } = Route.useLoaderData();
  const canEdit = useCanUpsertCategory();
  const toList = useBackToList('/listcategories');
  return (
    <EditCategoryForm
      key={id}
      id={id}
      canEdit={canEdit}
      onSaved={(saved) => {
        notify({ tone: 'success', message: `Category ${saved.name} was saved.` });
        toList();
      }}
      onCancel={toList}
    />
  );
}
