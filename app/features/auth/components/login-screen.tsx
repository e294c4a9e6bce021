import type { SessionEndReason } from '../../../lib/auth/session';
import { i18n, useT } from '../../../lib/i18n';
import { LanguageSwitch } from '../../../components/preferences/language-switch';
import { LoginForm } from './login-form';

const messages = i18n('auth/login-screen', {
  title: 'Sign in',
  product: 'BlueTik Back Office',
  // One per SessionEndReason (t[reason] is checked by the compiler).
  ended: 'Your session has ended — please sign in again.',
  expired: 'Your session expired — please sign in again.',
  backWhereYouWere: 'You will be back where you were.',
});

/** The open sign-in page: no shell, just the brand, why the user is here (if sent), and the form. */
export function LoginScreen({ onSignedIn, reason }: { onSignedIn: () => void; reason?: SessionEndReason }) {
  const t = useT(messages);
  return (
    <main id="main-content" className="flex min-h-dvh items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex flex-col items-center text-center">
          <span
            aria-hidden="true"
            className="flex size-12 items-center justify-center rounded-xl bg-accent-600 text-white"
          >
            <svg viewBox="0 0 32 32" className="size-7">
              <path
                d="M9 16.5l4.5 4.5L23 11.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="3"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </span>
          <h1 id="login-title" className="mt-4 text-2xl font-semibold tracking-tight text-zinc-900">
            {t.title}
          </h1>
          <p className="mt-1 text-zinc-600">{t.product}</p>
        </div>
        {reason ? (
          <p
            role="status"
            className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          >
            {t[reason]} {t.backWhereYouWere}
          </p>
        ) : null}
        <div className="card p-6 sm:p-8">
          <LoginForm onSignedIn={onSignedIn} />
        </div>
        <div className="mt-6">
          <LanguageSwitch />
        </div>
      </div>
    </main>
  );
}
