import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '#contract/auth';
import { api } from '../../lib/api-client';

/**
 * Changes the signed-in user's password. The server answers isSuccess with a result
 * string (DECISIONS §1): 'Password Changed', 'Invalid Current Password' or 'User Not Found'.
 */
export function useChangePassword(options: { onSuccess?: (result: string) => void } = {}) {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.call('changePassword', { body: input }),
    onSuccess: (result) => options.onSuccess?.(result),
  });
}
