import * as v from 'valibot';
import { ROLES, RoleNameSchema, type Role } from './enums';
import { payloadObject, requiredText, UpsertIdSchema } from './rules';
import { ExpectedVersionField, VersionSchema } from './versions';

/* Roles (spec §3 Role, §5 Role; DECISIONS §1 roles base path and bulk insert). */

/** A role as listroles and getrolebyid return it. */
export const RoleSchema = v.object({
  id: v.number(),
  /** One of the four role types. */
  name: RoleNameSchema,
  description: v.string(),
  version: VersionSchema,
});
/** A role. */
export type RoleRecord = v.InferOutput<typeof RoleSchema>;

/** The role form's fields as labelled ('Role WebAdmin already exists.' belongs to Role Type). */
export const ROLE_LABELS = { name: 'Role Type', description: 'Description' } as const;

/** The role form / upsertrole payload. An empty id creates. */
export const RoleUpsertSchema = payloadObject({
  id: UpsertIdSchema,
  name: RoleNameSchema,
  description: requiredText(ROLE_LABELS.description, 1, 40),
  version: ExpectedVersionField,
});
/** The role form's values. */
export type RoleUpsertInput = v.InferInput<typeof RoleUpsertSchema>;
/** A validated role payload. */
export type RoleUpsertOutput = v.InferOutput<typeof RoleUpsertSchema>;

/** Refusals of upsertrole/removerole (400 envelopes, 404 for a missing role). */
export const ROLE_MESSAGES = {
  notFound: 'Role not found',
  /** Role names are unique: the four types, once each. */
  exists: (name: string) => `Role ${name} already exists.`,
  /** Removing (or renaming) a role its users still hold. */
  inUse: (count: number) => `Role is in use by ${count} user${count === 1 ? '' : 's'}.`,
} as const;

/** The role types not yet present: names are unique, so only these can be added. */
export function freeRoleTypes(existing: readonly { name: Role }[]): Role[] {
  const taken = new Set(existing.map((role) => role.name));
  return ROLES.filter((type) => !taken.has(type));
}

/** bulkitemsinsert result: master-catalog items added, and those already present (same name and brand). */
export const BulkInsertResultSchema = v.object({
  inserted: v.pipe(v.number(), v.integer(), v.minValue(0)),
  skipped: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
/** bulkitemsinsert result. */
export type BulkInsertResult = v.InferOutput<typeof BulkInsertResultSchema>;

/** listusersroles result: the roles the user form's dropdown offers, each with its name. */
export const UsersRolesSchema = v.array(v.object({ id: v.number(), name: RoleNameSchema }));
/** listusersroles result. */
export type UsersRoles = v.InferOutput<typeof UsersRolesSchema>;
