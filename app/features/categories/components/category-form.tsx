import { useMemo, useState } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { Info } from 'lucide-react';
import {
  CATEGORY_LABELS,
  CategoryUpsertSchema,
  categoryFormValues,
  type Category,
} from '#contract/categories';
import { decodeCatalogItems, encodeAssociatedItems, type CatalogItemEntry } from '#contract/codecs';
import { ITEM_LABELS, itemImageUrl } from '#contract/items';
import { useAppForm, type DualListOption, useSaveForm } from '../../../components/form';
import { ImageDialog } from '../../../components/ui/image-dialog';
import { PageHeader } from '../../../components/ui/page-header';
import { i18n, params, plural, useFormats, useT, useWords } from '../../../lib/i18n';
import { useUpsertCategory } from '../mutations';
import { categoriesQueries } from '../queries';

/** Shown when Item Details is pressed with nothing selected (spec §8, as an on-screen message). */
export const SELECT_ITEM_MESSAGE = 'Select Item';

const messages = i18n('categories/form', {
  add: 'Add Category',
  edit: 'Edit Category',
  about: 'A category groups catalog items under a name and a sub-category.',
  readOnly: 'Your role can view categories but not change them.',
  details: 'Category details',
  imageHint: 'Image file name, without .jpg',
  itemsSection: 'Category items',
  items: 'Items',
  available: 'Available items',
  associated: 'Associated items',
  itemDetails: 'Item Details',
  selectItem: SELECT_ITEM_MESSAGE,
  inCategory: 'Items in this category',
  itemCount: plural({ one: '{count} item', other: '{count} items' }),
  submit: 'Submit',
  cancel: 'Cancel',
  imageOf: params('Image of {name}'),
});

const LABELS = CATEGORY_LABELS;
/** The fields' labels in the reader's language. */
const labelsIn = (w: (text: string) => string) =>
  Object.fromEntries(Object.entries(LABELS).map(([field, label]) => [field, w(label)]));
// The chosen items are posted as associatedItems; the form holds their ids as `associated`.
const FIELD_NAMES = { associatedItems: 'associated' } as const;

// The payload's rules, plus the chosen item ids the two lists edit (posted as associatedItems).
const CategoryFormSchema = v.object({ ...CategoryUpsertSchema.entries, associated: v.array(v.number()) });

const decode = (encoded: string) => {
  const r = decodeCatalogItems(encoded);
  return r.success ? r.output : [];
};

/** The ids of the items a category lists, in its order. */
const associatedIds = (category: Category) => decode(category.associatedItems).map((i) => i.id);

interface CategoryFormProps {
  canEdit: boolean;
  onSaved: (saved: Category) => void;
  onCancel: () => void;
}

/** The category form for an existing category (getcategorybyid carries both item lists). */
export function EditCategoryForm({ id, ...props }: CategoryFormProps & { id: number }) {
  const { data: category } = useSuspenseQuery(categoriesQueries.detail(id));
  const { items, associated } = useMemo(() => {
    const inIt = decode(category.associatedItems);
    const rest = decode(category.availableItems);
    return {
      items: [...rest, ...inIt].sort((a, b) => a.name.localeCompare(b.name)),
      associated: associatedIds(category),
    };
  }, [category]);
  return <CategoryForm {...props} category={category} items={items} associated={associated} />;
}

/** The category form for a new category (its items come from getavailableitems). */
export function AddCategoryForm(props: CategoryFormProps) {
  const { data: encoded } = useSuspenseQuery(categoriesQueries.availableItems());
  const items = useMemo(() => decode(encoded).sort((a, b) => a.name.localeCompare(b.name)), [encoded]);
  return <CategoryForm {...props} items={items} associated={[]} />;
}

