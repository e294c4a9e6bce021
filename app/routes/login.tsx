import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import * as v from 'valibot';
import { LoginScreen } from '../features/auth/components/login-screen';
import { isSignedIn, SESSION_END_REASONS } from '../lib/auth/session';
import { safeRedirect } from '../lib/safe-redirect';

export const Route = createFileRoute('/login')({
  // `reason`: why a signed-in user was sent here (lib/auth/session.ts); anything else is dropped.
  validateSearch: v.object({
    redirect: v.optional(v.string()),
    reason: v.fallback(v.optional(v.picklist(SESSION_END_REASONS)), undefined),
  }),
  beforeLoad: ({ search }) => {
    if (isSignedIn()) throw redirect({ href: safeRedirect(search.redirect) ?? '/', replace: true });
  },
  component: LoginPage,
});

function LoginPage() {
  const { redirect: target, reason } = Route.useSearch();
  const navigate = useNavigate();
  return (
    <LoginScreen
      reason={reason}
      onSignedIn={() => {
        void navigate({ href: safeRedirect(target) ?? '/', replace: true });
      }}
    />
  );
}
