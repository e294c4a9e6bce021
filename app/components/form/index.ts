import { createFormHook } from '@tanstack/react-form';
import { CheckboxField } from './checkbox-field';
import { fieldContext, formContext } from './form-context';
import { Form, FormAlert, SubmitButton } from './form-parts';
import { PasswordField } from './password-field';
import { SelectField } from './select-field';
import { TextField } from './text-field';

/**
 * The one form kit. A screen is its contract schema plus these parts:
 *
 *   const form = useAppForm({ defaultValues, validators: { onChange: Schema }, onSubmit });
 *   <form.AppForm><form.Form>
 *     <form.AppField name="name">{(f) => <f.TextField label="Name" />}</form.AppField>
 *     <form.FormAlert message={serverError} /><form.SubmitButton>Submit</form.SubmitButton>
 *   </form.Form></form.AppForm>
 */
export const { useAppForm, withForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, PasswordField, SelectField, CheckboxField },
  formComponents: { Form, SubmitButton, FormAlert },
});

export { FormAlert } from './form-parts';
export { firstMessage } from './use-field-a11y';
export type { SelectOption } from './select-field';
