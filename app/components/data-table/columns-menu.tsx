import { useState } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { Column, RowData } from '@tanstack/react-table';
import { Check, ChevronRight, Columns3, Pin } from 'lucide-react';
import type { ListLayout } from '#contract/list-views';
import { i18n, params, useFormats, useT } from '../../lib/i18n';
import { useLetterKey } from '../../lib/typing';
import { MENU_ITEM } from '../ui/menu-item';
import { DEFAULT_LAYOUT, moveColumn, setWidth, toggleHidden, togglePinned } from './column-layout';
import type { DataTableFeatures } from './table-features';

const messages = i18n('data-table/columns-menu', {
  columns: 'Columns',
  columnsHidden: params('Columns ({count} hidden)'),
  // Said after a column's name in the menu (screen readers).
  hidden: ', hidden',
  shown: ', shown',
  pinned: ', pinned',
  show: params('Show {name}'),
  pin: 'Pin to the left',
  moveLeft: 'Move left',
  moveRight: 'Move right',
  wider: 'Wider',
  narrower: 'Narrower',
  fit: 'Fit to content',
  density: 'Density',
  comfortable: 'Comfortable',
  compact: 'Compact',
  reset: 'Reset columns',
});

/** How much Wider and Narrower change a column. */
const WIDTH_STEP = 24;

// As tall as the screen allows, then scrolling: twelve columns and the density outgrow a laptop.
const PANEL =
  'z-40 max-h-[var(--radix-dropdown-menu-content-available-height)] min-w-52 overflow-y-auto rounded-lg border border-zinc-200 bg-white p-1.5 shadow-lg';
const LABEL = 'px-2 pt-1 pb-1.5 text-xs font-semibold text-zinc-600';
const SEPARATOR = 'my-1 h-px bg-zinc-200';

/** A column's name as its header says it (the checkbox column has none and isn't listed). */
function nameOf<T extends RowData>(column: Column<DataTableFeatures, T, unknown>): string {
  const header = column.columnDef.header;
  return typeof header === 'string' ? header : column.id;
}

/**
 * The Columns menu (issue 15, item 4): per column, show or hide, pin to the left edge,
 * move left or right, wider, narrower or its own width again; the row density; and back
 * to the list's own layout. A menu, so all of it works from the keyboard (arrows, Enter,
 * → into a column's submenu); it stays open while the table changes behind it.
 */
