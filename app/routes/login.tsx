import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import * as v from 'valibot';
import { LoginScreen } from '../features/auth/components/login-screen';
import { isSignedIn } from '../lib/auth/session';
import { safeRedirect } from '../lib/safe-redirect';

export const Route = createFileRoute('/login')({
  validateSearch: v.object({ redirect: v.optional(v.string()) }),
  beforeLoad: ({ search }) => {
    if (isSignedIn()) throw redirect({ href: safeRedirect(search.redirect) ?? '/', replace: true });
  },
  component: LoginPage,
});

function LoginPage() {
  const { redirect: target } = Route.useSearch();
  const navigate = useNavigate();
  return (
    <LoginScreen
      onSignedIn={() => {
        void navigate({ href: safeRedirect(target) ?? '/', replace: true });
      }}
    />
  );
}
