import { COUNTRIES, STATES, YES_NO } from '#contract/enums';
import { TAX_SCHEMES } from '#contract/tax';
import { PROFILE_LABELS as L } from '#contract/profile';
import { i18n, params, useT, useWords } from '../../lib/i18n';
import { withFieldGroup } from './app-kit';

/*
 * The fields the profile form and the user form share, written once with the contract's
 * labels (PROFILE_LABELS, which the schemas' messages start with). Each form passes its
 * own rules through its schema; `optional` marks boxes the user form may leave blank, and
 * `ownDetails` lets the browser fill a person's own address (not someone else's).
 */

type GroupProps = { optional: boolean; ownDetails: boolean };

// The labels are the contract's (the words table says them); these are the screens' own words.
const messages = i18n('form/field-groups', {
  selectState: 'Select a state',
  selectCountry: 'Select a country',
  select: 'Select',
  imageHint: 'Image file name, without .jpg',
  minutes: params('{label} (minutes)'),
  rupees: params('{label} (Rs)'),
  gstinHint:
    '15 characters, e.g. 36AAAAA0000A1Z5; leave blank if the store has none (its bills are then plain bills)',
  fssaiHint: '14 digits; needed before a bill prints',
});

/** The groups' fields where both forms keep them: at the top level, under the same names. */
export const ADDRESS_FIELDS = {
  address1: 'address1',
  address2: 'address2',
  address3: 'address3',
  city: 'city',
  state: 'state',
  country: 'country',
  pincode: 'pincode',
} as const;
/** The store's tax profile (DECISIONS §9): what its bills print. */
export const TAX_FIELDS = { gstin: 'gstin', fssaiNumber: 'fssaiNumber', taxScheme: 'taxScheme' } as const;

export const STORE_FIELDS = {
  bussinessName: 'bussinessName',
  deleveryMessage: 'deleveryMessage',
  bussinessImage: 'bussinessImage',
  deliveryTime: 'deliveryTime',
  deliveryPrice: 'deliveryPrice',
  bussinessType: 'bussinessType',
  description: 'description',
  isHomeDeliveryAvailable: 'isHomeDeliveryAvailable',
} as const;

/** Address 1–3, City, State, Country, Pincode. */
export const AddressFields = withFieldGroup({
  // Each form keeps these as its schema's input types (text, or optional text); the boxes take either.
  defaultValues: {} as Record<keyof typeof ADDRESS_FIELDS, unknown>,
  props: { optional: false, ownDetails: false } as GroupProps,
  render: function AddressFields({ group, optional, ownDetails }) {
    const t = useT(messages);
    const w = useWords();
    const auto = (token: string) => (ownDetails ? token : 'off');
    return (
      <>
        <group.AppField name="address1">
          {(f) => (
            <f.TextField label={w(L.address1)} optional={optional} autoComplete={auto('address-line1')} />
          )}
        </group.AppField>
        <group.AppField name="address2">
          {(f) => (
            <f.TextField label={w(L.address2)} optional={optional} autoComplete={auto('address-line2')} />
          )}
        </group.AppField>
        <group.AppField name="address3">
          {(f) => (
            <f.TextField label={w(L.address3)} optional={optional} autoComplete={auto('address-line3')} />
          )}
        </group.AppField>
        <group.AppField name="city">
          {(f) => <f.TextField label={w(L.city)} optional={optional} autoComplete={auto('address-level2')} />}
        </group.AppField>
        <group.AppField name="state">
          {(f) => <f.SelectField label={w(L.state)} options={STATES} placeholder={t.selectState} />}
        </group.AppField>
        <group.AppField name="country">
          {(f) => <f.SelectField label={w(L.country)} options={COUNTRIES} placeholder={t.selectCountry} />}
        </group.AppField>
        <group.AppField name="pincode">
          {(f) => (
            <f.TextField
              label={w(L.pincode)}
              optional={optional}
              inputMode="numeric"
              autoComplete={auto('postal-code')}
            />
          )}
        </group.AppField>
      </>
    );
  },
});

/** Business name, delivery message and image, delivery time and price, type, description, home delivery. */
export const StoreFields = withFieldGroup({
  defaultValues: {} as Record<keyof typeof STORE_FIELDS, unknown>,
  props: { optional: false, ownDetails: false } as GroupProps,
  render: function StoreFields({ group, optional, ownDetails }) {
    const t = useT(messages);
    const w = useWords();
    return (
      <>
        <group.AppField name="bussinessName">
          {(f) => (
            <f.TextField label={w(L.bussinessName)} autoComplete={ownDetails ? 'organization' : 'off'} />
          )}
        </group.AppField>
        <group.AppField name="deleveryMessage">
          {(f) => <f.TextField label={w(L.deleveryMessage)} optional />}
        </group.AppField>
        <group.AppField name="bussinessImage">
          {(f) => <f.TextField label={w(L.bussinessImage)} optional hint={t.imageHint} />}
        </group.AppField>
        <group.AppField name="deliveryTime">
          {(f) => (
            <f.TextField
              label={t.minutes({ label: w(L.deliveryTime) })}
              optional={optional}
              inputMode="numeric"
            />
          )}
        </group.AppField>
        <group.AppField name="deliveryPrice">
          {(f) => (
            <f.TextField
              label={t.rupees({ label: w(L.deliveryPrice) })}
              optional={optional}
              inputMode="numeric"
            />
          )}
        </group.AppField>
        <group.AppField name="bussinessType">
          {(f) => <f.TextField label={w(L.bussinessType)} optional={optional} />}
        </group.AppField>
        <group.AppField name="description">
          {(f) => <f.TextField label={w(L.description)} optional={optional} />}
        </group.AppField>
        <group.AppField name="isHomeDeliveryAvailable">
          {(f) => (
            <f.SelectField label={w(L.isHomeDeliveryAvailable)} options={YES_NO} placeholder={t.select} />
          )}
        </group.AppField>
      </>
    );
  },
});

/** GSTIN, FSSAI licence number and tax scheme: what the store's bills print (issue 28). */
export const TaxFields = withFieldGroup({
  defaultValues: {} as Record<keyof typeof TAX_FIELDS, unknown>,
  props: {} as Partial<GroupProps>,
  render: function TaxFields({ group }) {
    const t = useT(messages);
    const w = useWords();
    return (
      <>
        <group.AppField name="gstin">
          {(f) => <f.TextField label={w(L.gstin)} optional autoComplete="off" hint={t.gstinHint} />}
        </group.AppField>
        <group.AppField name="fssaiNumber">
          {(f) => (
            <f.TextField
              label={w(L.fssaiNumber)}
              optional
              inputMode="numeric"
              autoComplete="off"
              hint={t.fssaiHint}
            />
          )}
        </group.AppField>
        <group.AppField name="taxScheme">
          {(f) => <f.SelectField label={w(L.taxScheme)} options={TAX_SCHEMES} />}
        </group.AppField>
      </>
    );
  },
});
