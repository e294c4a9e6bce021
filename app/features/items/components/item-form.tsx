import { useStore } from '@tanstack/react-form';
import { Info } from 'lucide-react';
import {
  ITEM_IMAGE_NAME,
  ITEM_LABELS,
  itemFormValues,
  itemImageUrl,
  ItemUpsertSchema,
  type Item,
  type ItemFormAction,
} from '#contract/items';
import { can } from '#contract/permissions';
import { useAppForm, useSaveForm } from '../../../components/form';
import { itemsQueries } from '../queries';
import { PageHeader } from '../../../components/ui/page-header';
import { i18n, params, useT, useWords } from '../../../lib/i18n';
import { useUpsertItem } from '../mutations';

/** The preview's text before there is an image to show (spec §2). */
export const IMAGE_PREVIEW_PLACEHOLDER = 'Image preview will appear here in edit.';

const messages = i18n('items/form', {
  add: 'Add Item',
  edit: 'Edit Item',
  clone: 'Clone Item',
  about: 'A product of the catalog.',
  cloneOf: params('A new item, starting from {name}.'),
  readOnly: 'Your role can view items but not change them.',
  inRupees: params('{label} (Rs)'),
  qtyHint: 'Pack size, e.g. 500 g',
  imageHint: 'Image file name, without .jpg',
  imageFixed: 'The image of an existing item can be changed by a platform administrator only.',
  submit: 'Submit',
  cancel: 'Cancel',
  previewOf: params('Preview of {name}'),
  noPreview: IMAGE_PREVIEW_PLACEHOLDER,
  preview: 'Image preview',
});

const LABELS = ITEM_LABELS;
/** The fields' labels in the reader's language. */
const labelsIn = (w: (text: string) => string) =>
  Object.fromEntries(Object.entries(LABELS).map(([field, label]) => [field, w(label)]));

/** What this role may do on this form (spec §4 Item form, DECISIONS §2). */
export function itemAccess(role: string, action: ItemFormAction) {
  const canSave = action === 'edit' ? can(role, 'items.edit') : can(role, 'items.create');
  return {
    canSave,
    // A WebAdmin's edit keeps the stored image; a new item (add, clone) takes the one typed.
    imageEditable: canSave && (action !== 'edit' || can(role, 'items.editImage')),
    // Roles that can't edit items see no image field at all.
    showImage: can(role, 'items.edit'),
  };
}

function Preview({ image, hasItem }: { image: string; hasItem: boolean }) {
  const t = useT(messages);
  const name = image.trim();
  return (
    <figure className="card flex flex-col items-center p-5">
      {hasItem && ITEM_IMAGE_NAME.test(name) ? (
        <img
          src={itemImageUrl(name)}
          alt={t.previewOf({ name })}
          className="aspect-square w-full max-w-xs rounded-md bg-zinc-100 object-contain"
        />
      ) : (
        <div className="flex aspect-square w-full max-w-xs items-center justify-center rounded-md border border-dashed border-zinc-300 bg-zinc-50 p-6 text-center text-zinc-600">
          {t.noPreview}
        </div>
      )}
      <figcaption className="mt-3 text-xs text-zinc-600">{t.preview}</figcaption>
    </figure>
  );
}

/**
 * The item form (spec §2, §4, §5): add, edit or clone (clone clears the id, so saving
 * creates a new item). Rules and messages are ItemUpsertSchema's.
 */
export function ItemForm({
  item,
  action,
  role,
  onSaved,
  onCancel,
}: {
  item?: Item;
  action: ItemFormAction;
  role: string;
  onSaved: (saved: Item, action: ItemFormAction) => void;
  onCancel: () => void;
}) {
  const t = useT(messages);
  const w = useWords();
  const { canSave, imageEditable, showImage } = itemAccess(role, action);
  const upsert = useUpsertItem();
  const flow = useSaveForm({ onSaved: (saved: Item) => onSaved(saved, action) });
  const form = useAppForm({
    defaultValues: itemFormValues(item, action),
    validators: { onChange: ItemUpsertSchema },
    onSubmit: ({ value, formApi }) => flow.submit(formApi, () => upsert.mutateAsync(value)),
  });
  const image = useStore(form.store, (s) => String(s.values.image ?? ''));
  const title = t[action];

  return (
    <div>
      <PageHeader
        title={title}
        description={action === 'clone' && item ? t.cloneOf({ name: item.name }) : t.about}
      />
      <form.AppForm>
        <form.Form aria-label={title} className="grid gap-6 lg:grid-cols-3">
          <div className="min-w-0 space-y-6 lg:col-span-2">
            {canSave ? null : (
              <p className="flex items-start gap-2 rounded-md bg-zinc-100 px-3 py-2 text-zinc-700">
                <Info aria-hidden="true" className="mt-1 size-4 shrink-0" />
                {t.readOnly}
              </p>
            )}
            <fieldset disabled={!canSave} className="card grid min-w-0 gap-5 p-6 sm:grid-cols-2">
              <legend className="sr-only">{title}</legend>
              <form.AppField name="name">{(f) => <f.TextField label={w(LABELS.name)} />}</form.AppField>
              <form.AppField name="brand">{(f) => <f.TextField label={w(LABELS.brand)} />}</form.AppField>
              <form.AppField name="description">
                {(f) => <f.TextField label={w(LABELS.description)} className="sm:col-span-2" />}
              </form.AppField>
              <form.AppField name="category">
                {(f) => <f.TextField label={w(LABELS.category)} />}
              </form.AppField>
              <form.AppField name="subCategory">
                {(f) => <f.TextField label={w(LABELS.subCategory)} />}
              </form.AppField>
              <form.AppField name="price">
                {(f) => <f.TextField label={t.inRupees({ label: w(LABELS.price) })} inputMode="decimal" />}
              </form.AppField>
              <form.AppField name="mrp">
                {(f) => <f.TextField label={t.inRupees({ label: w(LABELS.mrp) })} inputMode="decimal" />}
              </form.AppField>
              <form.AppField name="qty">
                {(f) => <f.TextField label={w(LABELS.qty)} hint={t.qtyHint} />}
              </form.AppField>
              {showImage ? (
                <form.AppField name="image">
                  {(f) => (
                    <f.TextField
                      label={w(LABELS.image)}
                      optional
                      disabled={!imageEditable}
                      hint={imageEditable ? t.imageHint : t.imageFixed}
                    />
                  )}
                </form.AppField>
              ) : null}
            </fieldset>
            <form.FormAlert message={flow.alert} />
            {item && action === 'edit' ? (
              <form.ConflictBar
                conflict={flow.conflict}
                query={itemsQueries.detail(item.id)}
                toValues={(latest) => itemFormValues(latest, 'edit')}
                labels={labelsIn(w)}
                onClose={flow.closeConflict}
              />
            ) : null}
            <div className="flex gap-3">
              {canSave ? <form.SubmitButton>{t.submit}</form.SubmitButton> : null}
              <button type="button" className="btn-secondary" onClick={onCancel}>
                {t.cancel}
              </button>
            </div>
          </div>
          <div className="min-w-0">
            <Preview image={image} hasItem={!!item} />
          </div>
          <form.UnsavedChangesGuard disabled={!canSave} />
        </form.Form>
      </form.AppForm>
    </div>
  );
}
