import { useStore } from '@tanstack/react-form';
import { useSuspenseQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { YES_NO } from '#contract/enums';
import {
  passwordRequired,
  USER_EXISTS_MESSAGE,
  USER_PASSWORD_MAX,
  USER_PASSWORD_MIN,
  userFormValues,
  USER_LABELS,
  UserUpsertSchema,
  type User,
} from '#contract/users';
import {
  ADDRESS_FIELDS,
  AddressFields,
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
import { i18n, params, useFormats, useT, useWords } from '../../../lib/i18n';
import { useUpsertUser } from '../mutations';
import { usersQueries } from '../queries';

// The fields' labels are the contract's (USER_LABELS, through the words table), and so is
// the password switch's name: DECISIONS §3 calls the field "change password".
const CHANGE_PASSWORD = 'Change Password';
const messages = i18n('users/user-form', {
  add: 'Add User',
  edit: 'Edit User',
  heading: 'User Details',
  new: 'A new user.',
  editing: params('Editing {name}.'),
  personal: 'Personal Information',
  phoneHint: 'Ten digits; the user signs in with it.',
  selectRole: 'Select a role',
  changePasswordHint: 'On: the password below replaces the current one. Off: it stays as it is.',
  passwordLength: params('{min} to {max} characters.'),
  passwordUnchanged: 'Unchanged unless Change Password is on.',
  store: 'Store Information',
  tax: 'Tax and licence',
});

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
  const flow = useSaveForm({ onSaved });
  const isNew = !user;
  const t = useT(messages);
  const w = useWords();
  const fmt = useFormats();

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
  const title = isNew ? t.add : t.edit;
  const roleOptions = roles.map((r) => r.name);

  return (
    <div>
      <PageHeader title={t.heading} description={isNew ? t.new : t.editing({ name: user.name })} />
      <form.AppForm>
        <form.Form aria-label={title} className="space-y-6">
          <FormSection title={t.personal}>
            <form.AppField name="name">
              {(f) => <f.TextField label={w(USER_LABELS.name)} autoComplete="off" />}
            </form.AppField>
            <form.AppField name="email">
              {(f) => <f.TextField label={w(USER_LABELS.email)} type="email" autoComplete="off" />}
            </form.AppField>
            <form.AppField name="phoneNumber">
              {(f) => (
                <f.TextField
                  label={w(USER_LABELS.phoneNumber)}
                  type="tel"
                  inputMode="numeric"
                  maxLength={10}
                  autoComplete="off"
                  prefix="+91"
                  hint={t.phoneHint}
                />
              )}
            </form.AppField>
            <form.AppField name="role">
              {(f) => (
                <f.SelectField label={w(USER_LABELS.role)} options={roleOptions} placeholder={t.selectRole} />
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
                    label={w(CHANGE_PASSWORD)}
                    hint={t.changePasswordHint}
                    className="sm:col-span-2"
                  />
                )}
              </form.AppField>
            )}
            <form.AppField name="passWord">
              {(f) => (
                <f.PasswordField
                  label={w(USER_LABELS.passWord)}
                  autoComplete="new-password"
                  hint={
                    needsPassword
                      ? t.passwordLength({
                          min: fmt.count(USER_PASSWORD_MIN),
                          max: fmt.count(USER_PASSWORD_MAX),
                        })
                      : t.passwordUnchanged
                  }
                  disabled={!needsPassword}
                />
              )}
            </form.AppField>
            <AddressFields form={form} fields={ADDRESS_FIELDS} optional ownDetails={false} />
          </FormSection>

          <FormSection title={t.store}>
            <StoreFields form={form} fields={STORE_FIELDS} optional ownDetails={false} />
            <form.AppField name="isActive">
              {(f) => <f.SelectField label={w(USER_LABELS.isActive)} options={YES_NO} />}
            </form.AppField>
            <form.AppField name="isOnlinePaymentEnabled">
              {(f) => <f.SelectField label={w(USER_LABELS.isOnlinePaymentEnabled)} options={YES_NO} />}
            </form.AppField>
            <form.AppField name="isAddCategoryItems">
              {(f) => <f.SelectField label={w(USER_LABELS.isAddCategoryItems)} options={YES_NO} />}
            </form.AppField>
          </FormSection>

          <FormSection title={t.tax}>
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
