import { createFileRoute } from '@tanstack/react-router';
import { AddCategoryForm } from '../../features/categories/components/category-form';
import { categoriesQueries } from '../../features/categories/queries';
import { useBackToList } from '../../lib/list-return-hooks';
import { notify } from '../../lib/events';
import { loadCategoryAccess, useCanUpsertCategory } from './-category-access';

export const Route = createFileRoute('/_authed/addcategory')({
  loader: async ({ context }) => {
    await loadCategoryAccess(context.queryClient);
    await context.queryClient.ensureQueryData(categoriesQueries.availableItems());
  },
  component: AddCategoryPage,
});

function AddCategoryPage() {
  const canEdit = useCanUpsertCategory();
  const toList = useBackToList('/listcategories');
  return (
    <AddCategoryForm
      canEdit={canEdit}
      onSaved={(saved) => {
        notify({ tone: 'success', message: `Category ${saved.name} was added.` });
        toList();
      }}
      onCancel={toList}
    />
  );
}
