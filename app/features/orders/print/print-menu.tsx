import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, Printer } from 'lucide-react';
import { printKindMessages, type PrintKind } from './use-print-orders';
import { MENU_ITEM as itemClass } from '../../../components/ui/menu-item';
import { i18n, useT } from '../../../lib/i18n';

const messages = i18n('orders/print-menu', { print: 'Print' });

/** A Print button offering the customer bill and the kitchen ticket (order details, a list selection). */
export function PrintMenu({
  label,
  compact = false,
  busy,
  disabled,
  kinds,
  onPrint,
}: {
  label?: string;
  /** On a phone, the printer icon alone (the name stays for assistive technology). */
  compact?: boolean;
  busy: boolean;
  disabled?: boolean;
  /** What this role may print (printKindsFor). */
  kinds: readonly PrintKind[];
  onPrint: (kind: PrintKind) => void;
}) {
  const t = useT(messages);
  const kindNames = useT(printKindMessages);
  return (
    // Non-modal: a modal menu locks scrolling by injecting a <style> tag, which the CSP forbids.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="btn-secondary"
        aria-busy={busy || undefined}
        aria-disabled={disabled || undefined}
        disabled={disabled}
      >
        <Printer aria-hidden="true" className="size-4" />
        <span className={compact ? 'sr-only sm:not-sr-only' : undefined}>{label ?? t.print}</span>
        <ChevronDown aria-hidden="true" className="size-4 text-zinc-500" />
      </DropdownMenu.Trigger>
      {/* In a portal: the order's action bar scrolls within itself and would clip the menu. */}
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className="z-40 w-52 rounded-lg border border-zinc-200 bg-white p-1.5 shadow-lg"
        >
          {kinds.map((kind) => (
            <DropdownMenu.Item key={kind} className={itemClass} onSelect={() => onPrint(kind)}>
              {kindNames[kind]}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
