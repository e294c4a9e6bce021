import { AppShell } from './app-shell';
import { NotFoundContent } from './status-screens';

/** An unknown path while signed in: the not-found message inside the shell (spec §2: the shell shows whenever a token exists). */
export default function SignedInNotFound() {
  return (
    <AppShell>
      <NotFoundContent />
    </AppShell>
  );
}
