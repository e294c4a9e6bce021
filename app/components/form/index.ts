import { coreKit } from './core-kit';
import { DualListField } from './dual-list-field';
import { ConflictBar } from './conflict-bar';
import { FormActions } from './form-parts';
import { SelectField } from './select-field';
import { SwitchField } from './switch-field';
import { UnsavedChangesGuard } from './unsaved-changes';

/**
 * The one form kit. A screen is its contract schema plus these parts:
 *
 *   const form = useAppForm({ defaultValues, validators: { onChange: Schema }, onSubmit });
 *   <form.AppForm><form.Form>
 *     <form.AppField name="name">{(f) => <f.TextField label="Name" />}</form.AppField>
 *     <form.FormAlert message={serverError} /><form.SubmitButton>Submit</form.SubmitButton>
 *     <form.UnsavedChangesGuard />
 *   </form.Form></form.AppForm>
 *
 * Built on core-kit.ts (text, password and checkbox fields, Form, SubmitButton, FormAlert),
 * which a screen needing nothing more, the sign-in page, uses as `useCoreForm`.
 */
export const { useAppForm, withForm } = coreKit.extendForm({
  fieldComponents: { SelectField, SwitchField, DualListField },
  formComponents: { FormActions, UnsavedChangesGuard, ConflictBar },
});

export { useCoreForm } from './core-kit';
export { FormAlert, FormSection } from './form-parts';
export { firstMessage } from './use-field-a11y';
export { allowLeaving, isChanged } from './unsaved-changes';
export { applyServerErrors, byLabel, setServerError } from './server-errors';
export { useSaveFlow, type SaveConflict } from './save-flow';
export { changedFields } from './conflict-bar';
export type { SelectOption } from './select-field';
export type { DualListOption } from './dual-list-field';
