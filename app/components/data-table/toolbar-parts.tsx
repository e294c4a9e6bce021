import { memo } from 'react';
import { Keyboard } from 'lucide-react';
import { i18n, useT } from '../../lib/i18n';
import { sameItems } from '../../lib/same-items';
import { ColumnsMenu as ColumnsMenuOf } from './columns-menu';
import { Pagination as PaginationOf } from './pagination';
import { SearchBox as SearchBoxOf } from './search-box';
import { ShortcutSheet as ShortcutSheetOf } from './shortcut-sheet';

const messages = i18n('data-table/data-table', { shortcuts: 'Shortcuts' });

/*
 * The toolbar's parts, the pagination and the shortcut sheet, memoised: a sort, filter or page
 * rendered them all again with the rows, though most show nothing that changed (a profile of a
 * sort: some 100 components; issue 26). Their handlers are one function each for the table's
 * life (useLatestCallback), so their props change only when what they show does.
 */
export const SearchBox = memo(SearchBoxOf);
export const ShortcutSheet = memo(ShortcutSheetOf);
export const Pagination = memo(PaginationOf);
// Its columns compared one by one: the table hands it a new list of the same columns each render.
export const ColumnsMenu = memo(
  ColumnsMenuOf,
  (a, b) =>
    a.layout === b.layout &&
    a.onChange === b.onChange &&
    a.measure === b.measure &&
    sameItems(a.columns, b.columns),
) as typeof ColumnsMenuOf;

/** The button that opens the shortcut sheet. */
export const ShortcutsButton = memo(function ShortcutsButton({ onOpen }: { onOpen: () => void }) {
  const t = useT(messages);
  return (
    <button type="button" className="btn-ghost" aria-keyshortcuts="?" onClick={onOpen}>
      <Keyboard aria-hidden="true" className="size-4" />
      {t.shortcuts}
    </button>
  );
});
