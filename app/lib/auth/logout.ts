import { api } from '../api-client';
import { clearSession, getToken } from './session';

/**
 * Ends the session on the server (so the token stops working everywhere), then locally.
 * The server call may fail (expired token, offline): signing out must still happen.
 */
export async function logout(): Promise<void> {
  if (getToken()) {
    try {
      await api.call('logout', {}, { quiet: true });
    } catch {
      // Already logged by the client; the local sign-out below is what matters.
    }
  }
  clearSession();
}
