import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { EditProfileForm } from '../../features/profile/components/edit-profile-form';
import { profileQueries } from '../../features/profile/queries';
import { getUserId } from '../../lib/auth/session';
import { notify } from '../../lib/events';
import { routeMessages } from '../-messages';

export const Route = createFileRoute('/_authed/editprofile')({
  loader: ({ context }) => context.queryClient.ensureQueryData(profileQueries.detail(getUserId())),
  component: EditProfilePage,
});

function EditProfilePage() {
  const navigate = useNavigate();
  const goHome = () => void navigate({ to: '/' });
  return (
    <EditProfileForm
      userId={getUserId()}
      onSaved={() => {
        notify({ tone: 'success', message: routeMessages.get().profileSaved });
        goHome();
      }}
      onCancel={goHome}
    />
  );
}
