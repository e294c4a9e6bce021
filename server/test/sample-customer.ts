/**
 * A customer for orders the tests and scripts create (createorder's address fields): one
 * place, so a rule that changes what an address must hold changes here once. Free of the
 * test runner (stress/scale-checks.ts uses it too).
 */
export const SAMPLE_CUSTOMER = {
  orderUserPhoneNumber: '9876543210',
  orderUserAddress1: 'Flat 101, Lotus Apartments',
  orderUserCity: 'Hyderabad',
  orderUserState: 'Telangana',
  orderUserCountry: 'India',
  orderUserPincode: '500081',
} as const;
