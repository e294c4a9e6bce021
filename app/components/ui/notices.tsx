import { translateWords, useT } from '../../lib/i18n';
import { uiMessages } from './messages';
import { useEffect, useState } from 'react';
import { getToken } from '../../lib/auth/session';
import { on } from '../../lib/events';
import type { NoticeToasts, Shown } from './notice-toasts';

let nextId = 0;
// More than a handful of stacked notices is noise; the oldest go first.
const MAX_SHOWN = 4;

type Toasts = typeof NoticeToasts;

/**
 * Renders the notices lib/ announces (API failures, confirmations). The toasts themselves
 * (Radix Toast and its layers, record 006) load with the first notice rather than with
 * every page, the sign-in page above all, which never needs them unless something fails.
 * Should that load fail too (the server is unreachable, the very case many notices report),
 * the messages still show, as plain alerts.
 */
export function Notices() {
  const [shown, setShown] = useState<Shown[]>([]);
  const [toasts, setToasts] = useState<{ Toasts: Toasts } | 'failed' | null>(null);

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

  const wanted = shown.length > 0;
  useEffect(() => {
    if (!wanted || toasts) return;
    let live = true;
    import('./notice-toasts').then(
      ({ NoticeToasts }) => live && setToasts({ Toasts: NoticeToasts }),
      () => live && setToasts('failed'),
    );
    return () => {
      live = false;
    };
  }, [wanted, toasts]);

  const dismiss = (id: number) => setShown((current) => current.filter((n) => n.id !== id));

  if (toasts === 'failed') return <PlainNotices shown={shown} dismiss={dismiss} />;
  // Once loaded, the toasts stay mounted so their region and F8 hotkey stay in place.
  return toasts ? <toasts.Toasts shown={shown} dismiss={dismiss} /> : null;
}

/** The fallback when the toasts can't load: each message as an alert with a dismiss button. */
function PlainNotices({ shown, dismiss }: { shown: Shown[]; dismiss: (id: number) => void }) {
  const w = useT(uiMessages);
  if (shown.length === 0) return null;
  return (
    <div className="fixed right-0 bottom-[var(--waiting-bar,0px)] z-50 flex w-full max-w-sm flex-col gap-2 p-4">
      {shown.map((notice) => (
        <div key={notice.id} role="alert" className="card flex items-start gap-3 p-4 pr-3 shadow-lg">
          <p className="min-w-0 flex-1 text-zinc-700">{translateWords(notice.message)}</p>
          <button
            type="button"
            aria-label={w.dismiss}
            className="btn-ghost -my-1 h-8 w-8 shrink-0 p-0"
            onClick={() => dismiss(notice.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
