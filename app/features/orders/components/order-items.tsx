import { useStore } from '@tanstack/react-form';
import { ChevronRight, Info } from 'lucide-react';
import type { OrderItemCategory, OrderItemLine } from '#contract/codecs';
import { ITEM_PRICE_MAX_LENGTH, maskItemPriceText } from '#contract/order-update';
import { fromPaise } from '#contract/rules';
import { withForm } from '../../../components/form';
import { i18n, params, plural, useFormats, useT, useWords } from '../../../lib/i18n';
import { useMediaQuery, WIDE_SCREEN } from '../../../lib/use-media-query';
import type { OrderFormValues } from '../order-form-model';
import { Card, ItemTableHead } from './order-parts';

const messages = i18n('orders/order-items', {
  notAvailable: 'Not available',
  notAvailableOf: params('Not available: {name}'),
  price: 'Price',
  priceSuffix: params(' of {name}'),
  priceOf: params('Price of {name}'),
  showImage: 'Show image',
  title: 'Order items',
  online: 'Online orders are paid in advance: prices, availability and shipping can’t be changed.',
  unreadable: params('The order’s items could not be read: {problem}'),
  items: plural({ one: '({count} item)', other: '({count} items)' }),
  itemsOf: params('Items of {category}'),
  total: 'Total',
  help: 'Double-click an item, or choose its name, to see its image. Items marked Not Available don’t count towards the total.',
});

/** A category of the tree with its first index in the form's flat `lines`. */
export interface OrderItemGroup {
  category: OrderItemCategory;
  start: number;
}

/**
 * The order's items (spec §2: a collapsible tree per category), editable where the order
 * allows: from the md breakpoint a table per category (Not Available, Name, Items Count,
 * Qty, Price, Total Price); on a phone each item is a compact block — name and row total,
 * count × qty, the price box and the Not Available box — so every control a store owner
 * edits is on screen at 390 px without scrolling sideways (issue 22). The markup differs,
 * not only its styling: one table of six columns can't become a readable block by CSS
 * alone, and each field is rendered once either way.
 */
