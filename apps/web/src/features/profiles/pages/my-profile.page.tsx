import { useSession } from '../../../shared/session/session-context.ts';
import { ProfileView } from '../components/profile-view.tsx';

/** '/myprofile': your own profile, editable. */
export default function MyProfilePage() {
  const { user } = useSession();
  return <ProfileView userId={user?.id ?? null} />;
}
