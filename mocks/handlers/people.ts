import { ROLE_MESSAGES, type RoleRecord } from '#contract/roles';
import { USER_MESSAGES, type User } from '#contract/users';
import { refuse } from '../auth';
import { list, on } from '../endpoint';
import { nextId, store } from '../store';

/** The users and roles calls: what is sent is stored, what is stored is answered. */
export const peopleHandlers = [
  list('listUsers', () => [...store.users.values()].map((u) => ({ ...u, type: u.role }))),
  on('getUserById', ({ params }) => store.users.get(params.id) ?? refuse(404, USER_MESSAGES.notFound)),
  on('listUsersRoles', () => [...store.roles.values()].map(({ id, name }) => ({ id, name }))),
  on('upsertUser', ({ body }) => {
    const before = body.id ? store.users.get(body.id) : undefined;
    if (body.id && !before) return refuse(404, USER_MESSAGES.notFound);
    const { passWord: _password, ispasswordchangeconfirms: _confirm, version: _version, ...fields } = body;
    const saved: User = {
      // A tax field left out keeps what is stored (contract/tax.ts), as the server does.
      gstin: before?.gstin ?? '',
      fssaiNumber: before?.fssaiNumber ?? '',
      taxScheme: before?.taxScheme ?? 'Regular',
      ...definedOnly(fields),
      id: body.id || nextId(store.users),
      version: (before?.version ?? 0) + 1,
    };
    store.users.set(saved.id, saved);
    return saved;
  }),
  on('removeUser', ({ params }) =>
    store.users.delete(params.id) ? true : refuse(404, USER_MESSAGES.notFound),
  ),

  list('listRoles', () => [...store.roles.values()]),
  on('getRoleById', ({ params }) => store.roles.get(params.id) ?? refuse(404, ROLE_MESSAGES.notFound)),
  on('upsertRole', ({ body }) => {
    const before = body.id ? store.roles.get(body.id) : undefined;
    if (body.id && !before) return refuse(404, ROLE_MESSAGES.notFound);
    const saved: RoleRecord = {
      id: body.id || nextId(store.roles),
      name: body.name,
      description: body.description,
      version: (before?.version ?? 0) + 1,
    };
    store.roles.set(saved.id, saved);
    return saved;
  }),
  on('removeRole', ({ params }) =>
    store.roles.delete(params.id) ? true : refuse(404, ROLE_MESSAGES.notFound),
  ),
  on('bulkItemsInsert', () => store.bulkInsert),
];

/** The payload's keys that hold a value (a left-out tax field keeps the stored one). */
function definedOnly<T extends object>(fields: T): T {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as T;
}
