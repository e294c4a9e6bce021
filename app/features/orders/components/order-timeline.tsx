import { useMemo, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { OrderItemLine } from '#contract/codecs';
import type { OrderHistoryEntry } from '#contract/order-history';
import type { Order } from '#contract/orders';
import { can } from '#contract/permissions';
import { useRemoveRow } from '../../../components/data-table/use-remove-row';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { notify } from '../../../lib/events';
import { relativeTime } from '../../../lib/format-time';
import { i18n, params, useFormats, useT, useWords } from '../../../lib/i18n';
import { ordersKeys, ordersQueries } from '../queries';
import { describeEntry } from '../timeline-words';
import { NoteForm } from './note-form';
import { Card } from './order-parts';

const messages = i18n('orders/order-timeline', {
  someone: 'Someone',
  justNow: 'just now',
  removeNoteBy: params('Remove note by {name}'),
  remove: 'Remove',
  removed: 'The note was removed.',
  title: 'Timeline',
  failed: 'The timeline could not be loaded.',
  tryAgain: 'Try again',
  list: params('Timeline of order {number}, oldest first'),
  placed: 'Order placed',
  loadingTimeline: 'Loading the timeline…',
  loading: 'Loading…',
  later: 'Show later entries',
  item: params('Item {id}'),
  removeTitle: 'Remove note',
  removeQuestion: params(
    'Remove this note by {name}? The timeline will keep that it was written and removed.',
  ),
});

/** When and who, as every entry shows them: relative, with the exact time for a look or a reader. */
function Stamp({ at, who }: { at: string; who: string }) {
  const t = useT(messages);
  const f = useFormats();
  return (
    <p className="text-xs text-zinc-600">
      <span className="font-medium text-zinc-800">{who || t.someone}</span>
      {' · '}
      {/* Both shown: a phone has no hover to reveal a title. */}
      <time dateTime={at}>
        {relativeTime(at, { formats: f, justNow: t.justNow })}{' '}
        <span className="text-zinc-500">({f.dateTime(at)})</span>
      </time>
    </p>
  );
}

function Entry({
  entry,
  itemName,
  onRemove,
}: {
  entry: OrderHistoryEntry;
  itemName: (id: number) => string;
  onRemove?: ((entry: OrderHistoryEntry) => void) | undefined;
}) {
  const t = useT(messages);
  const { title, lines } = describeEntry(entry, itemName);
  const text = entry.action === 'note' && typeof entry.changes.text === 'string' ? entry.changes.text : null;
  return (
    <li className="relative border-l-2 border-zinc-200 pb-4 pl-4 last:pb-0">
      <span aria-hidden="true" className="absolute top-1.5 -left-[5px] size-2 rounded-full bg-accent-600" />
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-sm font-semibold text-zinc-900">{title}</h3>
          <Stamp at={entry.at} who={entry.userName} />
        </div>
        {text !== null && onRemove ? (
          <button
            type="button"
            className="btn-secondary h-8 shrink-0 px-3"
            aria-label={t.removeNoteBy({ name: entry.userName })}
            onClick={() => onRemove(entry)}
          >
            {t.remove}
          </button>
        ) : null}
      </div>
      {text !== null ? (
        <p className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm break-words whitespace-pre-wrap text-zinc-900">
          {text}
        </p>
      ) : null}
      {lines.length > 0 ? (
        <ul className="mt-1.5 space-y-0.5 text-sm text-zinc-800">
          {lines.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * An order's timeline on its details (issue 16): the creation first, then every change in
 * words and every note, oldest first, a page at a time; the note form for those the
 * permission table lets add one, Remove on notes for those it lets remove them.
 */
export function OrderTimeline({
  order,
  lines,
  role,
}: {
  order: Order;
  lines: readonly OrderItemLine[];
  role: string;
}) {
  const t = useT(messages);
  const w = useWords();
  const history = useInfiniteQuery(ordersQueries.history(order.id));
  const entries = useMemo(() => history.data?.pages.flat() ?? [], [history.data]);
  const names = useMemo(() => new Map(lines.map((l) => [l.itemId, l.name])), [lines]);
  const itemName = (id: number) => names.get(id) ?? t.item({ id });
  const [toRemove, setToRemove] = useState<OrderHistoryEntry | null>(null);
  const removal = useRemoveRow({
    endpoint: 'removeOrderNote',
    invalidate: ordersKeys.other('history', order.id),
    onSuccess: () => {
      notify({ tone: 'success', message: messages.get().removed });
      setToRemove(null);
    },
  });
  const created = entries.some((e) => e.action === 'create');

  return (
    <Card title={t.title}>
      {history.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t.failed}{' '}
          <button type="button" className="link" onClick={() => void history.refetch()}>
            {t.tryAgain}
          </button>
        </p>
      ) : null}
      <ol aria-label={t.list({ number: order.orderNumber })} aria-busy={history.isPending}>
        {/* Orders from the mobile app have no creation entry: the order's own date says when. */}
        {!history.isPending && !created ? (
          <li className="relative border-l-2 border-zinc-200 pb-4 pl-4 last:pb-0">
            <span
              aria-hidden="true"
              className="absolute top-1.5 -left-[5px] size-2 rounded-full bg-accent-600"
            />
            <h3 className="text-sm font-semibold text-zinc-900">{t.placed}</h3>
            <Stamp at={order.createdDate} who={order.orderUserName} />
          </li>
        ) : null}
        {entries.map((entry) => (
          <Entry
            key={entry.id}
            entry={entry}
            itemName={itemName}
            onRemove={can(role, 'orders.noteRemove') ? setToRemove : undefined}
          />
        ))}
      </ol>
      {history.isPending ? <p className="text-sm text-zinc-600">{t.loadingTimeline}</p> : null}
      {history.hasNextPage ? (
        <button
          type="button"
          className="btn-secondary mt-4"
          aria-disabled={history.isFetchingNextPage || undefined}
          onClick={() => {
            if (!history.isFetchingNextPage) void history.fetchNextPage();
          }}
        >
          {history.isFetchingNextPage ? t.loading : t.later}
        </button>
      ) : null}
      {/* After the entries: a new note is the newest, and lands just above where it was typed. */}
      {can(role, 'orders.note') ? <NoteForm orderId={order.id} /> : null}
      <ConfirmDialog
        open={toRemove !== null}
        title={t.removeTitle}
        confirmLabel={t.remove}
        destructive
        busy={removal.isPending}
        error={removal.error ? w(removal.error.message) : null}
        onConfirm={() => {
          if (toRemove && !removal.isPending) removal.mutate(toRemove.id);
        }}
        onCancel={() => {
          removal.reset();
          setToRemove(null);
        }}
      >
        {t.removeQuestion({ name: toRemove?.userName ?? '' })}
      </ConfirmDialog>
    </Card>
  );
}
