import * as v from 'valibot';
import { COUNTRIES, RoleNameSchema, STATES, YES_NO } from './enums';
import { digitsNumber, optionalText, payloadObject, requiredText } from './rules';
import { gstinFitsState, gstinStateMessage, TAX_LABELS, TAX_SCHEMES, TaxProfileFields } from './tax';
import { ExpectedVersionField, VersionSchema } from './versions';

/*
 * Edit Profile (spec §5 "Edit profile", as DECISIONS §5 amends it). Wire names are
 * the spec's own, misspellings included (`bussinessName`, `deleveryMessage`).
 */

// valibot's own email pattern, applied only to a non-blank value.
const EMAIL = /^[\w+-]+(?:\.[\w+-]+)*@[\da-z]+(?:[.-][\da-z]+)*\.[a-z]{2,}$/iu;

const yesNo = (label: string) => v.picklist(YES_NO, `${label} is required.`);

/**
 * The profile's fields as every screen labels them (the profile and user forms share them).
 * The schemas' messages start with these labels, so the form and the server say the same words.
 */
export const PROFILE_LABELS = {
  name: 'Name',
  email: 'Email',
  address1: 'Address 1',
  address2: 'Address 2',
  address3: 'Address 3',
  city: 'City',
  state: 'State',
  country: 'Country',
  pincode: 'Pincode',
  bussinessName: 'Business Name',
  deleveryMessage: 'Delivery Message',
  bussinessImage: 'Business Image',
  deliveryTime: 'Delivery Time',
  deliveryPrice: 'Delivery Price',
  bussinessType: 'Business Type',
  description: 'Description',
  isHomeDeliveryAvailable: 'Is Home Delivery Available',
  ...TAX_LABELS,
} as const;
const L = PROFILE_LABELS;

/** Fields a user may change on their own profile (and the user form shares). */
export const ProfileFieldsSchema = v.object({
  name: requiredText(L.name, 4, 30, { dot: true }),
  email: v.pipe(
    v.string('Email is required.'),
    v.trim(),
    v.nonEmpty('Email is required.'),
    // A blank box gets only "is required", not three messages at once.
    v.check((s) => s === '' || EMAIL.test(s), 'Please enter a valid email address.'),
    v.check((s) => s === '' || s.length >= 10, 'Email must be at least 10 characters long.'),
    v.maxLength(40, 'Email cannot be more than 40 characters long.'),
  ),
  address1: requiredText(L.address1, 4, 40, { dot: true }),
  address2: requiredText(L.address2, 4, 40, { dot: true }),
  address3: requiredText(L.address3, 4, 40, { dot: true }),
  city: requiredText(L.city, 4, 40, { dot: true }),
  state: v.picklist(STATES, 'State is required.'),
  country: v.picklist(COUNTRIES, 'Country is required.'),
  pincode: v.pipe(
    v.string('Pincode is required.'),
    v.trim(),
    v.nonEmpty('Pincode is required.'),
    v.regex(/^\d+$/, 'Only numbers are allowed.'),
    v.maxLength(10, 'Pincode cannot be more than 10 characters long.'),
  ),
  bussinessName: requiredText(L.bussinessName, 4, 30, { dot: true }),
  deleveryMessage: optionalText(L.deleveryMessage, 4, 30),
  bussinessImage: optionalText(L.bussinessImage, 4, 40),
  deliveryTime: digitsNumber({
    max: 1000,
    maxMessage: 'Delivery Time less than or equal to 1000.',
    requiredMessage: 'Delivery Time is required.',
  }),
  deliveryPrice: digitsNumber({
    max: 1000,
    maxMessage: 'Delivery Price less than or equal to 1000.',
    requiredMessage: 'Delivery Price is required.',
  }),
  bussinessType: requiredText(L.bussinessType, 4, 40, { dot: true }),
  description: requiredText(L.description, 4, 40, { dot: true }),
  isHomeDeliveryAvailable: yesNo(L.isHomeDeliveryAvailable),
  // The store's tax profile (DECISIONS §9): what its bills print.
  ...TaxProfileFields,
});

/**
 * Edit-profile payload. `id` is the hidden id the form keeps; `phoneNumber` comes
 * from the stored user id. The server edits the signed-in user whatever they say.
 */
export const EditProfileSchema = v.pipe(
  payloadObject({
    id: v.optional(v.union([v.string(), v.number()])),
    phoneNumber: v.optional(v.string()),
    ...ProfileFieldsSchema.entries,
    version: ExpectedVersionField,
  }),
  v.forward(v.partialCheck([['gstin'], ['state']], gstinFitsState, gstinStateMessage), ['gstin']),
);
/** Edit-profile payload as the form holds it. */
export type EditProfileInput = v.InferInput<typeof EditProfileSchema>;
/** Edit-profile payload after validation (numbers parsed, text trimmed). */
export type EditProfileOutput = v.InferOutput<typeof EditProfileSchema>;

/** A user's profile as `getuserbyuserid` returns it (spec §3 Profile/User). Never a hash. */
export const ProfileSchema = v.object({
  id: v.number(),
  name: v.string(),
  email: v.string(),
  phoneNumber: v.string(),
  role: RoleNameSchema,
  address1: v.string(),
  address2: v.string(),
  address3: v.string(),
  city: v.string(),
  state: v.string(),
  country: v.string(),
  pincode: v.string(),
  bussinessName: v.string(),
  deleveryMessage: v.string(),
  bussinessImage: v.string(),
  deliveryTime: v.number(),
  deliveryPrice: v.number(),
  bussinessType: v.string(),
  description: v.string(),
  isHomeDeliveryAvailable: v.picklist(YES_NO),
  isActive: v.picklist(YES_NO),
  isOnlinePaymentEnabled: v.picklist(YES_NO),
  isAddCategoryItems: v.picklist(YES_NO),
  /** '' when the store has none. */
  gstin: v.string(),
  /** '' until entered. */
  fssaiNumber: v.string(),
  taxScheme: v.picklist(TAX_SCHEMES),
  version: VersionSchema,
});
/** A user's profile. */
export type Profile = v.InferOutput<typeof ProfileSchema>;
