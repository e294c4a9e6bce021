import { useState } from 'react';
import * as v from 'valibot';
import { CHANGE_PASSWORD_RESULTS, ChangePasswordSchema, type ChangePasswordInput } from '#contract/auth';
import { useAppForm } from '../../../components/form';
import { PageHeader } from '../../../components/ui/page-header';
import { ApiError } from '../../../lib/api-client';
import { i18n, useT, useWords } from '../../../lib/i18n';
import { useChangePassword } from '../mutations';

// The fields' names as the contract's messages write them ('Current Password is required'):
// the words table says them, so a label and its error read alike.
const LABELS = {
  currentpassword: 'Current Password',
  newpassword: 'New Password',
  confirmpassword: 'Confirm Password',
} as const;

const messages = i18n('auth/change-password-form', {
  title: 'Change Password',
  description: 'After the change you’ll sign in again with the new password.',
  notChanged: 'Password was not changed.',
});

const defaultValues: ChangePasswordInput = { currentpassword: '', newpassword: '', confirmpassword: '' };

/**
 * Change Password (spec §5). 'Password Changed' ends every session server-side, so
 * `onChanged` must sign out locally; any other result is shown in red and the user stays
 * (the server's words through the words table; `true` for the screen's own message).
 */
export function ChangePasswordForm({ onChanged, onCancel }: { onChanged: () => void; onCancel: () => void }) {
  const [failure, setFailure] = useState<string | true | null>(null);
  const t = useT(messages);
  const w = useWords();
  const changePassword = useChangePassword();

  const form = useAppForm({
    defaultValues,
    validators: { onChange: ChangePasswordSchema },
    onSubmit: async ({ value }) => {
      setFailure(null);
      try {
        const result = await changePassword.mutateAsync(v.parse(ChangePasswordSchema, value));
        if (result === CHANGE_PASSWORD_RESULTS.changed) onChanged();
        else setFailure(result || true);
      } catch (error) {
        setFailure(error instanceof ApiError ? error.message : true);
      }
    },
  });

  return (
    <div className="max-w-lg">
      <PageHeader title={t.title} description={t.description} />
      <div className="card p-6">
        <form.AppForm>
          <form.Form aria-label={t.title} className="space-y-5">
            <form.FormAlert message={failure === true ? t.notChanged : failure} />
            <form.AppField name="currentpassword">
              {(field) => (
                <field.PasswordField label={w(LABELS.currentpassword)} autoComplete="current-password" />
              )}
            </form.AppField>
            <form.AppField name="newpassword">
              {(field) => <field.PasswordField label={w(LABELS.newpassword)} autoComplete="new-password" />}
            </form.AppField>
            <form.AppField name="confirmpassword">
              {(field) => (
                <field.PasswordField label={w(LABELS.confirmpassword)} autoComplete="new-password" />
              )}
            </form.AppField>
            <form.FormActions onCancel={onCancel} className="pt-2" />
          </form.Form>
        </form.AppForm>
      </div>
    </div>
  );
}
