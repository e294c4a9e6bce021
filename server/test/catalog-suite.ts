import type { Session, TestServer } from './harness';
import { useSuite } from './suite';

/*
 * The catalog suites (categories, items) read the file's suite under these names: the
 * store WebAdmin B (isAddCategoryItems No) beside store A's WebAdmin (Yes) is what their
 * grant tests compare. Each test file has its own copy of this module, so the names are
 * that file's own.
 */

export let t: TestServer;
export let admin: Session;
export let webAdmin: Session;
export let webAdminB: Session;
export let webUser: Session;
export let mobileUser: Session;
export let anonymous: { csrf: string };

/** Registers the file's suite and fills the names above before its first test. */
export function useCatalogSuite() {
  useSuite({}, (s) => {
    ({ t, anonymous } = s);
    ({ admin, webAdmin, storeB: webAdminB, webUser, mobileUser } = s.as);
  });
}
