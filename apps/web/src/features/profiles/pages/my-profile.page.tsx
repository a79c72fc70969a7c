import { useSession } from '../../../app/session/session.tsx';
import { ProfileView } from '../components/profile-view.tsx';

/** '/myprofile': your own profile, editable. */
export default function MyProfilePage() {
  const { user } = useSession();
  return <ProfileView userId={user?.id ?? null} />;
}
