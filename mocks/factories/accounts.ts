import type { LoginResult } from '#contract/auth';
import { ROLES, type Role } from '#contract/enums';
import type { Profile } from '#contract/profile';
import type { User } from '#contract/users';

/*
 * The accounts' factories (tokens, the demo users, profiles and managed users), shaped by
 * the contract types, so a contract change breaks them at compile time instead of letting
 * tests pass against a stale shape.
 */

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT-shaped token carrying `claims` in the given order (the client only reads them). */
export function makeToken(claims: Record<string, unknown>): string {
  return [
    base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' })),
    base64Url(JSON.stringify(claims)),
    'signature',
  ].join('.');
}

/** A token whose claims follow DECISIONS §3's order: sub, role, name, jti, iat, exp. */
export function makeRoleToken(role: string, userId = '9000000001', name = 'Asha Admin'): string {
  const now = Math.floor(Date.now() / 1000);
  return makeToken({ sub: userId, role, name, jti: 'test-jti', iat: now, exp: now + 8 * 3600 });
}

/** Demo accounts (DECISIONS §8), one per role. */
export const DEMO_USERS: ReadonlyArray<{
  userId: string;
  password: string;
  role: Role;
  name: string;
  email: string;
}> = [
  {
    userId: '9000000001',
    password: 'Admin@123',
    role: 'BlueTikAdmin',
    name: 'Asha Admin',
    email: 'admin@bluetik.example',
  },
  {
    userId: '9000000002',
    password: 'Store@123',
    role: 'WebAdmin',
    name: 'Sunil Store',
    email: 'store@bluetik.example',
  },
  {
    userId: '9000000003',
    password: 'Staff@123',
    role: 'WebUser',
    name: 'Wendy Staff',
    email: 'staff@bluetik.example',
  },
  {
    userId: '9000000004',
    password: 'Mobile@123',
    role: 'MobileUser',
    name: 'Manoj Mobile',
    email: 'mobile@bluetik.example',
  },
];

/** A login result for `role`, expiring in 8 hours unless overridden. */
export function makeLoginResult(
  role: Role = 'BlueTikAdmin',
  overrides: Partial<LoginResult> = {},
): LoginResult {
  const user = DEMO_USERS.find((u) => u.role === role) ?? DEMO_USERS[0]!;
  return {
    token: makeRoleToken(role, user.userId, user.name),
    expiration: new Date(Date.now() + 8 * 3600 * 1000).toISOString(),
    userId: user.userId,
    name: user.name,
    email: user.email,
    language: null,
    ...overrides,
  };
}

/** A complete, valid profile (passes EditProfileSchema as loaded). */
export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 1,
    name: 'Asha Admin',
    email: 'admin@bluetik.example',
    phoneNumber: '9000000001',
    role: 'BlueTikAdmin',
    address1: 'Plot 12, Road 4',
    address2: 'Banjara Hills',
    address3: 'Near City Park',
    city: 'Hyderabad',
    state: 'Telangana',
    country: 'India',
    pincode: '500034',
    bussinessName: 'BlueTik Foods',
    deleveryMessage: 'Leave at the gate',
    bussinessImage: 'bluetik',
    deliveryTime: 30,
    deliveryPrice: 20,
    bussinessType: 'Grocery',
    description: 'Fresh groceries daily',
    isHomeDeliveryAvailable: 'Yes',
    gstin: '',
    fssaiNumber: '',
    taxScheme: 'Regular',
    isActive: 'Yes',
    isOnlinePaymentEnabled: 'No',
    isAddCategoryItems: 'No',
    version: 1,
    ...overrides,
  };
}

/**
 * User `n` as the users table holds it (a profile): 1–4 are the demo accounts, later ones
 * rotate through the roles, every other one a store with a business name.
 */
export function makeUser(n: number, overrides: Partial<User> = {}): User {
  const demo = DEMO_USERS[n - 1];
  if (demo)
    return makeProfile({
      id: n,
      name: demo.name,
      email: demo.email,
      phoneNumber: demo.userId,
      role: demo.role,
      ...overrides,
    });
  const pad = String(n).padStart(3, '0');
  return makeProfile({
    id: n,
    name: `User ${pad}`,
    email: `user${n}@bluetik.example`,
    phoneNumber: `90000${String(n).padStart(5, '0')}`,
    role: ROLES[n % ROLES.length]!,
    bussinessName: n % 2 ? `Business ${pad}` : '',
    isHomeDeliveryAvailable: n % 2 ? 'Yes' : 'No',
    isActive: n % 5 ? 'Yes' : 'No',
    isOnlinePaymentEnabled: n % 3 ? 'No' : 'Yes',
    ...overrides,
  });
}
