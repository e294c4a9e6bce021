import { useEffect, useRef, useState } from 'react';
import { Command } from 'cmdk';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Search } from 'lucide-react';
import { ORDER_STATUSES } from '#contract/enums';
import { orderNumberOf } from '#contract/orders';
import { api } from '../../lib/api-client';
import { i18n, useT, useWords } from '../../lib/i18n';
import { queryKeys } from '../../lib/query-keys';
import { useModalDialog } from '../ui/use-modal-dialog';
import { entryMatches, entryMessages, paletteEntries } from './palette-entries';

const messages = i18n('palette/command-palette', {
  title: 'Command palette',
  placeholder: 'Go to a screen, an action, or an order by number or phone',
  searching: 'Searching orders…',
  nothing: 'Nothing matches.',
  screens: 'Screens',
  actions: 'Actions',
  orders: 'Orders',
});

/** Orders are looked up once this much is typed (an order number's digits, a phone's, a name). */
const MIN_ORDER_SEARCH = 2;
const ORDER_RESULTS = 6;

/** Typed text settles for this long before the orders search asks the server. */
function useSettled(value: string, ms = 150) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Whenever the options change (typing, or the orders' answer arriving after the screens were
 * shown), the first one is the active one, so Enter takes it. cmdk on its own keeps an earlier
 * answer's selection, or none, when options arrive asynchronously.
 */
function useFirstSelected(values: string[]) {
  const key = values.join('|');
  const [state, setState] = useState({ key, value: values[0] ?? '' });
  if (state.key !== key) setState({ key, value: values[0] ?? '' });
  const value = state.key === key ? state.value : (values[0] ?? '');
  return { value, onValueChange: (next: string) => setState({ key, value: next }) };
}

/**
 * The command palette (Ctrl+K / ⌘K, or the top bar's button): the screens and actions the
 * role may reach, and orders found by number, phone or name through the orders list's own
 * indexed search; Enter opens. cmdk gives the combobox and listbox semantics (name, role,
 * the active option); it sits in our native modal <dialog>, not cmdk's Radix dialog, because
 * that one injects a <style> tag the CSP refuses (as the shortcut sheet and confirm dialogs do).
 */
export function CommandPalette({
  role,
  open,
  onOpenChange,
}: {
  role: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT(messages);
  const names = useT(entryMessages);
  const w = useWords();
  const inputRef = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const navigate = useNavigate();
  const close = () => {
    onOpenChange(false);
    setTyped('');
  };
  const dialogProps = useModalDialog(open, { onCancel: close, initialFocus: inputRef });

  const term = useSettled(typed.trim());
  const orders = useQuery({
    queryKey: queryKeys('orders').other('palette', term),
    queryFn: ({ signal }) =>
      api.call('listOrders', { query: { q: term, pageSize: ORDER_RESULTS } }, { quiet: true, signal }),
    enabled: open && term.length >= MIN_ORDER_SEARCH,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const entries = paletteEntries(role, names).filter((entry) => entryMatches(entry, typed));
  const orderRows = term.length >= MIN_ORDER_SEARCH ? (orders.data?.rows ?? []) : [];
  const selection = useFirstSelected([
    ...entries.map((entry) => entry.href),
    ...orderRows.map((order) => `order:${order.id}`),
  ]);

  const go = (href: string) => {
    close();
    void navigate({ href });
  };

  return (
    <dialog
      {...dialogProps}
      aria-label={t.title}
      className="m-auto mt-[12vh] w-[min(36rem,calc(100vw-2rem))] rounded-lg border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-black/40"
    >
      {open ? (
        <Command
          label={t.title}
          shouldFilter={false}
          {...selection}
          loop
          vimBindings={false}
          className="flex flex-col"
        >
          <div className="flex items-center gap-2 border-b border-zinc-200 px-3">
            <Search aria-hidden="true" className="size-4 shrink-0 text-zinc-500" />
            <Command.Input
              ref={inputRef}
              value={typed}
              onValueChange={setTyped}
              placeholder={t.placeholder}
              className="h-12 w-full bg-transparent text-sm outline-none placeholder:text-zinc-500"
            />
          </div>
          <Command.List className="max-h-[min(24rem,60vh)] overflow-y-auto p-2">
            <Command.Empty className="px-3 py-6 text-center text-sm text-zinc-600">
              {orders.isFetching ? t.searching : t.nothing}
            </Command.Empty>
            {(['Screens', 'Actions'] as const).map((group) => {
              const inGroup = entries.filter((entry) => entry.group === group);
              return inGroup.length ? (
                <Command.Group
                  key={group}
                  heading={group === 'Screens' ? t.screens : t.actions}
                  className={GROUP}
                >
                  {inGroup.map((entry) => (
                    <Command.Item
                      key={entry.href}
                      value={entry.href}
                      onSelect={() => go(entry.href)}
                      className={ITEM}
                    >
                      {entry.label}
                    </Command.Item>
                  ))}
                </Command.Group>
              ) : null;
            })}
            {orderRows.length ? (
              <Command.Group heading={t.orders} className={GROUP}>
                {orderRows.map((order) => (
                  <Command.Item
                    key={order.id}
                    value={`order:${order.id}`}
                    onSelect={() => go(`/order/edit/${order.id}`)}
                    className={ITEM}
                  >
                    <span className="font-medium tabular-nums">{orderNumberOf(order.id)}</span>
                    <span className="min-w-0 truncate text-zinc-700">{order.orderUserName}</span>
                    <span className="ml-auto shrink-0 text-xs text-zinc-600">
                      {w(ORDER_STATUSES[order.status]?.label ?? '')}
                    </span>
                  </Command.Item>
                ))}
              </Command.Group>
            ) : null}
          </Command.List>
        </Command>
      ) : null}
    </dialog>
  );
}

const GROUP =
  '[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:tracking-wide [&_[cmdk-group-heading]]:text-zinc-600 [&_[cmdk-group-heading]]:uppercase';
const ITEM =
  'flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm data-[selected=true]:bg-accent-50 data-[selected=true]:text-accent-900';