function CategoryForm({
  category,
  items,
  associated,
  canEdit,
  onSaved,
  onCancel,
}: CategoryFormProps & { category?: Category; items: CatalogItemEntry[]; associated: number[] }) {
  const [selection, setSelection] = useState<DualListOption[]>([]);
  const [shown, setShown] = useState<CatalogItemEntry | null>(null);
  const [selectHint, setSelectHint] = useState(false);
  const byId = useMemo(() => new Map(items.map((i) => [i.id, i])), [items]);
  const options = useMemo<DualListOption[]>(
    () =>
      items.map((i) => ({ value: i.id, label: i.name, detail: [i.brand, i.qty].filter(Boolean).join(', ') })),
    [items],
  );
  const t = useT(messages);
  const w = useWords();
  const f = useFormats();
  const upsert = useUpsertCategory();
  const flow = useSaveForm({ fieldNames: FIELD_NAMES, onSaved });

  const form = useAppForm({
    defaultValues: { ...categoryFormValues(category), associated },
    validators: { onChange: CategoryFormSchema },
    onSubmit: ({ value, formApi }) => {
      const { associated: ids, ...fields } = value;
      return flow.submit(formApi, () =>
        upsert.mutateAsync({
          ...fields,
          // Spec §3: posted as 'id|label' entries joined by commas.
          associatedItems: encodeAssociatedItems(ids.map((id) => ({ id, label: byId.get(id)?.name ?? '' }))),
        }),
      );
    },
  });

  const title = category ? t.edit : t.add;
  const show = (option: DualListOption) => setShown(byId.get(option.value) ?? null);

  return (
    <div>
      <PageHeader title={title} description={t.about} />
      <form.AppForm>
        <form.Form aria-label={title} className="space-y-6">
          {canEdit ? null : (
            <p className="flex items-start gap-2 rounded-md bg-zinc-100 px-3 py-2 text-zinc-700">
              <Info aria-hidden="true" className="mt-1 size-4 shrink-0" />
              {t.readOnly}
            </p>
          )}
          <fieldset disabled={!canEdit} className="min-w-0 space-y-6">
            <legend className="sr-only">{title}</legend>
            <section aria-label={t.details} className="card grid gap-5 p-6 sm:grid-cols-2">
              <form.AppField name="name">
                {(field) => <field.TextField label={w(LABELS.name)} />}
              </form.AppField>
              <form.AppField name="subcategory">
                {(field) => <field.TextField label={w(LABELS.subcategory)} />}
              </form.AppField>
              <form.AppField name="description">
                {(field) => <field.TextField label={w(LABELS.description)} className="sm:col-span-2" />}
              </form.AppField>
              <form.AppField name="image">
                {(field) => <field.TextField label={w(LABELS.image)} hint={t.imageHint} />}
              </form.AppField>
            </section>
            <section aria-label={t.itemsSection} className="card p-6">
              <form.AppField name="associated">
                {(field) => (
                  <field.DualListField
                    label={t.items}
                    options={options}
                    availableLabel={t.available}
                    chosenLabel={t.associated}
                    onShow={show}
                    onSelectionChange={(selected) => {
                      setSelection(selected);
                      if (selected.length) setSelectHint(false);
                    }}
                    disabled={!canEdit}
                  />
                )}
              </form.AppField>
              <div className="mt-4 flex flex-wrap items-center gap-3">
                <button
                  type="button"
                  className="btn-secondary"
                  aria-haspopup="dialog"
                  onClick={() => {
                    const first = selection[0];
                    if (first) show(first);
                    else setSelectHint(true);
                  }}
                >
                  {t.itemDetails}
                </button>
                <p role="alert" className="text-sm font-medium text-red-700 empty:hidden">
                  {selectHint ? t.selectItem : null}
                </p>
              </div>
            </section>
          </fieldset>
          <form.FormAlert message={flow.alert} />
          {category ? (
            <form.ConflictBar
              conflict={flow.conflict}
              query={categoriesQueries.detail(category.id)}
              toValues={(latest) => ({ ...categoryFormValues(latest), associated: associatedIds(latest) })}
              labels={{ ...labelsIn(w), associated: t.inCategory }}
              describe={(field, value) =>
                field === 'associated' && Array.isArray(value)
                  ? t.itemCount(value.length)
                  : String(value ?? '')
              }
              onClose={flow.closeConflict}
            />
          ) : null}
          <div className="flex gap-3">
            {canEdit ? <form.SubmitButton>{t.submit}</form.SubmitButton> : null}
            <button type="button" className="btn-secondary" onClick={onCancel}>
              {t.cancel}
            </button>
          </div>
          <form.UnsavedChangesGuard disabled={!canEdit} />
        </form.Form>
      </form.AppForm>
      <ImageDialog
        open={shown !== null}
        title={shown?.name ?? ''}
        src={itemImageUrl(shown?.image ?? '')}
        alt={shown ? t.imageOf({ name: shown.name }) : ''}
        onClose={() => setShown(null)}
      >
        {shown ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-zinc-600">{w(ITEM_LABELS.brand)}</dt>
            <dd>{shown.brand}</dd>
            <dt className="text-zinc-600">{w(ITEM_LABELS.qty)}</dt>
            <dd>{shown.qty}</dd>
            <dt className="text-zinc-600">{w(ITEM_LABELS.price)}</dt>
            <dd>{f.money(shown.price)}</dd>
          </dl>
        ) : null}
      </ImageDialog>
    </div>
  );
}
