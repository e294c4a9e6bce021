import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import type { Role } from '#contract/enums';
import type { LoginResult } from '#contract/auth';
import { makeLoginResult } from '#mocks/factories/accounts';
import { saveSession } from '../lib/auth/session';
import { createQueryClient } from '../lib/query-client';
import { createAppRouter } from '../router';

/** Stores a session as a successful login would (role in the token). */
export function signInAs(role: Role = 'BlueTikAdmin', overrides: Partial<LoginResult> = {}): LoginResult {
  const result = makeLoginResult(role, overrides);
  saveSession(result);
  return result;
}

/** Renders the real app router at `path` with a fresh QueryClient and memory history. */
export async function renderApp(path = '/') {
  const queryClient = createQueryClient();
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ queryClient, history });
  const user = userEvent.setup();
  const utils = render(<RouterProvider router={router} />);
  await act(() => router.load());
  return { ...utils, router, queryClient, user, history };
}

/**
 * An element's text as a person reads it: any run of spaces, including the no-break space
 * between "Rs" and an amount, read as one space.
 */
export const readText = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ');
