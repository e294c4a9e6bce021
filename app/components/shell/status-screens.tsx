import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { StatusScreen } from '../ui/status-screen';

/** The not-found message and its way home, for inside a page's main region. */
export function NotFoundContent() {
  return (
    <StatusScreen
      code="404"
      title="Page not found"
      actions={
        <Link to="/" className="btn-primary">
          Go to Dashboard
        </Link>
      }
    >
      <p>We couldn’t find the page you asked for. Check the address, or start again from the dashboard.</p>
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
  const router = useRouter();
  if (import.meta.env.DEV) console.error(error);
  return (
    <StatusScreen
      code="500"
      title="Internal server error"
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
            Try again
          </button>
          <Link to="/" className="btn-secondary">
            Go to Dashboard
          </Link>
        </>
      }
    >
      <p>There was an error. Please try again later.</p>
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
  return (
    <StatusScreen
      code="403"
      title="No access"
      actions={
        <Link to="/" className="btn-secondary">
          Go to Dashboard
        </Link>
      }
    >
      <p>This section is for platform administrators only.</p>
    </StatusScreen>
  );
}
