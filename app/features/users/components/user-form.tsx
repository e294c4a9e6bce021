import { useStore } from '@tanstack/react-form';
import { useSuspenseQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { YES_NO } from '#contract/enums';
import {
  passwordRequired,
  USER_EXISTS_MESSAGE,
  USER_PASSWORD_MAX,
  userFormValues,
  USER_LABELS,
  UserUpsertSchema,
  type User,
} from '#contract/users';
import {
  ADDRESS_FIELDS,
  AddressFields,
  byLabel,
  FormSection,
  setServerError,
  STORE_FIELDS,
  StoreFields,
  TAX_FIELDS,
  TaxFields,
  useAppForm,
  useSaveForm,
} from '../../../components/form';
import { PageHeader } from '../../../components/ui/page-header';
import { useUpsertUser } from '../mutations';
import { usersQueries } from '../queries';

const labelled = byLabel(USER_LABELS);
const fieldOfMessage = (m: string) => (m === 'Please enter a valid email address.' ? 'email' : labelled(m));

/** User Details (spec §2): the profile's two sections, for a user the platform admin manages. */
function UserForm({
  user,
  onSaved,
  onCancel,
}: {
  user?: User;
  onSaved: (saved: User) => void;
  onCancel: () => void;
}) {
  const { data: roles } = useSuspenseQuery(usersQueries.roles());
  const upsert = useUpsertUser();
  const flow = useSaveForm({ fieldOf: fieldOfMessage, onSaved });
  const isNew = !user;

  const form = useAppForm({
    defaultValues: userFormValues(user),
    validators: { onChange: UserUpsertSchema },
    onSubmit: ({ value, formApi }) =>
      flow.submit(formApi, async () => {
        const outcome = await upsert.mutateAsync(v.parse(UserUpsertSchema, value));
        if ('saved' in outcome) return outcome.saved;
        // Spec §7: an empty result means the number belongs to someone else; stay on the form.
        setServerError(formApi, 'phoneNumber', USER_EXISTS_MESSAGE);
        return null;
      }),
  });
  const needsPassword = useStore(form.store, (s) => passwordRequired(s.values));
  const title = isNew ? 'Add User' : 'Edit User';
  const roleOptions = roles.map((r) => r.name);

  return (
    <div>
      <PageHeader title="User Details" description={isNew ? 'A new user.' : `Editing ${user.name}.`} />
      <form.AppForm>
        <form.Form aria-label={title} className="space-y-6">
          <FormSection title="Personal Information">
            <form.AppField name="name">
              {(f) => <f.TextField label={USER_LABELS.name} autoComplete="off" />}
            </form.AppField>
            <form.AppField name="email">
              {(f) => <f.TextField label={USER_LABELS.email} type="email" autoComplete="off" />}
            </form.AppField>
            <form.AppField name="phoneNumber">
              {(f) => (
                <f.TextField
                  label={USER_LABELS.phoneNumber}
                  type="tel"
                  inputMode="numeric"
                  maxLength={10}
                  autoComplete="off"
                  prefix="+91"
                  hint="Ten digits; the user signs in with it."
                />
              )}
            </form.AppField>
            <form.AppField name="role">
              {(f) => (
                <f.SelectField label={USER_LABELS.role} options={roleOptions} placeholder="Select a role" />
              )}
            </form.AppField>
            {isNew ? null : (
              <form.AppField
                name="ispasswordchangeconfirms"
                listeners={{
                  // Turning the change off forgets what was typed: nothing half-typed lingers.
                  onChange: ({ value, fieldApi }) => {
                    if (value !== 'Yes') fieldApi.form.setFieldValue('passWord', '');
                  },
                }}
              >
                {(f) => (
                  <f.SwitchField
                    label="Change Password"
                    hint="On: the password below replaces the current one. Off: it stays as it is."
                    className="sm:col-span-2"
                  />
                )}
              </form.AppField>
            )}
            <form.AppField name="passWord">
              {(f) => (
                <f.PasswordField
                  label={USER_LABELS.passWord}
                  autoComplete="new-password"
                  hint={
                    needsPassword
                      ? `4 to ${USER_PASSWORD_MAX} characters.`
                      : 'Unchanged unless Change Password is on.'
                  }
                  disabled={!needsPassword}
                />
              )}
            </form.AppField>
            <AddressFields form={form} fields={ADDRESS_FIELDS} optional ownDetails={false} />
          </FormSection>

          <FormSection title="Store Information">
            <StoreFields form={form} fields={STORE_FIELDS} optional ownDetails={false} />
            <form.AppField name="isActive">
              {(f) => <f.SelectField label={USER_LABELS.isActive} options={YES_NO} />}
            </form.AppField>
            <form.AppField name="isOnlinePaymentEnabled">
              {(f) => <f.SelectField label={USER_LABELS.isOnlinePaymentEnabled} options={YES_NO} />}
            </form.AppField>
            <form.AppField name="isAddCategoryItems">
              {(f) => <f.SelectField label={USER_LABELS.isAddCategoryItems} options={YES_NO} />}
            </form.AppField>
          </FormSection>

          <FormSection title="Tax and licence">
            <TaxFields form={form} fields={TAX_FIELDS} />
          </FormSection>

          <form.FormAlert message={flow.alert} />
          {user ? (
            <form.ConflictBar
              conflict={flow.conflict}
              query={usersQueries.detail(user.id)}
              toValues={userFormValues}
              labels={USER_LABELS}
              onClose={flow.closeConflict}
            />
          ) : null}
          <form.FormActions onCancel={onCancel} />
          <form.UnsavedChangesGuard />
        </form.Form>
      </form.AppForm>
    </div>
  );
}

type ScreenProps = { onSaved: (saved: User) => void; onCancel: () => void };

/** The user form for a new user (spec §4 defaults). */
export function AddUserForm(props: ScreenProps) {
  return <UserForm {...props} />;
}

/** The user form for an existing user. */
export function EditUserForm({ id, ...props }: ScreenProps & { id: number }) {
  const { data: user } = useSuspenseQuery(usersQueries.detail(id));
  return <UserForm {...props} user={user} />;
}
