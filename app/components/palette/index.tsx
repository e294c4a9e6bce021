import { lazy, Suspense, useCallback, useState } from 'react';
import { Search } from 'lucide-react';
import { i18n, useT } from '../../lib/i18n';
import { useShellKeys } from './use-shell-keys';

const messages = i18n('palette/button', { open: 'Search or jump to…' });

// cmdk and the palette load on first use, not with every screen.
const CommandPalette = lazy(() => import('./command-palette').then((m) => ({ default: m.CommandPalette })));

/** The top bar's palette button, the shell-wide keys, and the palette itself once asked for. */
export function Palette({ role }: { role: string }) {
  const t = useT(messages);
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const toggle = useCallback(() => {
    setWanted(true);
    setOpen((was) => !was);
  }, []);
  useShellKeys(role, toggle);
  return (
    <>
      <button
        type="button"
        onClick={toggle}
        aria-keyshortcuts="Control+K Meta+K"
        className="btn-secondary h-9 gap-2 px-2.5 text-zinc-600 sm:px-3"
      >
        <Search aria-hidden="true" className="size-4" />
        <span className="sr-only sm:not-sr-only">{t.open}</span>
        <kbd className="hidden rounded border border-zinc-300 bg-zinc-50 px-1.5 font-mono text-xs text-zinc-600 md:inline">
          Ctrl K
        </kbd>
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <CommandPalette role={role} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
