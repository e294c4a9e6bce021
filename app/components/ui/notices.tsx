import { useEffect, useState } from 'react';
import * as Toast from '@radix-ui/react-toast';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { getToken } from '../../lib/auth/session';
import { on, type Notice } from '../../lib/events';

interface Shown extends Notice {
  id: number;
}

let nextId = 0;
// More than a handful of stacked notices is noise; the oldest go first.
const MAX_SHOWN = 4;

const tone = {
  error: { icon: CircleAlert, className: 'border-red-200', iconClass: 'text-red-600', title: 'Error' },
  success: {
    icon: CircleCheck,
    className: 'border-emerald-200',
    iconClass: 'text-emerald-600',
    title: 'Done',
  },
  info: { icon: Info, className: 'border-zinc-200', iconClass: 'text-accent-600', title: 'Note' },
} as const;

/**
 * Renders the notices lib/ announces (API failures, confirmations). Radix Toast gives
 * the live region, pause-on-hover/focus, swipe and the F8 hotkey to reach them.
 */
export function Notices() {
  const [shown, setShown] = useState<Shown[]>([]);

  useEffect(() => {
    const offNotice = on('notice', (notice) => {
      setShown((current) => [...current.slice(-(MAX_SHOWN - 1)), { ...notice, id: ++nextId }]);
    });
    // Notices belong to the session that caused them: signing in or out starts clean.
    let token = getToken();
    const offSession = on('session', () => {
      if (getToken() === token) return;
      token = getToken();
      setShown([]);
    });
    return () => {
      offNotice();
      offSession();
    };
  }, []);

  const dismiss = (id: number) => setShown((current) => current.filter((n) => n.id !== id));

  return (
    <Toast.Provider swipeDirection="right" label="Notification">
      {shown.map((notice) => {
        const t = tone[notice.tone];
        const Icon = t.icon;
        return (
          <Toast.Root
            key={notice.id}
            // Errors interrupt (assertive); confirmations wait their turn (polite).
            type={notice.tone === 'error' ? 'foreground' : 'background'}
            duration={notice.tone === 'error' ? 10_000 : 5_000}
            onOpenChange={(open) => {
              if (!open) dismiss(notice.id);
            }}
            className={`card flex w-full items-start gap-3 p-4 pr-3 shadow-lg ${t.className}`}
          >
            <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${t.iconClass}`} />
            <div className="min-w-0 flex-1">
              <Toast.Title className="font-semibold text-zinc-900">{notice.title ?? t.title}</Toast.Title>
              <Toast.Description className="text-zinc-700">{notice.message}</Toast.Description>
            </div>
            <Toast.Close aria-label="Dismiss notice" className="btn-ghost -my-1 h-8 w-8 shrink-0 p-0">
              <X aria-hidden="true" className="size-4" />
            </Toast.Close>
          </Toast.Root>
        );
      })}
      <Toast.Viewport
        label="Notifications ({hotkey})"
        className="fixed right-0 bottom-0 z-50 flex w-full max-w-sm flex-col gap-2 p-4 outline-none"
      />
    </Toast.Provider>
  );
}
