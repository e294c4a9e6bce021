import { coreKit } from './core-kit';
import { DateField } from './date-field';
import { DualListField } from './dual-list-field';
import { ConflictBar } from './conflict-bar';
import { FormActions } from './form-parts';
import { SelectField } from './select-field';
import { SwitchField } from './switch-field';
import { TextAreaField } from './text-area-field';
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
export const { useAppForm, withForm, withFieldGroup } = coreKit.extendForm({
  fieldComponents: { SelectField, SwitchField, DualListField, TextAreaField, DateField },
  formComponents: { FormActions, UnsavedChangesGuard, ConflictBar },
});
