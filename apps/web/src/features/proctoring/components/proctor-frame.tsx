import { ROLE } from '@atrium/contract';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../../shared/session/session-context.ts';
import { AccessNotice } from '../../../shared/ui/access-notice.tsx';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { useAssessmentOf } from '../api/proctoring.api.ts';
import { settingsUrl } from '../urls.ts';

/** Proctors are staff (the author, reviewers, admins); learners never reach these screens. */
export function useIsStaff(): boolean {
  const { user } = useSession();
  return (user?.role.id ?? ROLE.LEARNER) <= ROLE.TRAINER;
}

/**
 * The frame of the grid screens: a back link, the title, the assessment's settings link for its
 * editors, and a word when the assessment is not (or no longer) proctored.
 */
export function ProctorFrame({
  assessment,
  back,
  title,
  subtitle,
  children,
}: {
  assessment: number;
  back: { to: string; label: string };
  /** Defaults to the assessment's title. */
  title?: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  const staff = useIsStaff();
  const detail = useAssessmentOf(staff ? assessment : 0);
  if (!staff) {
    return (
      <AccessNotice title="Proctoring">
        Proctoring is for an assessment’s author, its reviewers and administrators.
      </AccessNotice>
    );
  }
  const backLink = (
    <Button
      component={RouterLink}
      to={back.to}
      startIcon={<ArrowBackOutlined />}
      size="small"
      sx={{ mb: 1 }}
    >
      {back.label}
    </Button>
  );
  if (!(assessment > 0)) {
    return (
      <PageContainer>
        {backLink}
        <Alert severity="info">This address names no assessment.</Alert>
      </PageContainer>
    );
  }
  const a = detail.data;
  return (
    <PageContainer>
      {backLink}
      <PageHeader
        title={title ?? a?.title ?? <Skeleton width={280} />}
        subtitle={subtitle}
        actions={
          a?.abilities.edit && (
            <Button
              component={RouterLink}
              to={settingsUrl(assessment)}
              variant="outlined"
              startIcon={<SettingsOutlined />}
            >
              Proctoring settings
            </Button>
          )
        }
      />
      {a && !a.settings.proctored && (
        <Alert severity="info" sx={{ mb: 2 }}>
          This assessment is not proctored: new attempts are not monitored. Earlier proctored
          attempts stay here to review.
        </Alert>
      )}
      {children}
    </PageContainer>
  );
}
