import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { i18n, useT } from '../../lib/i18n';
import { StatusScreen } from '../ui/status-screen';

const messages = i18n('shell/status-screens', {
  notFound: 'Page not found',
  goHome: 'Go to Dashboard',
  notFoundText:
    'We couldn’t find the page you asked for. Check the address, or start again from the dashboard.',
  error: 'Internal server error',
  tryAgain: 'Try again',
  errorText: 'There was an error. Please try again later.',
  noAccess: 'No access',
  noAccessText: 'This section is for platform administrators only.',
});

/** The not-found message and its way home, for inside a page's main region. */
export function NotFoundContent() {
  const t = useT(messages);
  return (
    <StatusScreen
      code="404"
      title={t.notFound}
      actions={
        <Link to="/" className="btn-primary">
          {t.goHome}
        </Link>
      }
    >
      <p>{t.notFoundText}</p>
    </StatusScreen>
  );
}

/** Any path the app doesn't know (spec §2 "any other path"), as a page of its own. */
export function NotFoundScreen() {
  return (
    <main id="main-content" tabIndex={-1} className="outline-none">
      <NotFoundContent />
    </main>
  );
}

/** Unexpected failures: the spec's 500 message (copy corrected per DECISIONS §5), for inside a page's main region. */
export function ErrorContent({ error, reset }: ErrorComponentProps) {
  const t = useT(messages);
  const router = useRouter();
  if (import.meta.env.DEV) console.error(error);
  return (
    <StatusScreen
      code="500"
      title={t.error}
      actions={
        <>
          <button
            type="button"
            className="btn-primary"
            onClick={() => {
              reset();
              void router.invalidate();
            }}
          >
            {t.tryAgain}
          </button>
          <Link to="/" className="btn-secondary">
            {t.goHome}
          </Link>
        </>
      }
    >
      <p>{t.errorText}</p>
    </StatusScreen>
  );
}

/** The 500 screen as a page of its own (a failure outside the signed-in shell). */
export function ErrorScreen(props: ErrorComponentProps) {
  return (
    <main id="main-content" tabIndex={-1} className="outline-none">
      <ErrorContent {...props} />
    </main>
  );
}

/** The admin guard's answer (DECISIONS §5: a plain screen, no redirect). */
export function NoAccessScreen() {
  const t = useT(messages);
  return (
    <StatusScreen
      code="403"
      title={t.noAccess}
      actions={
        <Link to="/" className="btn-secondary">
          {t.goHome}
        </Link>
      }
    >
      <p>{t.noAccessText}</p>
    </StatusScreen>
  );
}
