import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { Menu, X } from 'lucide-react';
import { useSession } from '../../lib/auth/session';
import { i18n, params, useT } from '../../lib/i18n';
import { Palette } from '../palette';
import { ProfileMenu } from './profile-menu';
import { SidebarNav } from './sidebar-nav';
import { focusMain, SkipLink } from './skip-link';

const messages = i18n('shell/app-shell', {
  backOffice: 'Back Office',
  closeNavigation: 'Close navigation',
  openNavigation: 'Open navigation',
  rights: params('© {year} BlueTik. All rights reserved.'),
  timeZone: 'Dates and times are India time (IST).',
  backToTop: 'Back to top',
});

function Brand() {
  const t = useT(messages);
  return (
    <Link to="/" className="flex items-center gap-2.5 rounded-md">
      <span
        aria-hidden="true"
        className="flex size-8 items-center justify-center rounded-lg bg-accent-600 text-white"
      >
        <svg viewBox="0 0 32 32" className="size-5">
          <path
            d="M9 16.5l4.5 4.5L23 11.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="3"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </span>
      <span className="leading-tight">
        <span className="block text-base font-semibold text-zinc-900">BlueTik</span>
        <span className="block text-xs text-zinc-600">{t.backOffice}</span>
      </span>
    </Link>
  );
}

/**
 * The signed-in frame (spec §2): sidebar, top bar with the profile menu, footer.
 * Below the lg breakpoint the sidebar folds behind a Menu button and opens over the page.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const t = useT(messages);
  const session = useSession();
  const [navOpen, setNavOpen] = useState(false);
  const navId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  // Following a link closes the folded navigation (adjusting state during render, not in an effect).
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setNavOpen(false);
  }

  useEffect(() => {
    if (!navOpen) return;
    panel.current?.querySelector<HTMLElement>('a[href]')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setNavOpen(false);
        menuButton.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !menuButton.current?.contains(target)) setNavOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [navOpen]);

  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[16rem_1fr]">
      <SkipLink />
      {/* The sidebar's white column runs the page's full height even where the sticky
          sidebar itself (one screen tall) has scrolled out of view. */}
      <div
        aria-hidden="true"
        className="fixed inset-y-0 left-0 -z-10 hidden w-64 border-r border-zinc-200 bg-white lg:block"
      />
      {navOpen ? <div aria-hidden="true" className="fixed inset-0 z-30 bg-black/30 lg:hidden" /> : null}
      <div
        id={navId}
        ref={panel}
        className={`${navOpen ? 'fixed inset-y-0 left-0 z-40 flex w-72 shadow-xl' : 'hidden'} flex-col border-r border-zinc-200 bg-white lg:sticky lg:top-0 lg:flex lg:h-dvh lg:w-auto lg:shadow-none`}
      >
        <SidebarNav
          role={session?.role ?? ''}
          header={
            <div className="flex h-(--header-height) shrink-0 items-center justify-between border-b border-zinc-200 px-5">
              <Brand />
              {navOpen ? (
                <button
                  type="button"
                  aria-label={t.closeNavigation}
                  onClick={() => {
                    setNavOpen(false);
                    menuButton.current?.focus();
                  }}
                  className="btn-ghost h-9 w-9 p-0 lg:hidden"
                >
                  <X aria-hidden="true" className="size-5" />
                </button>
              ) : null}
            </div>
          }
        />
      </div>

      <div className="flex min-h-dvh min-w-0 flex-col">
        <header className="sticky top-0 z-20 flex h-(--header-height) shrink-0 items-center gap-3 border-b border-zinc-200 bg-white/95 px-4 sm:px-6 lg:px-8">
          <button
            ref={menuButton}
            type="button"
            aria-label={t.openNavigation}
            aria-expanded={navOpen}
            aria-controls={navId}
            onClick={() => setNavOpen((open) => !open)}
            className="btn-ghost -ml-1 h-9 w-9 p-0 lg:hidden"
          >
            <Menu aria-hidden="true" className="size-5" />
          </button>
          <div className="lg:hidden">
            <Brand />
          </div>
          <div className="ml-auto flex items-center gap-2">
            <Palette role={session?.role ?? ''} />
            <ProfileMenu name={session?.name ?? ''} email={session?.email ?? ''} />
          </div>
        </header>

        <main
          id="main-content"
          tabIndex={-1}
          className="w-full max-w-6xl flex-1 px-4 py-8 outline-none sm:px-6 lg:px-8"
        >
          {children}
        </main>

        {/* The page ends clear of the waiting-orders bar (waiting-orders-bar.tsx), footer included. */}
        <footer className="border-t border-zinc-200 px-4 pt-5 pb-[calc(1.25rem+var(--waiting-bar,0px))] text-xs text-zinc-600 sm:px-6 lg:px-8">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p>{t.rights({ year: new Date().getFullYear() })}</p>
            <p>{t.timeZone}</p>
            <a href="#main-content" onClick={focusMain} className="link">
              {t.backToTop}
            </a>
          </div>
        </footer>
      </div>
    </div>
  );
}
