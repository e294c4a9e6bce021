import { useState } from 'react';
import * as v from 'valibot';
import { CHANGE_PASSWORD_RESULTS, ChangePasswordSchema, type ChangePasswordInput } from '#contract/auth';
import { useAppForm } from '../../../components/form';
import { PageHeader } from '../../../components/ui/page-header';
import { ApiError } from '../../../lib/api-client';
import { useChangePassword } from '../mutations';

const defaultValues: ChangePasswordInput = { currentpassword: '', newpassword: '', confirmpassword: '' };

/**
 * Change Password (spec §5). 'Password Changed' ends every session server-side, so
 * `onChanged` must sign out locally; any other result is shown in red and the user stays.
 */
export function ChangePasswordForm({ onChanged, onCancel }: { onChanged: () => void; onCancel: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const changePassword = useChangePassword();

  const form = useAppForm({
    defaultValues,
    validators: { onChange: ChangePasswordSchema },
    onSubmit: async ({ value }) => {
      setFailure(null);
      try {
        const result = await changePassword.mutateAsync(v.parse(ChangePasswordSchema, value));
        if (result === CHANGE_PASSWORD_RESULTS.changed) onChanged();
        else setFailure(result || 'Password was not changed.');
      } catch (error) {
        setFailure(error instanceof ApiError ? error.message : 'Password was not changed.');
      }
    },
  });

  return (
    <div className="max-w-lg">
      <PageHeader
        title="Change Password"
        description="After the change you’ll sign in again with the new password."
      />
      <div className="card p-6">
        <form.AppForm>
          <form.Form aria-label="Change Password" className="space-y-5">
            <form.FormAlert message={failure} />
            <form.AppField name="currentpassword">
              {(field) => <field.PasswordField label="Current Password" autoComplete="current-password" />}
            </form.AppField>
            <form.AppField name="newpassword">
              {(field) => <field.PasswordField label="New Password" autoComplete="new-password" />}
            </form.AppField>
            <form.AppField name="confirmpassword">
              {(field) => <field.PasswordField label="Confirm Password" autoComplete="new-password" />}
            </form.AppField>
            <form.FormActions onCancel={onCancel} className="pt-2" />
          </form.Form>
        </form.AppForm>
      </div>
    </div>
  );
}
