import { createFileRoute } from '@tanstack/react-router';
import { AuditListQuerySchema } from '#contract/audit';
import { listRoute, ListScreen, loadList } from '../../../components/data-table';
import { auditPage, useAuditList } from '../../../features/audit/columns';

const url = listRoute(AuditListQuerySchema);

export const Route = createFileRoute('/_authed/_admin/listaudit')({
  ...url,
  loader: ({ context, deps, cause }) => loadList(context.queryClient, auditPage(deps), cause, 'audit.read'),
  component: function ListAuditPage() {
    return <ListScreen list={useAuditList()} search={Route.useSearch()} />;
  },
});
