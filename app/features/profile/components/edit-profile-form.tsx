import { useId } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { EditProfileSchema, PROFILE_LABELS, type EditProfileInput, type Profile } from '#contract/profile';
import { USER_LABELS } from '#contract/users';
import {
  ADDRESS_FIELDS,
  AddressFields,
  FormSection,
  STORE_FIELDS,
  StoreFields,
  TAX_FIELDS,
  TaxFields,
  useAppForm,
  useSaveForm,
} from '../../../components/form';
import { PageHeader } from '../../../components/ui/page-header';
import { i18n, useT, useWords } from '../../../lib/i18n';
import { useEditProfile } from '../mutations';
import { profileQueries } from '../queries';

/** What the form holds: the payload's input shape, with choices widened so '' can mean "not chosen". */
type ProfileFormValues = Omit<EditProfileInput, 'state' | 'country' | 'isHomeDeliveryAvailable'> & {
  state: string;
  country: string;
  isHomeDeliveryAvailable: string;
};

// The fields' labels are the contract's (PROFILE_LABELS, through the words table).
const messages = i18n('profile/edit-profile-form', {
  title: 'Edit User Details',
  description: 'Your personal details and how your store appears to customers.',
  personal: 'Personal Information',
  phoneHint: 'Your sign-in number can’t be changed here.',
  store: 'Store Information',
  tax: 'Tax and licence',
});

function toFormValues(profile: Profile): ProfileFormValues {
  return {
    id: profile.id,
    version: profile.version,
    name: profile.name ?? '',
    email: profile.email ?? '',
    address1: profile.address1 ?? '',
    address2: profile.address2 ?? '',
    address3: profile.address3 ?? '',
    city: profile.city ?? '',
    state: profile.state ?? '',
    country: profile.country ?? '',
    pincode: profile.pincode ?? '',
    bussinessName: profile.bussinessName ?? '',
    deleveryMessage: profile.deleveryMessage ?? '',
    bussinessImage: profile.bussinessImage ?? '',
    // Spec §3: a missing delivery time or price becomes 0 on load.
    deliveryTime: String(profile.deliveryTime ?? 0),
    deliveryPrice: String(profile.deliveryPrice ?? 0),
    bussinessType: profile.bussinessType ?? '',
    description: profile.description ?? '',
    isHomeDeliveryAvailable: profile.isHomeDeliveryAvailable ?? '',
    gstin: profile.gstin ?? '',
    fssaiNumber: profile.fssaiNumber ?? '',
    taxScheme: profile.taxScheme ?? 'Regular',
  };
}

/** Edit User Details (spec §2): the signed-in user's own profile in two sections. */
export function EditProfileForm({
  userId,
  onSaved,
  onCancel,
}: {
  /** The stored user id: the 10-digit phone number the payload carries. */
  userId: string;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { data: profile } = useSuspenseQuery(profileQueries.detail(userId));
  const editProfile = useEditProfile();
  const flow = useSaveForm({ onSaved });
  const phoneId = useId();
  const t = useT(messages);
  const w = useWords();

  const form = useAppForm({
    defaultValues: toFormValues(profile),
    validators: { onChange: EditProfileSchema },
    onSubmit: ({ value, formApi }) =>
      flow.submit(formApi, () =>
        editProfile.mutateAsync({ ...v.parse(EditProfileSchema, value), phoneNumber: userId }),
      ),
  });

  return (
    <div>
      <PageHeader title={t.title} description={t.description} />
      <form.AppForm>
        <form.Form aria-label={t.title} className="space-y-6">
          <form.Subscribe selector={(s) => s.values.id}>
            {(id) => <input type="hidden" name="id" value={id ?? ''} />}
          </form.Subscribe>

          <FormSection title={t.personal}>
            <form.AppField name="name">
              {(f) => <f.TextField label={w(PROFILE_LABELS.name)} autoComplete="name" />}
            </form.AppField>
            <form.AppField name="email">
              {(f) => <f.TextField label={w(PROFILE_LABELS.email)} type="email" autoComplete="email" />}
            </form.AppField>
            <div>
              <label htmlFor={phoneId} className="mb-1.5 block text-sm font-medium text-zinc-800">
                {w(USER_LABELS.phoneNumber)}
              </label>
              <div className="flex">
                <span
                  id={`${phoneId}-prefix`}
                  className="inline-flex items-center rounded-l-md border border-r-0 border-zinc-300 bg-zinc-100 px-3 text-zinc-700"
                >
                  +91
                </span>
                <input
                  id={phoneId}
                  type="tel"
                  readOnly
                  value={userId}
                  aria-describedby={`${phoneId}-prefix ${phoneId}-hint`}
                  className="input rounded-l-none bg-zinc-100 text-zinc-700"
                />
              </div>
              <p id={`${phoneId}-hint`} className="mt-1.5 text-xs text-zinc-600">
                {t.phoneHint}
              </p>
            </div>
            <AddressFields form={form} fields={ADDRESS_FIELDS} optional={false} ownDetails />
          </FormSection>

          <FormSection title={t.store}>
            <StoreFields form={form} fields={STORE_FIELDS} optional={false} ownDetails />
          </FormSection>

          <FormSection title={t.tax}>
            <TaxFields form={form} fields={TAX_FIELDS} />
          </FormSection>

          <form.FormAlert message={flow.alert} />
          <form.ConflictBar
            conflict={flow.conflict}
            query={profileQueries.detail(userId)}
            toValues={toFormValues}
            labels={PROFILE_LABELS}
            onClose={flow.closeConflict}
          />
          <form.FormActions onCancel={onCancel} />
          <form.UnsavedChangesGuard />
        </form.Form>
      </form.AppForm>
    </div>
  );
}
