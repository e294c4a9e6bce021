/*
 * TanStack Form's devtools bus (@tanstack/devtools-event-client), silent. The production
 * build has no devtools to talk to, yet the real client queues every form event and polls
 * the window for a devtools connection (a 1 s interval, five tries) on the sign-in page.
 * vite.config.ts puts this in its place for `vite build` only; tests and `vite dev` keep
 * the real one. Form-core calls `emit` and `on` (record 066).
 */
export class EventClient {
  constructor(_options: {
    pluginId: string;
    debug?: boolean;
    enabled?: boolean;
    reconnectEveryMs?: number;
  }) {}
  emit(_event: string, _payload?: unknown): void {}
  on(_event: string, _cb: (event: unknown) => void, _options?: unknown): () => void {
    return () => {};
  }
  onAll(_cb: (event: unknown) => void): () => void {
    return () => {};
  }
  onAllPluginEvents(_cb: (event: unknown) => void): () => void {
    return () => {};
  }
}
