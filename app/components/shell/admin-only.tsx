import type { ReactNode } from 'react';
import { can } from '#contract/permissions';
import { useSession } from '../../lib/auth/session';
import { NoAccessScreen } from './status-screens';

/**
 * The admin guard (spec §2): children only for a role that may manage users (BlueTikAdmin);
 * anyone else gets a plain "No access" screen, not a redirect (DECISIONS §5).
 */
export function AdminOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  return can(session?.role, 'users.manage') ? children : <NoAccessScreen />;
}
