import type { LoginInput, LoginResult } from '#contract/auth';
import { api } from '../../lib/api-client';
import { saveSession } from '../../lib/auth/session';
import { adoptLanguage } from '../../components/preferences/choose-language';

/**
 * Signs in and stores the session (spec §3). A plain call, not a react-query mutation: the
 * form kit already tracks the submit, and react-query stays off the sign-in page.
 */
export async function signIn(input: LoginInput): Promise<LoginResult> {
  const result = await api.call('login', { body: input });
  saveSession(result);
  await adoptLanguage(result.language);
  return result;
}
