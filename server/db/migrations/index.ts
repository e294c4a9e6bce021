import type { Migration, MigrationProvider } from 'kysely';
import type { Dialect } from '../database';
import { initial } from './0001-initial';
import { audit } from './0002-audit';
import { orderIndexes } from './0003-order-indexes';
import { orderListAtScale } from './0004-order-list-at-scale';
import { dashboardAtScale } from './0005-dashboard-at-scale';
import { orderChanges } from './0006-order-changes';
import { orderCountsLockOrder } from './0007-order-counts-lock-order';
import { orderSearchCover } from './0008-order-search-cover';
import { loginAttempts } from './0009-login-attempts';
import { versions } from './0010-versions';
import { orderCountsByStatus } from './0011-order-counts-by-status';
import { listViews } from './0012-list-views';
import { phoneSuffix } from './0013-phone-suffix';
import { storeBills } from './0014-store-bills';
import { orderTaken } from './0015-order-taken';
import { orderDue } from './0016-order-due';
import { userLanguage } from './0017-user-language';
import { indiaMonthSales } from './0018-india-month-sales';
import { storePhone } from './0019-store-phone';
import { namePrefixDue } from './0020-name-prefix-due';
import { storeTimeLeftDue } from './0021-store-time-left-due';
import { auditList } from './0022-audit-list';
import { orderInitials } from './0023-order-initials';
import { createdDueCover } from './0024-created-due-cover';

/*
 * A static, in-code list: the server is bundled into one file by esbuild, so there is
 * no migrations folder to scan at run time. Names sort in the order they apply.
 */
export function migrationProvider(dialect: Dialect): MigrationProvider {
  const migrations: Record<string, Migration> = {
    '0001-initial': initial(dialect),
    '0002-audit': audit(dialect),
    '0003-order-indexes': orderIndexes(),
    '0004-order-list-at-scale': orderListAtScale(dialect),
    '0005-dashboard-at-scale': dashboardAtScale(dialect),
    '0006-order-changes': orderChanges(dialect),
    '0007-order-counts-lock-order': orderCountsLockOrder(dialect),
    '0008-order-search-cover': orderSearchCover(dialect),
    '0009-login-attempts': loginAttempts(dialect),
    '0010-versions': versions(),
    '0011-order-counts-by-status': orderCountsByStatus(),
    '0012-list-views': listViews(dialect),
    '0013-phone-suffix': phoneSuffix(dialect),
    '0014-store-bills': storeBills(dialect),
    '0015-order-taken': orderTaken(dialect),
    '0016-order-due': orderDue(dialect),
    '0017-user-language': userLanguage(),
    '0018-india-month-sales': indiaMonthSales(dialect),
    '0019-store-phone': storePhone(dialect),
    '0020-name-prefix-due': namePrefixDue(dialect),
    '0021-store-time-left-due': storeTimeLeftDue(dialect),
    '0022-audit-list': auditList(dialect),
    '0023-order-initials': orderInitials(dialect),
    '0024-created-due-cover': createdDueCover(dialect),
  };
  return { getMigrations: async () => migrations };
}
