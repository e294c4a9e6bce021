import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { ExistingItemForm } from '../../../../features/items/components/item-form-screens';
import { itemsQueries } from '../../../../features/items/queries';
import { useSession } from '../../../../lib/auth/session';
import { orNotFound, routeId } from '../../../../lib/detail-loader';
import { useBackToList } from '../../../../lib/list-return-hooks';
import { notify } from '../../../../lib/events';

export const Route = createFileRoute('/_authed/items/edit/$id')({
  // Spec §2: ?action=edit or ?action=clone; anything else reads as edit.
  validateSearch: v.object({ action: v.fallback(v.optional(v.picklist(['edit', 'clone']), 'edit'), 'edit') }),
  loader: async ({ context, params }) => {
    const id = routeId(params.id);
    await orNotFound(context.queryClient.ensureQueryData(itemsQueries.detail(id)));
    return { id };
  },
  component: EditItemPage,
});

function EditItemPage() {
  const { id } = Route.useLoaderData();
  const { action } = Route.useSearch();
  const session = useSession();
  const toList = useBackToList('/listitems');
  return (
    <ExistingItemForm
      // Edit and clone of the same item are different forms (clone starts without the id).
      key={`${id}-${action}`}
      id={id}
      action={action}
      role={session?.role ?? ''}
      onSaved={(saved, done) => {
        notify({
          tone: 'success',
          message: done === 'clone' ? `Item ${saved.name} was created.` : `Item ${saved.name} was saved.`,
        });
        toList();
      }}
      onCancel={toList}
    />
  );
}
