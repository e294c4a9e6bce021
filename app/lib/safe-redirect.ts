/**
 * The `redirect` search value if it is a same-origin path, else undefined: a link like
 * /login?redirect=https://evil.example must not send a freshly signed-in user elsewhere.
 */
export function safeRedirect(value: unknown): string | undefined {
  if (
    typeof value !== 'string' ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\')
  ) {
    return undefined;
  }
  try {
    const url = new URL(value, window.location.origin);
    if (url.origin !== window.location.origin) return undefined;
    if (url.pathname === '/login' || url.pathname === '/logout') return undefined;
    return url.pathname + url.search + url.hash;
  } catch {
    return undefined;
  }
}
