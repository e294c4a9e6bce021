import type { MouseEvent } from 'react';
import { i18n, useT } from '../../lib/i18n';

const messages = i18n('shell/skip-link', { skip: 'Skip to main content' });

/** Moves focus to #main-content; handled in script so the router never sees a hash change. */
export function focusMain(event?: MouseEvent) {
  event?.preventDefault();
  const main = document.getElementById('main-content');
  main?.focus();
  main?.scrollIntoView({ block: 'start' });
}

/** The first tab stop: lets keyboard users jump past the navigation. */
export function SkipLink() {
  const t = useT(messages);
  return (
    <a
      href="#main-content"
      onClick={focusMain}
      className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-accent-700 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      {t.skip}
    </a>
  );
}
