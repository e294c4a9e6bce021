import { useState } from 'react';
import * as v from 'valibot';
import { LOGIN_FAILED_MESSAGE, LoginSchema, type LoginInput } from '#contract/auth';
// The kit's core, imported from its module: the barrel would bring the full kit onto /login.
import { useCoreForm } from '../../../components/form/core-kit';
import { ApiError } from '../../../lib/api-client';
import { i18n, useT, useWords } from '../../../lib/i18n';
import { signIn } from '../sign-in';

// The fields' names as the contract's messages write them ('Mobile number is required'):
// the words table says them, so a label and its error read alike.
const LABELS = { username: 'Mobile number', password: 'Password' } as const;

const messages = i18n('auth/login-form', {
  mobileHint: '10 digits; +91 or 0 in front is fine.',
  rememberMe: 'Remember me',
  signIn: 'Sign in',
});

const defaultValues: LoginInput = { username: '', password: '', rememberme: false };

/**
 * 401 means wrong credentials, 429 a lockout with the server's own words; others explain
 * themselves. The contract's and the server's English: the form's alert says it in the
 * reader's language (the words table).
 */
function loginFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return LOGIN_FAILED_MESSAGE;
    return error.messages[0] ?? LOGIN_FAILED_MESSAGE;
  }
  return LOGIN_FAILED_MESSAGE;
}

/** The sign-in form (spec §5 Login). Calls `onSignedIn` once the session is stored. */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const t = useT(messages);
  const w = useWords();

  const form = useCoreForm({
    defaultValues,
    validators: { onChange: LoginSchema },
    onSubmit: async ({ value }) => {
      setFailure(null);
      try {
        await signIn(v.parse(LoginSchema, value));
      } catch (error) {
        setFailure(loginFailureMessage(error));
        return;
      }
      onSignedIn();
    },
  });

  return (
    <form.AppForm>
      <form.Form aria-labelledby="login-title" className="space-y-5">
        <form.FormAlert message={failure} />
        <form.AppField name="username">
          {(field) => (
            <field.TextField
              label={w(LABELS.username)}
              type="tel"
              inputMode="tel"
              autoComplete="username"
              // The sign-in screen is for this field alone: it takes the focus (issue 20).
              // eslint-disable-next-line jsx-a11y/no-autofocus
              autoFocus
              hint={t.mobileHint}
            />
          )}
        </form.AppField>
        <form.AppField name="password">
          {(field) => <field.PasswordField label={w(LABELS.password)} autoComplete="current-password" />}
        </form.AppField>
        <form.AppField name="rememberme">
          {(field) => <field.CheckboxField label={t.rememberMe} />}
        </form.AppField>
        <form.SubmitButton className="w-full">{t.signIn}</form.SubmitButton>
      </form.Form>
    </form.AppForm>
  );
}
