import { useState } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { DatabaseZap } from 'lucide-react';
import { ROLES } from '#contract/enums';
import {
  freeRoleTypes,
  ROLE_LABELS,
  RoleUpsertSchema,
  type RoleRecord,
  type RoleUpsertInput,
} from '#contract/roles';
import { byLabel, useAppForm, useSaveForm } from '../../../components/form';
import { PageHeader } from '../../../components/ui/page-header';
import { useBulkItemsInsert, useUpsertRole } from '../mutations';
import { rolesQueries } from '../queries';

// Role refusals name the role ('Role WebAdmin already exists.'), so they belong to Role Type.
const fieldOfMessage = byLabel({ ...ROLE_LABELS, name: 'Role' });

/** What the bulk import reports (DECISIONS §1: the screen shows both counts). */
export function bulkInsertMessage(result: { inserted: number; skipped: number }) {
  return `${result.inserted} items inserted, ${result.skipped} skipped`;
}

/** Imports the master catalog and says how it went, in a live region beside the button. */
function BulkItemsInsert() {
  const [report, setReport] = useState<string | null>(null);
  const bulk = useBulkItemsInsert({ onSuccess: (result) => setReport(bulkInsertMessage(result)) });
  return (
    <section aria-label="Catalog import" className="card flex flex-wrap items-center gap-4 p-5">
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold text-zinc-900">Master catalog</h2>
        <p className="text-zinc-600">Adds the bundled catalog’s items; items already present are skipped.</p>
      </div>
      <button
        type="button"
        className="btn-secondary"
        aria-disabled={bulk.isPending || undefined}
        onClick={() => {
          if (bulk.isPending) return;
          setReport(null);
          bulk.mutate();
        }}
      >
        <DatabaseZap aria-hidden="true" className="size-4" />
        {bulk.isPending ? 'Importing…' : 'BulkItemsInsert'}
      </button>
      <p role="status" className="w-full text-sm font-medium text-emerald-700 empty:hidden">
        {report}
      </p>
    </section>
  );
}

/** The types the form offers: those not yet present, and an edited role's own. */
function typeChoice(every: readonly RoleRecord[], role?: RoleRecord) {
  const free = freeRoleTypes(every);
  const options = ROLES.filter((type) => type === role?.name || free.includes(type));
  const taken = ROLES.filter((type) => !options.includes(type));
  const hint = taken.length
    ? `Each type is added once; ${listInWords(taken)} ${taken.length === 1 ? 'exists' : 'exist'} already.`
    : undefined;
  return { options, hint };
}

function listInWords(words: readonly string[]) {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
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
  const upsert = useUpsertRole();
  const { data: every } = useSuspenseQuery(rolesQueries.every());
  const types = typeChoice(every, role);
  const flow = useSaveForm({ fieldOf: fieldOfMessage, onSaved });
  const defaultValues = roleFormValues(role);
  const form = useAppForm({
    defaultValues,
    validators: { onChange: RoleUpsertSchema },
    onSubmit: ({ value, formApi }) => flow.submit(formApi, () => upsert.mutateAsync(value)),
  });
  const title = role ? 'Edit Role' : 'Add Role';

  return (
    <div className="max-w-2xl space-y-6">
      <PageHeader
        title="Role Details"
        description={role ? `Editing the ${role.name} role.` : 'A new role.'}
      />
      {!role && types.options.length === 0 ? (
        <div className="card space-y-4 p-6">
          <p>All four role types exist, and each is added once: edit a role to change its description.</p>
          <button type="button" className="btn-secondary" onClick={onCancel}>
            Back to Roles
          </button>
        </div>
      ) : (
        <div className="card p-6">
          <form.AppForm>
            <form.Form aria-label={title} className="space-y-5">
              <form.AppField name="name">
                {(f) => (
                  <f.SelectField
                    label={ROLE_LABELS.name}
                    options={types.options}
                    placeholder="Select a role type"
                    hint={types.hint}
                  />
                )}
              </form.AppField>
              <form.AppField name="description">
                {(f) => (
                  <f.TextField label={ROLE_LABELS.description} maxLength={60} hint="Up to 40 characters." />
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
