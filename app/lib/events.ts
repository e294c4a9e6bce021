/*
 * A tiny typed event bus. lib/ must not import components, features or routes, so the
 * API client announces what happened here and the UI layers that care subscribe.
 */

export type NoticeTone = 'error' | 'success' | 'info';

/** A message for the user, shown as a dismissible notice. */
export interface Notice {
  tone: NoticeTone;
  message: string;
  title?: string;
}

interface EventMap {
  notice: Notice;
  /** A call that carried a bearer token got 401: the session is over. */
  unauthorized: void;
  /** The stored session changed (sign-in, sign-out, profile name/e-mail). */
  session: void;
}

type Listener<T> = (payload: T) => void;

const listeners: { [K in keyof EventMap]: Set<Listener<EventMap[K]>> } = {
  notice: new Set(),
  unauthorized: new Set(),
  session: new Set(),
};

/** Subscribes to an event; returns the unsubscribe function (fits useEffect cleanup). */
export function on<K extends keyof EventMap>(event: K, listener: Listener<EventMap[K]>): () => void {
  listeners[event].add(listener);
  return () => {
    listeners[event].delete(listener);
  };
}

/** Emits an event to every current listener. */
export function emit<K extends keyof EventMap>(
  event: K,
  ...payload: EventMap[K] extends void ? [] : [EventMap[K]]
) {
  for (const listener of [...listeners[event]]) listener(payload[0] as EventMap[K]);
}

/** Shows a notice to the user (rendered by components/ui/notices). */
export function notify(notice: Notice) {
  emit('notice', notice);
}
