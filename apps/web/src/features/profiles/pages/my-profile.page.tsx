import { useSession } from '../../../shared/session/session-context.ts';
import { NotificationPreferencesCard } from '../../notifications/index.ts';
import { ProfileView } from '../components/profile-view.tsx';

/** '/myprofile': your own profile, editable, with your notification preferences. */
export default function MyProfilePage() {
  const { user } = useSession();
  return <ProfileView userId={user?.id ?? null} ownSections={<NotificationPreferencesCard />} />;
}
