import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { MAX_ID } from '#contract/rules';
import { api } from '../../../lib/api-client';
import { i18n, params, plural, useT } from '../../../lib/i18n';
import {
  acknowledgeOrders,
  BACKGROUND_POLL_MS,
  newOrdersCount,
  ordersArrived,
  ordersWaiting,
  RING_REPEAT_MS,
  seenOrderId,
  subscribeUnseen,
  unseenOrders,
  untakenOrders,
} from '../new-order-alerts';
import { LIVE_POLL_MS } from '../queries';

const messages = i18n('orders/new-order-watch', {
  /** The document's own title (index.html), restored when nothing waits. */
  base: 'BlueTik Back Office',
  newOrders: plural({ one: 'New order', other: 'New orders' }),
  title: params('({count}) {newOrders} · {base}'),
});

/** "(3) New orders · BlueTik Back Office", in the reader's language. */
export function titleFor(count: number, t = messages.get()): string {
  if (count === 0) return t.base;
  return t.title({ count: newOrdersCount(count), newOrders: t.newOrders(count), base: t.base });
}

/**
 * The signed-in shell's check for new orders (issue 16, item 4), on every screen: every
 * LIVE_POLL_MS while the tab is visible, every BACKGROUND_POLL_MS while it is hidden (a
 * background tab at the counter must not miss an order). While the orders list itself is
 * on screen its own poll does the work (orders-list.tsx), so a tab asks once, not twice.
 * New orders count in the tab title until the list is opened, and ring (new-order-alerts.ts).
 */
export function NewOrderWatch() {
  const navigate = useNavigate();
  const onList = useRouterState({ select: (s) => s.location.pathname === '/listorders' });
  const onListRef = useRef(onList);
  useEffect(() => {
    onListRef.current = onList;
  }, [onList]);
  const unseen = useSyncExternalStore(subscribeUnseen, unseenOrders);
  const t = useT(messages);

  useEffect(() => {
    document.title = titleFor(unseen, t);
  }, [unseen, t]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const listOnScreen = () => onListRef.current && document.visibilityState === 'visible';
    const open = () => void navigate({ to: '/listorders' });

    async function check() {
      if (!listOnScreen()) {
        try {
          const since = seenOrderId();
          const answer = await api.call(
            'getOrderChanges',
            { query: { since: since ?? MAX_ID } },
            { quiet: true, signal: controller.signal },
          );
          // The first answer is where this tab starts counting from.
          if (since === null || seenOrderId() === null) acknowledgeOrders(answer.latestId);
          else if (!listOnScreen()) ordersArrived(answer.newOrders, answer.latestId, open);
          if (!listOnScreen()) ordersWaiting(answer.untaken);
        } catch {
          // A failed check is retried by the next one.
        }
      }
      schedule();
    }
    function schedule() {
      clearTimeout(timer);
      if (controller.signal.aborted) return;
      timer = setTimeout(
        () => void check(),
        document.visibilityState === 'hidden' ? BACKGROUND_POLL_MS : LIVE_POLL_MS,
      );
    }

    void check();
    // Between checks (a hidden tab checks every 30 s) the ring repeats on its own pace while
    // the last answer said orders wait; an answer of none stops it (new-order-alerts.ts).
    const repeat = setInterval(() => ordersWaiting(untakenOrders()), RING_REPEAT_MS);
    // Hidden or shown: the next check comes at the new pace.
    document.addEventListener('visibilitychange', schedule);
    return () => {
      controller.abort();
      clearTimeout(timer);
      clearInterval(repeat);
      document.removeEventListener('visibilitychange', schedule);
    };
  }, [navigate]);

  return null;
}