export const OrderItems = withForm({
  defaultValues: {} as OrderFormValues,
  props: {
    groups: [] as readonly OrderItemGroup[],
    lineTotals: [] as readonly number[],
    online: false,
    readOnly: false,
    problems: [] as readonly string[],
    onShow: (_line: OrderItemLine) => {},
  },
  render: function OrderItemsRender({ form, groups, lineTotals, online, readOnly, problems, onShow }) {
    const t = useT(messages);
    const f = useFormats();
    const w = useWords();
    const rupees = (paise: number) => f.money(fromPaise(paise));
    const wide = useMediaQuery(WIDE_SCREEN);
    const lines = useStore(form.store, (state) => state.values.lines);

    const notAvailable = (i: number, line: OrderItemLine, compact: boolean) => (
      <form.AppField name={`lines[${i}].unavailable`}>
        {(field) =>
          compact ? (
            <field.CheckboxField label={t.notAvailable} labelSuffix={`: ${line.name}`} disabled={online} />
          ) : (
            <field.CheckboxField label={t.notAvailableOf({ name: line.name })} hideLabel disabled={online} />
          )
        }
      </form.AppField>
    );
    const price = (i: number, line: OrderItemLine, compact: boolean) => (
      <form.AppField
        name={`lines[${i}].price`}
        listeners={{
          // Spec §5: a blank price box means 0.
          onBlur: ({ value, fieldApi }) => {
            if (String(value).trim() === '') fieldApi.setValue('0');
          },
        }}
      >
        {(field) => (
          <field.TextField
            label={compact ? t.price : t.priceOf({ name: line.name })}
            labelSuffix={compact ? t.priceSuffix({ name: line.name }) : undefined}
            hideLabel={!compact}
            inputMode="decimal"
            maxLength={ITEM_PRICE_MAX_LENGTH}
            mask={maskItemPriceText}
            disabled={online}
            inputClassName="h-8 text-right tabular-nums"
          />
        )}
      </form.AppField>
    );
    const nameButton = (line: OrderItemLine, unavailable: boolean) => (
      <button
        type="button"
        className={`link text-left ${unavailable ? 'line-through' : ''}`}
        onClick={() => onShow(line)}
        aria-haspopup="dialog"
        title={t.showImage}
      >
        {line.name}
      </button>
    );

    return (
      <Card title={t.title}>
        {online ? (
          <p className="mb-4 flex items-start gap-2 rounded-md bg-zinc-100 px-3 py-2 text-zinc-700">
            <Info aria-hidden="true" className="mt-1 size-4 shrink-0" />
            {t.online}
          </p>
        ) : null}
        {problems.length ? (
          <p role="alert" className="text-red-700">
            {t.unreadable({ problem: w(problems[0] ?? '') })}
          </p>
        ) : null}
        <fieldset disabled={readOnly} className="min-w-0 space-y-3">
          <legend className="sr-only">{t.title}</legend>
          {groups.map(({ category, start }) => (
            <details
              key={`${category.category}-${start}`}
              open
              className="group rounded-md border border-zinc-200"
            >
              <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md px-3 py-2 font-medium text-zinc-900 hover:bg-zinc-50 [&::-webkit-details-marker]:hidden">
                <ChevronRight
                  aria-hidden="true"
                  className="size-4 transition-transform group-open:rotate-90"
                />
                {category.category}
                <span className="font-normal text-zinc-600">{t.items(category.items.length)}</span>
              </summary>
              {wide ? (
                // relative: the visually hidden labels inside are clipped with the table, not left to widen the page.
                <div className="relative overflow-x-auto border-t border-zinc-200">
                  <table className="w-full min-w-[40rem] table-fixed text-left">
                    <caption className="sr-only">{t.itemsOf({ category: category.category })}</caption>
                    <ItemTableHead />
                    <tbody className="divide-y divide-zinc-100">
                      {category.items.map((line, j) => {
                        const i = start + j;
                        const unavailable = lines[i]?.unavailable ?? false;
                        return (
                          <tr
                            key={`${line.itemId}-${i}`}
                            // Double-click anywhere on the row shows the picture; the name button is the keyboard's way.
                            onDoubleClick={() => onShow(line)}
                            className={unavailable ? 'bg-zinc-50 text-zinc-500' : undefined}
                          >
                            <td className="px-3 py-2 align-top">{notAvailable(i, line, false)}</td>
                            <td className="px-3 py-2 align-top">{nameButton(line, unavailable)}</td>
                            <td className="px-3 py-2 text-right align-top tabular-nums">
                              {f.count(line.itemsCount)}
                            </td>
                            <td className="px-3 py-2 align-top">{line.qty}</td>
                            <td className="w-36 px-3 py-1.5 align-top">{price(i, line, false)}</td>
                            <td
                              className={`px-3 py-2 text-right align-top font-medium tabular-nums ${unavailable ? 'line-through' : ''}`}
                            >
                              {rupees(lineTotals[i] ?? 0)}
                            </td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </div>
              ) : (
                <ul
                  aria-label={t.itemsOf({ category: category.category })}
                  className="relative divide-y divide-zinc-100 border-t border-zinc-200"
                >
                  {category.items.map((line, j) => {
                    const i = start + j;
                    const unavailable = lines[i]?.unavailable ?? false;
                    return (
                      <li
                        key={`${line.itemId}-${i}`}
                        onDoubleClick={() => onShow(line)}
                        className={`grid grid-cols-[1fr_auto] items-end gap-x-3 gap-y-2 px-3 py-3 ${unavailable ? 'bg-zinc-50 text-zinc-500' : ''}`}
                      >
                        <div className="min-w-0 self-start">
                          {nameButton(line, unavailable)}
                          <p className="text-zinc-600 tabular-nums">
                            {f.count(line.itemsCount)} × {line.qty}
                          </p>
                        </div>
                        <p
                          className={`self-start text-right font-medium tabular-nums ${unavailable ? 'line-through' : ''}`}
                        >
                          <span className="sr-only">{t.total} </span>
                          {rupees(lineTotals[i] ?? 0)}
                        </p>
                        <div className="w-36">{price(i, line, true)}</div>
                        <div className="pb-1.5">{notAvailable(i, line, true)}</div>
                      </li>
                    );
                  })}
                </ul>
              )}
            </details>
          ))}
        </fieldset>
        <p className="mt-3 text-xs text-zinc-600">{t.help}</p>
      </Card>
    );
  },
});
