import { useQuery, type QueryClient } from '@tanstack/react-query';
import { can } from '#contract/permissions';
import { profileQueries } from '../../features/profile/queries';
import { getRole, getUserId, useSession } from '../../lib/auth/session';

/*
 * Shared by the two category routes ('-' prefix: the router doesn't treat it as a route).
 * A WebAdmin may save categories only with their own isAddCategoryItems = Yes (DECISIONS §2),
 * which lives in their profile, so the routes compose the profile feature with the category one.
 */

/** Loader step: a WebAdmin's profile, so the form knows their category grant. */
export async function loadCategoryAccess(queryClient: QueryClient) {
  if (getRole() === 'WebAdmin') await queryClient.ensureQueryData(profileQueries.detail(getUserId()));
}

/** Whether the signed-in user may save categories (the permission table, settled by the profile flag). */
export function useCanUpsertCategory(): boolean {
  const role = useSession()?.role ?? '';
  const { data: profile } = useQuery({ ...profileQueries.detail(getUserId()), enabled: role === 'WebAdmin' });
  return can(role, 'categories.upsert', { isAddCategoryItems: profile?.isAddCategoryItems === 'Yes' });
}
