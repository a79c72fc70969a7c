import Alert from '@mui/material/Alert';
import { useParams } from 'react-router';
import { MESSAGES } from '../../../shared/notify/messages.ts';
import { PageContainer } from '../../../shared/ui/page-header.tsx';
import { ProfileView } from '../components/profile-view.tsx';

/** '/profile_by_id/:id': someone's profile, read-only unless the server lets the caller edit it. */
export default function ProfileByIdPage() {
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) {
    return (
      <PageContainer>
        <Alert severity="error">{MESSAGES.userDetailFailed}</Alert>
      </PageContainer>
    );
  }
  return <ProfileView userId={id} />;
}
