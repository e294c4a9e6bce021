import * as v from 'valibot';

/** The four roles, top role first (spec §6). */
export const ROLES = ['BlueTikAdmin', 'WebAdmin', 'WebUser', 'MobileUser'] as const;
/** A role name as carried in the token's `role` claim. */
export type Role = (typeof ROLES)[number];
/** Accepts one of the four role names. */
export const RoleNameSchema = v.picklist(ROLES, 'Role is required');

/** Order status codes (spec §4): 0 Placed … 4 Cancelled. */
export const ORDER_STATUSES = [
  { id: 0, label: 'New Order' },
  { id: 1, label: 'Processing' },
  { id: 2, label: 'On the Way' },
  { id: 3, label: 'Delivered' },
  { id: 4, label: 'Cancelled' },
] as const;
/** An order status code. */
export type OrderStatus = 0 | 1 | 2 | 3 | 4;
/** The status code that requires a cancelled reason. */
export const CANCELLED_STATUS = 4;
/** The Delivered status: the yearly sales add these orders up. */
export const DELIVERED_STATUS = 3;
/** Statuses still to be delivered: an Upcoming order has one of these (DECISIONS §1). */
export const UPCOMING_STATUSES = [0, 1, 2] as const satisfies readonly OrderStatus[];

/** Payment types (spec §9). */
export const PAYMENT_TYPES = ['Online', 'PayOnDelivery'] as const;
/** A payment type. */
export type PaymentType = (typeof PAYMENT_TYPES)[number];
/** How every screen shows a payment type (the wire keeps 'PayOnDelivery'). */
export const PAYMENT_TYPE_LABELS: Record<PaymentType, string> = {
  Online: 'Online',
  PayOnDelivery: 'Pay on Delivery',
};

/** Yes/No choice values used by flags on the wire (spec §3). */
export const YES_NO = ['Yes', 'No'] as const;
/** A Yes/No flag. */
export type YesNo = (typeof YES_NO)[number];

/** Time periods for the expected delivery time (spec §9). */
export const TIME_PERIODS = ['AM', 'PM'] as const;

/** Cancelled reasons, ids 1–10 (spec §9). */
export const CANCELLED_REASONS = [
  { id: 1, label: 'Incorrect Order Details' },
  { id: 2, label: 'Delayed Delivery' },
  { id: 3, label: 'Duplicate Order' },
  { id: 4, label: 'Out of Stock' },
  { id: 5, label: 'Shipping Restrictions' },
  { id: 6, label: 'Payment Issues' },
  { id: 7, label: 'Logistics Issues' },
  { id: 8, label: 'Website - System Errors' },
  { id: 9, label: 'Miscommunication' },
  { id: 10, label: 'Other' },
] as const;

/** States offered by the profile and user forms (spelling corrected, DECISIONS §5). */
export const STATES = ['Telangana', 'Andhra Pradesh'] as const;
/** Countries offered (India only, spec §9). */
export const COUNTRIES = ['India'] as const;

/** The app's languages (issue 17): English as India writes it, Telugu, Hindi (BCP 47 tags). */
export const LANGUAGES = ['en-IN', 'te-IN', 'hi-IN'] as const;
export const LanguageSchema = v.picklist(LANGUAGES, 'Language must be one of en-IN, te-IN, hi-IN.');
export type Language = (typeof LANGUAGES)[number];
