import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { isAdmin } from '../../../shared/session/roles.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { PageContainer } from '../../../shared/ui/page-header.tsx';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { useProfile } from '../api/profiles.api.ts';
import { AboutCard } from './about-card.tsx';
import { ActivityCard } from './activity-card.tsx';
import { EducationCard } from './education-card.tsx';
import { AdditionalInfoCard, AddressCard, SocialCard } from './more-cards.tsx';
import { ProfessionalCard } from './professional-card.tsx';
import { ProfileHeader } from './profile-header.tsx';

/**
 * A whole profile. Its sections are editable when the server says so (abilities.edit: your own, or an
 * admin for the users of their organisation); admins looking at someone else see their activity.
 */
export function ProfileView({
  userId,
  ownSections,
}: {
  userId: number | null;
  /** Shown under your own profile only (e.g. your notification preferences). */
  ownSections?: ReactNode;
}) {
  const { user } = useSession();
  const profile = useProfile(userId);
  if (profile.isPending) return <PageLoader label="Loading the profile" />;
  if (profile.isError) {
    return (
      <PageContainer>
        <Alert severity="error">{errorMessage(profile.error)}</Alert>
      </PageContainer>
    );
  }
  const data = profile.data;
  const own = user?.id === data.id;
  const showActivity = !own && user !== null && isAdmin(user.role.id);

  return (
    <PageContainer maxWidth={1160}>
      <ProfileHeader profile={data} own={own} />
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, md: 6 }}>
          <AboutCard profile={data} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <AdditionalInfoCard profile={data} own={own} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <EducationCard profile={data} own={own} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ProfessionalCard profile={data} own={own} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <AddressCard profile={data} own={own} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <SocialCard profile={data} own={own} />
        </Grid>
        {own && ownSections && <Grid size={12}>{ownSections}</Grid>}
        {showActivity && (
          <Grid size={12}>
            <ActivityCard userId={data.id} />
          </Grid>
        )}
      </Grid>
    </PageContainer>
  );
}
