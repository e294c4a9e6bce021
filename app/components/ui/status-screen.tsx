import type { ReactNode } from 'react';

/** A centred full-width message (404, 500, no access) with a big code and actions. */
export function StatusScreen({
  code,
  title,
  children,
  actions,
}: {
  code: string;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-6 py-16 text-center">
      <p className="text-5xl font-semibold tracking-tight text-accent-600">{code}</p>
      <h1 className="mt-3 text-2xl font-semibold tracking-tight text-zinc-900">{title}</h1>
      <div className="mt-2 text-base text-zinc-600">{children}</div>
      {actions ? <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div> : null}
    </div>
  );
}
