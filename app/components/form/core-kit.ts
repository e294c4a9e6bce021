import { createFormHook } from '@tanstack/react-form';
import { CheckboxField } from './checkbox-field';
import { fieldContext, formContext } from './form-context';
import { Form, FormAlert, SubmitButton } from './form-parts';
import { PasswordField } from './password-field';
import { TextField } from './text-field';

/**
 * The form kit's core: the same contexts and parts as `useAppForm` (index.ts extends this
 * with TanStack Form's own `extendForm`), without the select, switch and dual-list fields or
 * the unsaved-changes guard. The sign-in page uses it so /login doesn't load what it never
 * renders (those parts, their icons and the confirm dialog; record 025).
 */
export const coreKit = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, PasswordField, CheckboxField },
  formComponents: { Form, SubmitButton, FormAlert },
});

/** `useAppForm` with the core parts only (TextField, PasswordField, CheckboxField, Form, SubmitButton, FormAlert). */
export const useCoreForm = coreKit.useAppForm;
