import { useState } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { DatabaseZap } from 'lucide-react';
import { ROLES } from '#contract/enums';
import {
  freeRoleTypes,
  ROLE_LABELS,
  type BulkInsertResult,
  RoleUpsertSchema,
  type RoleRecord,
  type RoleUpsertInput,
} from '#contract/roles';
import { useAppForm, useSaveForm } from '../../../components/form';
import { PageHeader } from '../../../components/ui/page-header';
import { i18n, params, useFormats, useT, useWords } from '../../../lib/i18n';
import { useBulkItemsInsert, useUpsertRole } from '../mutations';
import { rolesQueries } from '../queries';

const bulkMessages = i18n('roles/bulk-items-insert', {
  section: 'Catalog import',
  title: 'Master catalog',
  description: 'Adds the bundled catalog’s items; items already present are skipped.',
  importing: 'Importing…',
  // The spec's name of the button.
  button: 'BulkItemsInsert',
  // DECISIONS §1: the screen shows both counts.
  report: params('{inserted} items inserted, {skipped} skipped'),
});

// The role type's and description's labels and the role names are the contract's (the words table).
const messages = i18n('roles/role-form', {
  add: 'Add Role',
  edit: 'Edit Role',
  heading: 'Role Details',
  editing: params('Editing the {name} role.'),
  new: 'A new role.',
  allExist: 'All four role types exist, and each is added once: edit a role to change its description.',
  back: 'Back to Roles',
  selectType: 'Select a role type',
  // "WebAdmin, WebUser and MobileUser": the list's last two joined.
  and: params('{list} and {last}'),
  takenOne: params('Each type is added once; {types} exists already.'),
  takenMany: params('Each type is added once; {types} exist already.'),
  descriptionHint: 'Up to 40 characters.',
});

/** Imports the master catalog and says how it went, in a live region beside the button. */
function BulkItemsInsert() {
  const t = useT(bulkMessages);
  const f = useFormats();
  const [result, setResult] = useState<BulkInsertResult | null>(null);
  const bulk = useBulkItemsInsert({ onSuccess: setResult });
  return (
    <section aria-label={t.section} className="card flex flex-wrap items-center gap-4 p-5">
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold text-zinc-900">{t.title}</h2>
        <p className="text-zinc-600">{t.description}</p>
      </div>
      <button
        type="button"
        className="btn-secondary"
        aria-disabled={bulk.isPending || undefined}
        onClick={() => {
          if (bulk.isPending) return;
          setResult(null);
          bulk.mutate();
        }}
      >
        <DatabaseZap aria-hidden="true" className="size-4" />
        {bulk.isPending ? t.importing : t.button}
      </button>
      <p role="status" className="w-full text-sm font-medium text-emerald-700 empty:hidden">
        {result ? t.report({ inserted: f.count(result.inserted), skipped: f.count(result.skipped) }) : null}
      </p>
    </section>
  );
}

/** The types the form offers (those not yet present, and an edited role's own) and those taken. */
function typeChoice(every: readonly RoleRecord[], role?: RoleRecord) {
  const free = freeRoleTypes(every);
  const options = ROLES.filter((type) => type === role?.name || free.includes(type));
  const taken = ROLES.filter((type) => !options.includes(type));
  return { options, taken };
}

/** Why some types are missing from the choice: 'WebAdmin and WebUser exist already'. */
function useTakenHint(taken: readonly string[]) {
  const t = useT(messages);
  const w = useWords();
  if (!taken.length) return undefined;
  const names = taken.map(w);
  const last = names.pop()!;
  const types = names.length ? t.and({ list: names.join(', '), last }) : last;
  return taken.length === 1 ? t.takenOne({ types }) : t.takenMany({ types });
}

/** The role form's starting values: empty to add, `role`'s own to edit. */
function roleFormValues(role?: RoleRecord): RoleUpsertInput {
  return {
    id: role?.id ?? '',
    name: (role?.name ?? '') as RoleUpsertInput['name'],
    description: role?.description ?? '',
    version: role?.version,
  };
}

/** Role Details (spec §2): add and edit share the screen; edit when the route names an id. */
function RoleForm({
  role,
  onSaved,
  onCancel,
}: {
  role?: RoleRecord;
  onSaved: (saved: RoleRecord) => void;
  onCancel: () => void;
}) {
  const t = useT(messages);
  const w = useWords();
  const upsert = useUpsertRole();
  const { data: every } = useSuspenseQuery(rolesQueries.every());
  const types = typeChoice(every, role);
  const typesHint = useTakenHint(types.taken);
  const flow = useSaveForm({ onSaved });
  const defaultValues = roleFormValues(role);
  const form = useAppForm({
    defaultValues,
    validators: { onChange: RoleUpsertSchema },
    onSubmit: ({ value, formApi }) => flow.submit(formApi, () => upsert.mutateAsync(value)),
  });
  const title = role ? t.edit : t.add;

  return (
    <div className="max-w-2xl space-y-6">
      <PageHeader title={t.heading} description={role ? t.editing({ name: w(role.name) }) : t.new} />
      {!role && types.options.length === 0 ? (
        <div className="card space-y-4 p-6">
          <p>{t.allExist}</p>
          <button type="button" className="btn-secondary" onClick={onCancel}>
            {t.back}
          </button>
        </div>
      ) : (
        <div className="card p-6">
          <form.AppForm>
            <form.Form aria-label={title} className="space-y-5">
              <form.AppField name="name">
                {(f) => (
                  <f.SelectField
                    label={w(ROLE_LABELS.name)}
                    options={types.options}
                    placeholder={t.selectType}
                    hint={typesHint}
                  />
                )}
              </form.AppField>
              <form.AppField name="description">
                {(f) => (
                  <f.TextField label={w(ROLE_LABELS.description)} maxLength={60} hint={t.descriptionHint} />
                )}
              </form.AppField>
              <form.FormAlert message={flow.alert} />
              {role ? (
                <form.ConflictBar
                  conflict={flow.conflict}
                  query={rolesQueries.detail(role.id)}
                  toValues={roleFormValues}
                  labels={ROLE_LABELS}
                  onClose={flow.closeConflict}
                />
              ) : null}
              <form.FormActions onCancel={onCancel} />
              <form.UnsavedChangesGuard />
            </form.Form>
          </form.AppForm>
        </div>
      )}
      <BulkItemsInsert />
    </div>
  );
}

type ScreenProps = { onSaved: (saved: RoleRecord) => void; onCancel: () => void };

/** The role form for a new role. */
export function AddRoleForm(props: ScreenProps) {
  return <RoleForm {...props} />;
}

/** The role form for an existing role. */
export function EditRoleForm({ id, ...props }: ScreenProps & { id: number }) {
  const { data: role } = useSuspenseQuery(rolesQueries.detail(id));
  return <RoleForm {...props} role={role} />;
}
