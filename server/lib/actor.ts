import type { Context } from 'hono';
import type { AuditActor } from '../audit/audit';
import { callerOf } from '../auth/permissions';
import type { AppEnv } from '../http/context';

/** Who the audit trail names for this request: the signed-in caller and the request id. */
export function auditActor(c: Context<AppEnv>): AuditActor & { userId: number } {
  const caller = callerOf(c);
  return { userId: caller.userId, name: caller.name, requestId: c.get('requestId') };
}
