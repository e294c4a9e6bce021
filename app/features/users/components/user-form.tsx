import { useStore } from '@tanstack/react-form';
import { useSuspenseQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { COUNTRIES, STATES, YES_NO } from '#contract/enums';
import {
  passwordRequired,
  USER_EXISTS_MESSAGE,
  USER_PASSWORD_MAX,
  userFormValues,
  UserUpsertSchema,
  type User,
} from '#contract/users';
import { byLabel, FormSection, setServerError, useAppForm, useSaveFlow } from '../../../components/form';
import { PageHeader } from '../../../components/ui/page-header';
import { useUpsertUser } from '../mutations';
import { usersQueries } from '../queries';

const LABELS = {
  name: 'Name',
  email: 'Email',
  phoneNumber: 'Phone Number',
  passWord: 'Password',
  role: 'Role',
  address1: 'Address 1',
  address2: 'Address 2',
  address3: 'Address 3',
  city: 'City',
  state: 'State',
  country: 'Country',
  pincode: 'Pincode',
  bussinessName: 'Business Name',
  deleveryMessage: 'Delivery Message',
  bussinessImage: 'Business Image',
  deliveryTime: 'Delivery Time',
  deliveryPrice: 'Delivery Price',
  bussinessType: 'Business Type',
  description: 'Description',
} as const;
/** The Yes/No choices' labels (their refusals never start with them, so byLabel skips them). */
const FLAG_LABELS = {
  isHomeDeliveryAvailable: 'Is Home Delivery Available',
  isActive: 'Is Active',
  isOnlinePaymentEnabled: 'Is Online Payment Enabled',
  isAddCategoryItems: 'Is Add Category Items',
} as const;
const labelled = byLabel(LABELS);
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
  const flow = useSaveFlow({ fieldOf: fieldOfMessage, onSaved });
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
              {(f) => <f.TextField label={LABELS.name} autoComplete="off" />}
            </form.AppField>
            <form.AppField name="email">
              {(f) => <f.TextField label={LABELS.email} type="email" autoComplete="off" />}
            </form.AppField>
            <form.AppField name="phoneNumber">
              {(f) => (
                <f.TextField
                  label={LABELS.phoneNumber}
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
              {(f) => <f.SelectField label={LABELS.role} options={roleOptions} placeholder="Select a role" />}
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
                  label={LABELS.passWord}
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
            <form.AppField name="address1">
              {(f) => <f.TextField label={LABELS.address1} optional autoComplete="off" />}
            </form.AppField>
            <form.AppField name="address2">
              {(f) => <f.TextField label={LABELS.address2} optional autoComplete="off" />}
            </form.AppField>
            <form.AppField name="address3">
              {(f) => <f.TextField label={LABELS.address3} optional autoComplete="off" />}
            </form.AppField>
            <form.AppField name="city">{(f) => <f.TextField label={LABELS.city} optional />}</form.AppField>
            <form.AppField name="state">
              {(f) => <f.SelectField label={LABELS.state} options={STATES} placeholder="Select a state" />}
            </form.AppField>
            <form.AppField name="country">
              {(f) => (
                <f.SelectField label={LABELS.country} options={COUNTRIES} placeholder="Select a country" />
              )}
            </form.AppField>
            <form.AppField name="pincode">
              {(f) => <f.TextField label={LABELS.pincode} optional inputMode="numeric" />}
            </form.AppField>
          </FormSection>

          <FormSection title="Store Information">
            <form.AppField name="bussinessName">
              {(f) => <f.TextField label={LABELS.bussinessName} />}
            </form.AppField>
            <form.AppField name="deleveryMessage">
              {(f) => <f.TextField label={LABELS.deleveryMessage} optional />}
            </form.AppField>
            <form.AppField name="bussinessImage">
              {(f) => (
                <f.TextField label={LABELS.bussinessImage} optional hint="Image file name, without .jpg" />
              )}
            </form.AppField>
            <form.AppField name="deliveryTime">
              {(f) => <f.TextField label={`${LABELS.deliveryTime} (minutes)`} optional inputMode="numeric" />}
            </form.AppField>
            <form.AppField name="deliveryPrice">
              {(f) => <f.TextField label={`${LABELS.deliveryPrice} (Rs)`} optional inputMode="numeric" />}
            </form.AppField>
            <form.AppField name="bussinessType">
              {(f) => <f.TextField label={LABELS.bussinessType} optional />}
            </form.AppField>
            <form.AppField name="description">
              {(f) => <f.TextField label={LABELS.description} optional />}
            </form.AppField>
            <form.AppField name="isHomeDeliveryAvailable">
              {(f) => <f.SelectField label="Is Home Delivery Available" options={YES_NO} />}
            </form.AppField>
            <form.AppField name="isActive">
              {(f) => <f.SelectField label="Is Active" options={YES_NO} />}
            </form.AppField>
            <form.AppField name="isOnlinePaymentEnabled">
              {(f) => <f.SelectField label="Is Online Payment Enabled" options={YES_NO} />}
            </form.AppField>
            <form.AppField name="isAddCategoryItems">
              {(f) => <f.SelectField label="Is Add Category Items" options={YES_NO} />}
            </form.AppField>
          </FormSection>

          <form.FormAlert message={flow.alert} />
          {user ? (
            <form.ConflictBar
              conflict={flow.conflict}
              query={usersQueries.detail(user.id)}
              toValues={userFormValues}
              labels={{ ...LABELS, ...FLAG_LABELS }}
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
