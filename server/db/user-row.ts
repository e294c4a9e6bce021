import type { Kysely, Transaction } from 'kysely';
import type { Role } from '#contract/enums';
import type { Profile } from '#contract/profile';
import { fromPaise } from '#contract/rules';
import { yesNo } from '../lib/flags';
import type { Database, UserRow } from './schema';

/*
 * A users row with its role's name, and its contract shape (the profile; the admin's
 * user is the same fields). Only that shape leaves the services, so a hash can't slip
 * into a response.
 */

export type UserWithRole = UserRow & { role: string };

/** Every users column and the role's name as `role`. */
export function selectUsersWithRole(db: Kysely<Database> | Transaction<Database>) {
  return db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .selectAll('users')
    .select('roles.name as role');
}

/** A user row as the contract's profile / user (never the hash). */
export function toProfile(row: UserWithRole): Profile {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phoneNumber: row.phone_number,
    role: row.role as Role,
    address1: row.address1,
    address2: row.address2,
    address3: row.address3,
    city: row.city,
    state: row.state,
    country: row.country,
    pincode: row.pincode,
    bussinessName: row.bussiness_name,
    deleveryMessage: row.delevery_message,
    bussinessImage: row.bussiness_image,
    deliveryTime: row.delivery_time ?? 0,
    deliveryPrice: fromPaise(row.delivery_price ?? 0),
    bussinessType: row.bussiness_type,
    description: row.description,
    isHomeDeliveryAvailable: yesNo(row.is_home_delivery_available),
    isActive: yesNo(row.is_active),
    isOnlinePaymentEnabled: yesNo(row.is_online_payment_enabled),
    isAddCategoryItems: yesNo(row.is_add_category_items),
    gstin: row.gstin ?? '',
    fssaiNumber: row.fssai_number ?? '',
    taxScheme: row.tax_scheme === 'Composition' ? 'Composition' : 'Regular',
    version: row.version,
  };
}

/**
 * The tax profile's columns a profile or user payload sets ('' is none: stored as null; a
 * key left out keeps the stored value, contract/tax.ts).
 */
export function taxColumns(fields: { gstin?: string; fssaiNumber?: string; taxScheme?: string }) {
  return {
    ...(fields.gstin === undefined ? {} : { gstin: fields.gstin || null }),
    ...(fields.fssaiNumber === undefined ? {} : { fssai_number: fields.fssaiNumber || null }),
    ...(fields.taxScheme === undefined ? {} : { tax_scheme: fields.taxScheme }),
  };
}
