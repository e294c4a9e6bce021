import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AdminOnly } from '../../components/shell/admin-only';

/** Spec §2 "admin" guard for users and roles: a plain "No access" screen for anyone else, no redirect. */
export const Route = createFileRoute('/_authed/_admin')({
  component: () => (
    <AdminOnly>
      <Outlet />
    </AdminOnly>
  ),
});
