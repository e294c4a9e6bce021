import { createFileRoute } from '@tanstack/react-router';
import { Welcome } from '../../features/dashboard/components/welcome';
import { useSession } from '../../lib/auth/session';

export const Route = createFileRoute('/_authed/')({
  component: HomePage,
});

function HomePage() {
  const session = useSession();
  return <Welcome name={session?.name ?? ''} role={session?.role ?? ''} />;
}
