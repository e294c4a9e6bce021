import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditProfileOutput } from '#contract/profile';
import { api } from '../../lib/api-client';
import { updateSessionProfile } from '../../lib/auth/session';
import { profileKeys } from './queries';

/** Saves the own profile; invalidates it and refreshes the stored name/e-mail before the caller's onSuccess. */
export function useEditProfile(options: { onSuccess?: (saved: EditProfileOutput) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EditProfileOutput) => api.call('editUserProfile', { body: input }),
    onSuccess: async (_result, input) => {
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
      updateSessionProfile({ name: input.name, email: input.email });
      options.onSuccess?.(input);
    },
  });
}
