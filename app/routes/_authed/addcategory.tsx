import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { AddCategoryForm } from '../../features/categories/components/category-form';
import { categoriesQueries } from '../../features/categories/queries';
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
  const navigate = useNavigate();
  const canEdit = useCanUpsertCategory();
  const toList = () => void navigate({ to: '/listcategories' });
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
