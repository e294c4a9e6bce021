import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isUserExistsResult, type User, type UserUpsertOutput } from '#contract/users';
import { api } from '../../lib/api-client';
import { usersKeys } from './queries';

/** What a user save came to: saved, or refused because the phone number is taken (spec §7). */
export type UserSaveOutcome = { saved: User } | { exists: true };

/**
 * Creates or updates a user. An empty result means the user already exists: nothing was
 * saved, so nothing is invalidated. Otherwise every users query is invalidated before the
 * caller's onSuccess.
 */
export function useUpsertUser(options: { onSuccess?: (outcome: UserSaveOutcome) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: UserUpsertOutput): Promise<UserSaveOutcome> => {
      const result = await api.call('upsertUser', { body: payload });
      return isUserExistsResult(result) ? { exists: true } : { saved: result as User };
    },
    onSuccess: async (outcome) => {
      if ('saved' in outcome) await queryClient.invalidateQueries({ queryKey: usersKeys.all });
      options.onSuccess?.(outcome);
    },
  });
}
