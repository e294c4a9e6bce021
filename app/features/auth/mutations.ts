import { useMutation } from '@tanstack/react-query';
import { apiPath } from '#contract/endpoints';
import type { ChangePasswordInput, LoginInput, LoginResult } from '#contract/auth';
import { api } from '../../lib/api-client';
import { saveSession } from '../../lib/auth/session';

/** Signs in and stores the session (spec §3) before the caller's onSuccess runs. */
export function useSignIn(options: { onSuccess?: (result: LoginResult) => void } = {}) {
  return useMutation({
    mutationFn: (input: LoginInput) => api.post<LoginResult>(apiPath('login'), input),
    onSuccess: (result) => {
      saveSession(result);
      options.onSuccess?.(result);
    },
  });
}

/**
 * Changes the signed-in user's password. The server answers isSuccess with a result
 * string (DECISIONS §1): 'Password Changed', 'Invalid Current Password' or 'User Not Found'.
 */
export function useChangePassword(options: { onSuccess?: (result: string) => void } = {}) {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.post<string>(apiPath('changePassword'), input),
    onSuccess: (result) => options.onSuccess?.(result),
  });
}
