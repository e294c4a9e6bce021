import { NEW_ORDERS_CAP } from '#contract/orders';
import { alertPref, snoozedUntil } from '../../lib/alert-prefs';
import { formats, i18n, params, plural } from '../../lib/i18n';

/*
 * New-order alerts (issue 16, item 4), shared by the shell's background check
 * (components/new-order-watch.tsx) and the orders list's own poll: what this tab has shown
 * the user (`seenUpTo`, the newest order id acknowledged), how many newer orders wait
 * unseen (the tab title's count), and the ring — a sound and, when the window is not in
 * front, a desktop notification — each time that count grows. Issue 28: while New Orders
 * in the user's scope wait for someone to take them (the server's `untaken`), the sound
 * repeats every RING_REPEAT_MS unless muted or snoozed; a colleague taking them stops it at
 * this tab's next check.
 */

const messages = i18n('orders/new-order-alerts', {
  newOrders: plural({ one: '{count} new order', other: '{count} new orders' }),
  newOrdersCapped: params('{count}+ new orders'),
  notification: params('{text} · BlueTik'),
  notificationBody: 'Click to open the orders list.',
});

/** How often the sound repeats while orders wait to be taken. */
export const RING_REPEAT_MS = 10_000;

/** How often the check runs while the tab is hidden (visible: LIVE_POLL_MS). */
export const BACKGROUND_POLL_MS = 30_000;
/** The shipped alert sound (scripts/make-chime.mjs made it). */
export const ALERT_SOUND_URL = '/sounds/new-order.wav';

/** "12", "1,000+": the server stops counting at the cap (in the reader's digits and grouping). */
export const newOrdersCount = (count: number) =>
  count >= NEW_ORDERS_CAP ? `${formats().count(NEW_ORDERS_CAP)}+` : formats().count(count);

/** "1 new order", "12 new orders", "1,000+ new orders", in the reader's language. */
export function newOrdersText(count: number): string {
  const t = messages.get();
  return count >= NEW_ORDERS_CAP
    ? t.newOrdersCapped({ count: formats().count(NEW_ORDERS_CAP) })
    : t.newOrders(count);
}

let seenUpTo: number | null = null;
let rungUpTo = 0;
let unseen = 0;
let untaken = 0;
let rangAt = -Infinity;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function setUnseen(count: number) {
  if (unseen === count) return;
  unseen = count;
  emit();
}

/** How many New Orders wait to be taken (the last check's answer). */
export const untakenOrders = () => untaken;

/**
 * A check's answer: `count` New Orders wait to be taken. While any do, the sound repeats
 * every RING_REPEAT_MS (a few hundred ms early counts: checks are timers too), unless the
 * sound is off or snoozed; the first ring of an arrival is ring()'s.
 */
export function ordersWaiting(count: number, now: number = Date.now()) {
  const changed = untaken !== count;
  untaken = count;
  if (count > 0 && now - rangAt >= RING_REPEAT_MS - 500 && !snoozedUntil(now)) playSound(now);
  if (changed) emit();
}

/**
 * This tab just took an order: the next repeat waits a whole interval, by when a check has
 * answered whether others still wait (the count here is the last check's).
 */
export function orderTakenHere(now: number = Date.now()) {
  rangAt = now;
}

function playSound(now: number) {
  rangAt = now;
  // Browsers refuse to play before the user has interacted with the page; don't try.
  const interacted = navigator.userActivation?.hasBeenActive ?? true;
  if (!alertPref('sound') || !interacted) return;
  // play() answers a promise that rejects when the browser still refuses: nothing to do then.
  void Promise.resolve(new Audio(ALERT_SOUND_URL).play()).catch(() => undefined);
}

/** The newest order id the user has been shown (null until a first answer). */
export const seenOrderId = () => seenUpTo;
/** How many orders arrived since, for the tab title. */
export const unseenOrders = () => unseen;
export function subscribeUnseen(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The user has seen every order up to `latestId`: nothing waits, nothing rings for them. */
export function acknowledgeOrders(latestId: number) {
  seenUpTo = Math.max(seenUpTo ?? 0, latestId);
  rungUpTo = Math.max(rungUpTo, latestId);
  setUnseen(0);
}

/**
 * The background check found `count` orders newer than `seenOrderId()`, the newest
 * `latestId`: the title counts them, and orders not rung for yet ring.
 */
export function ordersArrived(count: number, latestId: number, onOpen: () => void) {
  if (count > 0 && latestId > rungUpTo) {
    rungUpTo = latestId;
    ring(count, onOpen);
  }
  setUnseen(count);
}

/**
 * The orders list, on screen, shows `count` new orders up to `latestId` in its banner: ring
 * for those not rung for yet (not on the first answer after opening), and they are seen.
 */
export function listShowsOrders(count: number, latestId: number, onOpen: () => void) {
  if (seenUpTo !== null && count > 0 && latestId > rungUpTo) ring(count, onOpen);
  acknowledgeOrders(latestId);
}

/** Rings for `count` waiting orders: the sound, then a notification if the window is not in front. */
export function ring(count: number, onOpen: () => void) {
  // A new arrival rings once even while snoozed: snooze silences the repeats.
  playSound(Date.now());
  if (!alertPref('desktop') || document.hasFocus()) return;
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const t = messages.get();
  const note = new Notification(t.notification({ text: newOrdersText(count) }), {
    body: t.notificationBody,
    tag: 'bluetik-new-orders',
  });
  note.onclick = () => {
    window.focus();
    onOpen();
    note.close();
  };
}

/** Back to a fresh tab (sign-out; tests). */
export function resetOrderAlerts() {
  seenUpTo = null;
  rungUpTo = 0;
  untaken = 0;
  rangAt = -Infinity;
  setUnseen(0);
}
