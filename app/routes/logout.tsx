import { createFileRoute, redirect } from '@tanstack/react-router';
import { logout } from '../lib/auth/logout';

export const Route = createFileRoute('/logout')({
  beforeLoad: async ({ preload, context }) => {
    // A preload (hover, focus) must never sign anyone out.
    if (preload) return;
    await logout();
    context.loadedQueryClient()?.clear();
    throw redirect({ to: '/login', replace: true });
  },
});
