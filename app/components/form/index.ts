import { createFormHook } from '@tanstack/react-form';
import { CheckboxField } from './checkbox-field';
import { DualListField } from './dual-list-field';
import { fieldContext, formContext } from './form-context';
import { Form, FormActions, FormAlert, SubmitButton } from './form-parts';
import { PasswordField } from './password-field';
import { SelectField } from './select-field';
import { SwitchField } from './switch-field';
import { TextField } from './text-field';
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
 */
export const { useAppForm, withForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, PasswordField, SelectField, CheckboxField, SwitchField, DualListField },
  formComponents: { Form, SubmitButton, FormActions, FormAlert, UnsavedChangesGuard },
});

export { FormAlert, FormSection } from './form-parts';
export { firstMessage } from './use-field-a11y';
export { allowLeaving, isChanged } from './unsaved-changes';
export { applyServerErrors, byLabel, setServerError } from './server-errors';
export type { SelectOption } from './select-field';
export type { DualListOption } from './dual-list-field';
