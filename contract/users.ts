import * as v from 'valibot';
import { COUNTRIES, RoleNameSchema, STATES, YES_NO } from './enums';
import { PROFILE_LABELS, ProfileFieldsSchema, ProfileSchema } from './profile';
import { gstinFitsState, gstinStateMessage, TaxProfileFields } from './tax';
import { digitsNumber, optionalText, payloadObject, PHONE_DIGITS, UpsertIdSchema } from './rules';
import { ExpectedVersionField } from './versions';

/*
 * Users, as the platform admin manages them (spec §3 Profile/User, §5 "User form" as
 * DECISIONS §5 amends it). Where a rule is the profile's own, the profile's schema
 * entry is reused; the user form makes most store fields optional-but-bounded.
 * No result schema has a password field, and v.object drops unknown keys, so parsing
 * a row that carries one yields a value without it.
 */

/** A user as getuserbyid returns it: the profile's fields, never a password or hash. */
export const UserSchema = v.object({ ...ProfileSchema.entries });
/** A user. */
export type User = v.InferOutput<typeof UserSchema>;

/** A row of the users list; `type` is the user's role (the table's Type column). */
export const UserListRowSchema = v.object({
  id: v.number(),
  type: RoleNameSchema,
  name: v.string(),
  email: v.string(),
  phoneNumber: v.string(),
  bussinessName: v.string(),
  isHomeDeliveryAvailable: v.picklist(YES_NO),
  isActive: v.picklist(YES_NO),
  isOnlinePaymentEnabled: v.picklist(YES_NO),
});
/** A row of the users list. */
export type UserListRow = v.InferOutput<typeof UserListRowSchema>;

/** Shown when upsertuser answers success with an empty result (spec §7, typo corrected per DECISIONS §5). */
export const USER_EXISTS_MESSAGE = 'User already exists';

/**
 * upsertuser's "empty result" (spec §7): the phone number belongs to another user, so
 * nothing was saved. The envelope is a success whose result is this empty string.
 */
export const USER_EXISTS_RESULT = '' as const;

/** upsertuser result: the saved user, or USER_EXISTS_RESULT when the phone number is taken. */
export const UserUpsertResultSchema = v.union([UserSchema, v.literal(USER_EXISTS_RESULT)]);
/** upsertuser result. */
export type UserUpsertResult = v.InferOutput<typeof UserUpsertResultSchema>;

/** Refusals of upsertuser/removeuser that protect the platform (400 envelopes). */
export const USER_MESSAGES = {
  notFound: 'User not found',
  lastAdmin: 'The last active BlueTikAdmin cannot be deactivated, given another role or removed.',
  removeSelf: 'You cannot remove your own account.',
  /** `role` names no role in the roles table. */
  unknownRole: (role: string) => `Role ${role} does not exist.`,
  /** Orders reference their store, so a store with orders is deactivated instead. */
  hasOrders: (count: number) =>
    `This user has ${count} order${count === 1 ? '' : 's'} and cannot be removed; set Is Active to No instead.`,
} as const;

/** Whether an upsertuser result says the user already exists (an empty result; null read alike). */
export function isUserExistsResult(result: unknown): boolean {
  return result === USER_EXISTS_RESULT || result === null || result === undefined;
}

const yesNo = (label: string) => v.picklist(YES_NO, `${label} is required.`);
/** A choice that may be left blank ('' = not given). */
const optionalChoice = <const T extends readonly string[]>(options: T, message: string) =>
  v.pipe(
    v.optional(v.nullable(v.string(message)), ''),
    v.transform((s) => s ?? ''),
    v.union([v.literal(''), v.picklist(options)], message),
  );

/** Password length bounds of the user form (spec §5, §9). */
export const USER_PASSWORD_MIN = 4;
/** Longest password the user form takes (spec §9). */
export const USER_PASSWORD_MAX = 16;

/**
 * Whether the user form sets a password: for a new user (no id) always, for an
 * existing one only when "change password" is Yes (DECISIONS §3: No keeps it).
 */
export function passwordRequired(values: { id?: unknown; ispasswordchangeconfirms?: unknown }): boolean {
  const id = values.id;
  const isNew =
    id === undefined || id === null || id === 0 || (typeof id === 'string' && /^\s*0*\s*$/.test(id));
  return isNew || values.ispasswordchangeconfirms === 'Yes';
}

/** The user form's fields as labelled: the profile's, plus sign-in, role and the admin's flags. */
export const USER_LABELS = {
  ...PROFILE_LABELS,
  phoneNumber: 'Phone Number',
  passWord: 'Password',
  role: 'Role',
  isActive: 'Is Active',
  isOnlinePaymentEnabled: 'Is Online Payment Enabled',
  isAddCategoryItems: 'Is Add Category Items',
} as const;

/**
 * The user form / upsertuser payload. The password rule (required, 4 to 16) applies
 * only when passwordRequired() says so; otherwise whatever the box holds is ignored and
 * the output's passWord is undefined, so the server can't overwrite by mistake.
 */
