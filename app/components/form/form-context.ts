import { createFormHookContexts } from '@tanstack/react-form';

/** The contexts the form kit's field and form components read (created once). */
export const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts();
