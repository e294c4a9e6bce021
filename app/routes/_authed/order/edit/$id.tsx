import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { dashboardKeys } from '../../../../features/dashboard/queries';
import { OrderDetails } from '../../../../features/orders/components/order-details';
import { ordersQueries } from '../../../../features/orders/queries';
import { useSession } from '../../../../lib/auth/session';
import { orNotFound, routeId } from '../../../../lib/detail-loader';
import { useBackToList, useEscapeLeaves } from '../../../../lib/list-return-hooks';
import { notify } from '../../../../lib/events';

export const Route = createFileRoute('/_authed/order/edit/$id')({
  loader: async ({ context, params }) => {
    const id = routeId(params.id);
    await orNotFound(context.queryClient.ensureQueryData(ordersQueries.detail(id)));
    return { id };
  },
  component: OrderEditPage,
});

function OrderEditPage() {
  const { id } = Route.useLoaderData();
  const session = useSession();
  const queryClient = useQueryClient();
  const toList = useBackToList('/listorders');
  useEscapeLeaves(toList);
  return (
    <OrderDetails
      // A new order id starts a fresh form (its defaults are the new order's).
      key={id}
      id={id}
      role={session?.role ?? ''}
      onSaved={(orderNumber) => {
        notify({ tone: 'success', message: `Order ${orderNumber} was saved.` });
        // A status change moves the dashboard's cards and sales: don't wait for its poll.
        void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
        toList();
      }}
      onCancel={toList}
    />
  );
}