export function ColumnsMenu<T extends RowData>({
  layout,
  columns,
  onChange,
  measure,
}: {
  layout: ListLayout;
  /** The list's columns in display order (without the checkboxes). */
  columns: Column<DataTableFeatures, T, unknown>[];
  onChange: (next: ListLayout) => void;
  /** A column's width on screen now (for Wider and Narrower from its natural width). */
  measure: (id: string) => number | undefined;
}) {
  const t = useT(messages);
  const f = useFormats();
  const ids = columns.map((column) => column.id);
  const keepOpen = (event: Event) => event.preventDefault();
  const resize = (id: string, by: number) => {
    const now = layout.widths[id] ?? measure(id);
    if (now !== undefined) onChange(setWidth(layout, id, now + by));
  };
  const hiddenCount = layout.hidden.filter((id) => ids.includes(id)).length;
  const [open, setOpen] = useState(false);
  useLetterKey('c', () => {
    setOpen(true);
    return true;
  });
  return (
    // Non-modal: a modal menu locks scrolling by injecting a <style> tag, which the CSP forbids.
    <DropdownMenu.Root modal={false} open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger className="btn-ghost" aria-keyshortcuts="c">
        <Columns3 aria-hidden="true" className="size-4" />
        {hiddenCount ? t.columnsHidden({ count: f.count(hiddenCount) }) : t.columns}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} collisionPadding={8} className={PANEL}>
          <DropdownMenu.Label className={LABEL}>{t.columns}</DropdownMenu.Label>
          {columns.map((column, index) => {
            const id = column.id;
            const name = nameOf(column);
            const hidden = layout.hidden.includes(id);
            const pinned = layout.pinned.includes(id);
            return (
              <DropdownMenu.Sub key={id}>
                <DropdownMenu.SubTrigger className={MENU_ITEM}>
                  <span className="flex size-4 items-center justify-center">
                    {hidden ? null : <Check aria-hidden="true" className="size-4 text-accent-700" />}
                  </span>
                  <span className="flex-1">
                    {name}
                    <span className="sr-only">{hidden ? t.hidden : t.shown}</span>
                    {pinned ? <span className="sr-only">{t.pinned}</span> : null}
                  </span>
                  {pinned ? <Pin aria-hidden="true" className="size-3.5 text-zinc-500" /> : null}
                  <ChevronRight aria-hidden="true" className="size-4 text-zinc-500" />
                </DropdownMenu.SubTrigger>
                <DropdownMenu.Portal>
                  <DropdownMenu.SubContent sideOffset={4} collisionPadding={8} className={PANEL}>
                    <DropdownMenu.CheckboxItem
                      className={MENU_ITEM}
                      checked={!hidden}
                      onSelect={keepOpen}
                      onCheckedChange={() => onChange(toggleHidden(layout, id))}
                    >
                      <Indicator />
                      {t.show({ name })}
                    </DropdownMenu.CheckboxItem>
                    <DropdownMenu.CheckboxItem
                      className={MENU_ITEM}
                      checked={pinned}
                      onSelect={keepOpen}
                      onCheckedChange={() => onChange(togglePinned(layout, id))}
                    >
                      <Indicator />
                      {t.pin}
                    </DropdownMenu.CheckboxItem>
                    <DropdownMenu.Separator className={SEPARATOR} />
                    <DropdownMenu.Item
                      className={MENU_ITEM}
                      disabled={index === 0}
                      onSelect={(event) => {
                        keepOpen(event);
                        onChange(moveColumn(layout, ids, id, -1));
                      }}
                    >
                      {t.moveLeft}
                    </DropdownMenu.Item>
                    <DropdownMenu.Item
                      className={MENU_ITEM}
                      disabled={index === columns.length - 1}
                      onSelect={(event) => {
                        keepOpen(event);
                        onChange(moveColumn(layout, ids, id, 1));
                      }}
                    >
                      {t.moveRight}
                    </DropdownMenu.Item>
                    <DropdownMenu.Item
                      className={MENU_ITEM}
                      onSelect={(event) => {
                        keepOpen(event);
                        resize(id, WIDTH_STEP);
                      }}
                    >
                      {t.wider}
                    </DropdownMenu.Item>
                    <DropdownMenu.Item
                      className={MENU_ITEM}
                      onSelect={(event) => {
                        keepOpen(event);
                        resize(id, -WIDTH_STEP);
                      }}
                    >
                      {t.narrower}
                    </DropdownMenu.Item>
                    {layout.widths[id] !== undefined ? (
                      <DropdownMenu.Item
                        className={MENU_ITEM}
                        onSelect={() => onChange(setWidth(layout, id, null))}
                      >
                        {t.fit}
                      </DropdownMenu.Item>
                    ) : null}
                  </DropdownMenu.SubContent>
                </DropdownMenu.Portal>
              </DropdownMenu.Sub>
            );
          })}
          <DropdownMenu.Separator className={SEPARATOR} />
          <DropdownMenu.Label className={LABEL}>{t.density}</DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={layout.density}
            onValueChange={(density) => onChange({ ...layout, density: density as ListLayout['density'] })}
          >
            <DropdownMenu.RadioItem value="comfortable" className={MENU_ITEM}>
              <Indicator />
              {t.comfortable}
            </DropdownMenu.RadioItem>
            <DropdownMenu.RadioItem value="compact" className={MENU_ITEM}>
              <Indicator />
              {t.compact}
            </DropdownMenu.RadioItem>
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className={SEPARATOR} />
          <DropdownMenu.Item className={MENU_ITEM} onSelect={() => onChange(DEFAULT_LAYOUT)}>
            {t.reset}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The tick of a checked item (Radix shows it only when checked). */
function Indicator() {
  return (
    <span className="flex size-4 items-center justify-center">
      <DropdownMenu.ItemIndicator>
        <Check aria-hidden="true" className="size-4 text-accent-700" />
      </DropdownMenu.ItemIndicator>
    </span>
  );
}
