import { memo, useRef, useState, type RefObject } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Bookmark, ChevronDown } from 'lucide-react';
import { VIEW_SHARE_LABELS, type ListLayout, type ListView } from '#contract/list-views';
import type { OrderListQuery } from '#contract/lists';
import { sameLayout } from '../../components/data-table';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { MENU_ITEM } from '../../components/ui/menu-item';
import { api, ApiError } from '../../lib/api-client';
import { notify } from '../../lib/events';
import { useLatestCallback } from '../../lib/latest-callback';
import { i18n, params, translateWords, useT, useWords } from '../../lib/i18n';
import { useLetterKey } from '../../lib/typing';
import { sameFilter, viewFilterOf, viewsKeys, viewsQueries } from './queries';
import { SaveViewDialog, type SaveViewMode } from './save-view-dialog';

const messages = i18n('views/menu', {
  views: 'Views',
  view: params('View: {name}'),
  changed: '(changed)',
  mine: 'My views',
  none: 'None saved yet.',
  shared: 'Shared with me',
  byDefault: 'default',
  saveNew: 'Save as a new view…',
  saveChanges: params('Save changes to “{name}”'),
  copyLink: 'Copy link',
  stopDefault: 'Stop opening it by default',
  openDefault: 'Open it by default',
  rename: 'Rename or share…',
  remove: 'Delete view…',
  allOrders: 'All orders (close the view)',
  removeTitle: params('Delete the view “{name}”?'),
  removeConfirm: 'Delete view',
  removeNote: 'Colleagues it is shared with lose it too. The orders are not touched.',
  saved: params('Saved the changes to “{name}”.'),
  copied: params('Copied the link to “{name}”: {link}'),
  link: params('The link to “{name}”: {link}'),
});

const PANEL =
  'z-40 max-h-[var(--radix-dropdown-menu-content-available-height)] w-72 overflow-y-auto rounded-lg border border-zinc-200 bg-white p-1.5 shadow-lg';
const LABEL = 'px-2 pt-1 pb-1.5 text-xs font-semibold text-zinc-600';
const SEPARATOR = 'my-1 h-px bg-zinc-200';

/**
 * The orders list's saved views (issue 15, item 3): open one (v, then the arrows), save the
 * list as a new view, save changes to one's own, rename and share it, make it the default,
 * copy its link for a colleague, delete it.
 */
