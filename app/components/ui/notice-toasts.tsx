import { translateWords, useT } from '../../lib/i18n';
import { uiMessages } from './messages';
import * as Toast from '@radix-ui/react-toast';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import type { Notice } from '../../lib/events';

/** A notice on screen, with the id that keys it. */
export interface Shown extends Notice {
  id: number;
}

const tone = {
  error: { icon: CircleAlert, className: 'border-red-200', iconClass: 'text-red-600', title: 'error' },
  success: {
    icon: CircleCheck,
    className: 'border-emerald-200',
    iconClass: 'text-emerald-600',
    title: 'done',
  },
  info: { icon: Info, className: 'border-zinc-200', iconClass: 'text-accent-600', title: 'note' },
} as const;

/**
 * The notices as Radix toasts: the live region, pause-on-hover/focus, swipe and the F8
 * hotkey to reach them. Loaded by ./notices with the first notice (see there why).
 */
export function NoticeToasts({ shown, dismiss }: { shown: Shown[]; dismiss: (id: number) => void }) {
  const w = useT(uiMessages);
  return (
    <Toast.Provider swipeDirection="right" label={w.notification}>
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
              <Toast.Title className="font-semibold text-zinc-900">{notice.title ?? w[t.title]}</Toast.Title>
              <Toast.Description className="text-zinc-700">
                {translateWords(notice.message)}
              </Toast.Description>
            </div>
            <Toast.Close aria-label={w.dismiss} className="btn-ghost -my-1 h-8 w-8 shrink-0 p-0">
              <X aria-hidden="true" className="size-4" />
            </Toast.Close>
          </Toast.Root>
        );
      })}
      <Toast.Viewport
        label={w.notifications}
        className="fixed right-0 bottom-[var(--waiting-bar,0px)] z-50 flex w-full max-w-sm flex-col gap-2 p-4 outline-none"
      />
    </Toast.Provider>
  );
}
