import { act, render, screen } from '@testing-library/react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { signInAs } from '../../test/render-app';
import { AdminOnly } from './admin-only';

// No admin screen exists yet (users and roles arrive later), so mount the guard on a stand-in route.
async function renderGuarded() {
  const root = createRootRoute({ component: Outlet });
  const admin = createRoute({
    getParentRoute: () => root,
    path: '/',
    component: () => (
      <AdminOnly>
        <h1>Users</h1>
      </AdminOnly>
    ),
  });
  const router = createRouter({
    routeTree: root.addChildren([admin]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(<RouterProvider router={router} />);
  await act(() => router.load());
  return router;
}

describe('admin guard', () => {
  it.each(['WebAdmin', 'WebUser', 'MobileUser'] as const)(
    'shows "No access" to %s, without redirecting',
    async (role) => {
      signInAs(role);
      const router = await renderGuarded();
      expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Users' })).not.toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
    },
  );

  it('lets BlueTikAdmin through', async () => {
    signInAs('BlueTikAdmin');
    await renderGuarded();
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
  });
});