export function ViewsMenu({
  view,
  search,
  layout,
  role,
  onOpen,
}: {
  /** The open view's id (the URL's `view`). */
  view: number | undefined;
  search: OrderListQuery;
  layout: ListLayout;
  role: string;
  /** Shows the list in a view's state on the open list: its rows asked for first, as a tab's are. */
  onOpen: (search: Partial<OrderListQuery> & { view: number }) => void;
}) {
  const t = useT(messages);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const views = useQuery(viewsQueries.list());
  const opened = useQuery({ ...viewsQueries.one(view ?? 0), enabled: view !== undefined });
  const active = view === undefined ? null : (opened.data ?? null);
  const changed = !!active && (!sameFilter(active, search) || !sameLayout(active.layout, layout));
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<SaveViewMode | null>(null);
  const [removing, setRemoving] = useState(false);
  // A dialog opened from the menu keeps the focus: the menu doesn't hand it back to its button.
  const toDialog = useRef(false);
  const openDialog = (next: SaveViewMode | 'remove') => {
    toDialog.current = true;
    if (next === 'remove') setRemoving(true);
    else setDialog(next);
  };
  const openMenu = (next: boolean) => {
    if (next && views.isStale) void views.refetch();
    setOpen(next);
  };
  useLetterKey('v', () => {
    openMenu(true);
    return true;
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: viewsKeys.all });
  /*
   * A view picked here is a filter change on the open list: its filter on the list's own
   * snapshot (`upto`), one call for the rows, as a status or sort change is. Its link
   * (`?view=<id>`) instead goes through the route's loader: the view asked for, then the
   * newest order pinned, then the rows — three calls in a row, 177 ms from Enter to the rows
   * at 1,000,000 orders (bench:ui, issue 26). The menu's own list holds the view; it is
   * asked for again when the menu opens, so what is applied is never older than the menu.
   */
  const openView = (id: number) => {
    const listed = views.isStale ? undefined : views.data?.find((one) => one.id === id);
    if (!listed || search.upto === undefined) {
      void navigate({ to: '/listorders', search: { view: id } });
      return;
    }
    queryClient.setQueryData(viewsQueries.one(id).queryKey, listed, { updatedAt: views.dataUpdatedAt });
    const filter = listed.filter as Partial<OrderListQuery>;
    onOpen({ ...filter, view: id, upto: search.upto });
  };
  // Notices read the words when they are shown (after a call, the language may have changed).
  const failed = (error: unknown) =>
    notify({
      tone: 'error',
      message:
        error instanceof ApiError ? error.messages.map((m) => translateWords(m)).join(' ') : String(error),
    });

  const saveChanges = async (target: ListView) => {
    try {
      await api.call('upsertView', {
        body: {
          id: target.id,
          version: target.version,
          list: 'orders',
          name: target.name,
          share: target.share,
          filter: viewFilterOf(search),
          layout,
        },
      });
      await refresh();
      notify({ tone: 'success', message: messages.get().saved({ name: target.name }) });
    } catch (error) {
      failed(error);
    }
  };
  const setDefault = async (id: number | null) => {
    try {
      await api.call('setDefaultView', { body: { list: 'orders', id } });
      await refresh();
    } catch (error) {
      failed(error);
    }
  };
  const copyLink = async (target: ListView) => {
    const link = `${location.origin}/listorders?view=${target.id}`;
    try {
      await navigator.clipboard.writeText(link);
      notify({ tone: 'success', message: messages.get().copied({ name: target.name, link }) });
    } catch {
      notify({ tone: 'info', message: messages.get().link({ name: target.name, link }) });
    }
  };

  // The menu's items call one function each, for the menu's life: the dropdown renders again
  // when what it shows changes, not on every change of the list (issue 26).
  const onPick = useLatestCallback(openView);
  const onAction = useLatestCallback((action: MenuAction) => {
    if (action === 'saveNew') openDialog({ kind: 'create' });
    else if (action === 'allOrders') void navigate({ to: '/listorders', search: { upto: search.upto } });
    else if (!active) return;
    else if (action === 'saveChanges') void saveChanges(active);
    else if (action === 'copyLink') void copyLink(active);
    else if (action === 'toggleDefault') void setDefault(active.isDefault ? null : active.id);
    else if (action === 'rename') openDialog({ kind: 'edit', view: active });
    else openDialog('remove');
  });
  const onOpenChange = useLatestCallback(openMenu);
  const onRemoveCancel = useLatestCallback(() => setRemoving(false));
  const onRemoveConfirm = useLatestCallback(async () => {
    if (!active) return;
    try {
      await api.call('removeView', { params: { id: active.id } });
      setRemoving(false);
      await refresh();
      void navigate({ to: '/listorders', search: { upto: search.upto } });
    } catch (error) {
      setRemoving(false);
      failed(error);
    }
  });

  return (
    <>
      <ViewsDropdown
        open={open}
        onOpenChange={onOpenChange}
        views={views.data}
        view={view}
        active={active}
        changed={changed}
        toDialogRef={toDialog}
        onPick={onPick}
        onAction={onAction}
      />
      {dialog ? (
        <SaveViewDialog
          key={dialog.kind === 'edit' ? dialog.view.id : 'new'}
          mode={dialog}
          role={role}
          search={search}
          layout={layout}
          onClose={(saved) => {
            setDialog(null);
            if (saved && saved.id !== view) openView(saved.id);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={removing && !!active}
        title={t.removeTitle({ name: active?.name ?? '' })}
        confirmLabel={t.removeConfirm}
        destructive
        onCancel={onRemoveCancel}
        onConfirm={onRemoveConfirm}
      >
        {t.removeNote}
      </ConfirmDialog>
    </>
  );
}

/** What an item of the menu asks for (besides opening a view). */
type MenuAction =
  'saveNew' | 'saveChanges' | 'copyLink' | 'toggleDefault' | 'rename' | 'remove' | 'allOrders';

/** The menu itself: its button and, while open, the views and what can be done with the open one. */
const ViewsDropdown = memo(function ViewsDropdown({
  open,
  onOpenChange,
  views,
  view,
  active,
  changed,
  toDialogRef,
  onPick,
  onAction,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  views: ListView[] | undefined;
  view: number | undefined;
  active: ListView | null;
  changed: boolean;
  /** Set when an item opens a dialog: the menu then leaves the focus there. */
  toDialogRef: RefObject<boolean>;
  onPick: (id: number) => void;
  onAction: (action: MenuAction) => void;
}) {
  const t = useT(messages);
  const w = useWords();
  const mine = views?.filter((one) => one.mine) ?? [];
  const shared = views?.filter((one) => !one.mine) ?? [];
  const item = (one: ListView) => (
    <DropdownMenu.RadioItem key={one.id} value={String(one.id)} className={MENU_ITEM}>
      <span className="flex size-4 items-center justify-center">
        <DropdownMenu.ItemIndicator>
          <Bookmark aria-hidden="true" className="size-3.5 fill-current text-accent-700" />
        </DropdownMenu.ItemIndicator>
      </span>
      <span className="min-w-0 flex-1 truncate">
        {one.name}
        {one.isDefault ? <span className="text-zinc-500"> · {t.byDefault}</span> : null}
      </span>
      <span className="text-xs text-zinc-500">
        {one.mine ? w(VIEW_SHARE_LABELS[one.share]) : one.ownerName}
      </span>
    </DropdownMenu.RadioItem>
  );

  // Non-modal: a modal menu locks scrolling by injecting a <style> tag, which the CSP forbids.
  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger className="btn-ghost max-w-64" aria-keyshortcuts="v">
        <Bookmark aria-hidden="true" className="size-4 shrink-0" />
        <span className="truncate">
          {active ? t.view({ name: active.name }) : t.views}
          {changed ? ` ${t.changed}` : ''}
        </span>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-zinc-500" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className={PANEL}
          onCloseAutoFocus={(event) => {
            if (toDialogRef.current) event.preventDefault();
            toDialogRef.current = false;
          }}
        >
          <DropdownMenu.RadioGroup
            value={view === undefined ? '' : String(view)}
            onValueChange={(id) => onPick(Number(id))}
          >
            <DropdownMenu.Label className={LABEL}>{t.mine}</DropdownMenu.Label>
            {mine.length ? mine.map(item) : <p className="px-2 pb-1.5 text-sm text-zinc-600">{t.none}</p>}
            {shared.length ? <DropdownMenu.Label className={LABEL}>{t.shared}</DropdownMenu.Label> : null}
            {shared.map(item)}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className={SEPARATOR} />
          <DropdownMenu.Item className={MENU_ITEM} onSelect={() => onAction('saveNew')}>
            {t.saveNew}
          </DropdownMenu.Item>
          {active?.mine && changed ? (
            <DropdownMenu.Item className={MENU_ITEM} onSelect={() => onAction('saveChanges')}>
              {t.saveChanges({ name: active.name })}
            </DropdownMenu.Item>
          ) : null}
          {active ? (
            <>
              <DropdownMenu.Item className={MENU_ITEM} onSelect={() => onAction('copyLink')}>
                {t.copyLink}
              </DropdownMenu.Item>
              <DropdownMenu.Item className={MENU_ITEM} onSelect={() => onAction('toggleDefault')}>
                {active.isDefault ? t.stopDefault : t.openDefault}
              </DropdownMenu.Item>
              {active.mine ? (
                <>
                  <DropdownMenu.Item className={MENU_ITEM} onSelect={() => onAction('rename')}>
                    {t.rename}
                  </DropdownMenu.Item>
                  <DropdownMenu.Item className={MENU_ITEM} onSelect={() => onAction('remove')}>
                    {t.remove}
                  </DropdownMenu.Item>
                </>
              ) : null}
              <DropdownMenu.Separator className={SEPARATOR} />
              <DropdownMenu.Item className={MENU_ITEM} onSelect={() => onAction('allOrders')}>
                {t.allOrders}
              </DropdownMenu.Item>
            </>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
});