export const UserUpsertSchema = v.pipe(
  payloadObject({
    id: UpsertIdSchema,
    name: ProfileFieldsSchema.entries.name,
    email: ProfileFieldsSchema.entries.email,
    phoneNumber: v.pipe(
      v.string('Phone Number is required'),
      v.trim(),
      v.nonEmpty('Phone Number is required'),
      v.check((s) => s === '' || PHONE_DIGITS.test(s), 'Phone Number must be exactly 10 digits.'),
    ),
    // Not trimmed: spaces are part of a password. Checked below, once the id is known.
    passWord: v.optional(v.nullable(v.string()), ''),
    role: RoleNameSchema,
    address1: optionalText(USER_LABELS.address1, 4, 40),
    address2: optionalText(USER_LABELS.address2, 4, 40),
    address3: optionalText(USER_LABELS.address3, 4, 40),
    city: optionalText(USER_LABELS.city, 4, 40),
    state: optionalChoice(STATES, 'State must be Telangana or Andhra Pradesh.'),
    country: optionalChoice(COUNTRIES, 'Country must be India.'),
    pincode: v.pipe(
      v.optional(v.nullable(v.string()), ''),
      v.transform((s) => (s ?? '').trim()),
      v.regex(/^\d*$/, 'Only numbers are allowed.'),
      v.maxLength(10, 'Pincode cannot be more than 10 characters long.'),
    ),
    bussinessName: ProfileFieldsSchema.entries.bussinessName,
    deleveryMessage: ProfileFieldsSchema.entries.deleveryMessage,
    bussinessImage: ProfileFieldsSchema.entries.bussinessImage,
    // Optional with blank → 0 (spec §3 "a missing deliveryTime or deliveryPrice becomes 0").
    deliveryTime: v.optional(
      digitsNumber({
        max: 1000,
        maxMessage: 'Delivery Time less than or equal to 1000.',
        requiredMessage: 'Delivery Time is required.',
        blankAs: 0,
      }),
      0,
    ),
    // Optional with blank → 0 (spec §3 "a missing deliveryTime or deliveryPrice becomes 0").
    deliveryPrice: v.optional(
      digitsNumber({
        max: 1000,
        maxMessage: 'Delivery Price less than or equal to 1000.',
        requiredMessage: 'Delivery Price is required.',
        blankAs: 0,
      }),
      0,
    ),
    bussinessType: optionalText(USER_LABELS.bussinessType, 4, 40),
    description: optionalText(USER_LABELS.description, 4, 40),
    isHomeDeliveryAvailable: ProfileFieldsSchema.entries.isHomeDeliveryAvailable,
    isActive: yesNo(USER_LABELS.isActive),
    isOnlinePaymentEnabled: yesNo(USER_LABELS.isOnlinePaymentEnabled),
    isAddCategoryItems: yesNo(USER_LABELS.isAddCategoryItems),
    ispasswordchangeconfirms: yesNo('Change Password'),
    ...TaxProfileFields,
    version: ExpectedVersionField,
  }),
  v.forward(v.partialCheck([['gstin'], ['state']], gstinFitsState, gstinStateMessage), ['gstin']),
  v.forward(
    v.partialCheck(
      [['id'], ['ispasswordchangeconfirms'], ['passWord']],
      (u) => !passwordRequired(u) || (u.passWord ?? '') !== '',
      'Password is required',
    ),
    ['passWord'],
  ),
  v.forward(
    v.partialCheck(
      [['id'], ['ispasswordchangeconfirms'], ['passWord']],
      (u) =>
        !passwordRequired(u) || (u.passWord ?? '') === '' || (u.passWord ?? '').length >= USER_PASSWORD_MIN,
      `Password must be at least ${USER_PASSWORD_MIN} characters long.`,
    ),
    ['passWord'],
  ),
  v.forward(
    v.partialCheck(
      [['id'], ['ispasswordchangeconfirms'], ['passWord']],
      (u) => !passwordRequired(u) || (u.passWord ?? '').length <= USER_PASSWORD_MAX,
      `Password cannot be more than ${USER_PASSWORD_MAX} characters long.`,
    ),
    ['passWord'],
  ),
  v.transform((u) => ({ ...u, passWord: passwordRequired(u) ? (u.passWord ?? '') : undefined })),
);
/** The user form's values. */
export type UserUpsertInput = v.InferInput<typeof UserUpsertSchema>;
/** A validated user payload: passWord is set only when it is to be (re)set. */
export type UserUpsertOutput = v.InferOutput<typeof UserUpsertSchema>;

/** The flags a new user starts with (spec §4). */
export const NEW_USER_DEFAULTS = {
  isHomeDeliveryAvailable: 'Yes',
  isActive: 'Yes',
  ispasswordchangeconfirms: 'No',
  isOnlinePaymentEnabled: 'No',
  isAddCategoryItems: 'No',
} as const;

/**
 * The user form's starting values: blank with NEW_USER_DEFAULTS to add, `user`'s own
 * to edit (password blank, change-password No; a missing delivery time or price is 0).
 */
export function userFormValues(user?: User): UserUpsertInput {
  if (!user) {
    return {
      id: '',
      name: '',
      email: '',
      phoneNumber: '',
      passWord: '',
      role: '' as UserUpsertInput['role'],
      address1: '',
      address2: '',
      address3: '',
      city: '',
      state: '',
      country: 'India',
      pincode: '',
      bussinessName: '',
      deleveryMessage: '',
      bussinessImage: '',
      deliveryTime: 0,
      deliveryPrice: 0,
      bussinessType: '',
      description: '',
      gstin: '',
      fssaiNumber: '',
      taxScheme: 'Regular',
      ...NEW_USER_DEFAULTS,
    };
  }
  return {
    ...user,
    deliveryTime: user.deliveryTime ?? 0,
    deliveryPrice: user.deliveryPrice ?? 0,
    passWord: '',
    ispasswordchangeconfirms: 'No',
  };
}
