import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form';
import { clearSession } from '../../lib/auth/session';
import { notify } from '../../lib/events';
import { routeMessages } from '../-messages';

export const Route = createFileRoute('/_authed/changepassword')({
  component: ChangePasswordPage,
});

function ChangePasswordPage() {
  const navigate = useNavigate();
  const { queryClient } = Route.useRouteContext();
  return (
    <ChangePasswordForm
      onChanged={() => {
        // The server already ended every session of this user; calling logout would only get a 401.
        clearSession();
        queryClient.clear();
        notify({
          tone: 'success',
          message: routeMessages.get().passwordChanged,
        });
        void navigate({ to: '/login', replace: true });
      }}
      onCancel={() => void navigate({ to: '/' })}
    />
  );
}
