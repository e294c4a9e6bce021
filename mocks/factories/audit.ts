import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditRow } from '#contract/audit';

/**
 * Audit trail entry `n`: every kind and action in turn (entries 1–8: order, category, item,
 * user, role, profile, password, catalog), a minute apart from 1 May 2026, by the admin.
 */
export function makeAuditEntry(n: number, overrides: Partial<AuditRow> = {}): AuditRow {
  const entity = AUDIT_ENTITIES[(n - 1) % AUDIT_ENTITIES.length]!;
  return {
    id: n,
    at: new Date(Date.UTC(2026, 4, 1, 4, n)).toISOString(),
    userId: 1,
    userName: 'Platform Admin',
    entity,
    entityId: entity === 'catalog' ? 0 : n,
    action: entity === 'password' ? 'change-password' : AUDIT_ACTIONS[1],
    changes: entity === 'password' ? 'password' : `name: Old ${n} → New ${n}`,
    ...overrides,
  };
}
