export { useAppForm, withForm, withFieldGroup } from './app-kit';
export { useCoreForm } from './core-kit';
export { FormAlert, FormSection } from './form-parts';
export { firstMessage } from './use-field-a11y';
export { allowLeaving, isChanged } from './unsaved-changes';
export { applyServerErrors, setServerError } from './server-errors';
export { useSaveForm, type SaveConflict } from './save-form';
export {
  ADDRESS_FIELDS,
  AddressFields,
  STORE_FIELDS,
  StoreFields,
  TAX_FIELDS,
  TaxFields,
} from './field-groups';
export type { SelectOption } from './select-field';
export type { DualListOption } from './dual-list-field';
